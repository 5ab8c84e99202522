import { Section } from "~/components/admin/admin-ui";
import { de } from "~/lib/text";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatDate, formatDateTime } from "~/lib/dates";
import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import type { FormRefusal } from "~/components/form/messages";
import { isRole, ROLE_LABELS } from "~/modules/auth/roles";
import { AccountForm } from "./AccountForm";
import { RoleFields } from "./RoleFields";

interface Account {
  id: number;
  username: string;
  email: string | null;
  role: string;
  siteIds: number[];
  createdAt: Date | string;
  twoFactor: boolean;
}

interface Props {
  meId: number;
  accounts: Account[];
  invitations: { username: string; email: string | null; role: string; expiresAt: Date | string }[];
  sites: { id: number; name: string }[];
  invitationLink: string | null;
  /** The last refusal of this section's forms: which form (`intent`) and, for a role, whose (`id`). */
  refusal: (FormRefusal & { intent?: string; id?: number; values?: Record<string, string> }) | null;
}

const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

/**
 * « Comptes de l'équipe », for administrators: who can sign in and with which role, their second factor, a role
 * changed, a removal (never the last administrator), and invitations.
 */
export function AdminsSection({ meId, accounts, invitations, sites, invitationLink, refusal }: Props) {
  const siteNames = (ids: number[]) =>
    sites
      .filter((site) => ids.includes(site.id))
      .map((site) => site.name)
      .join(", ");
  return (
    <Section id="equipe" title="Comptes de l'équipe">
      <ul className="divide-y divide-stone-100">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
                {account.username}
                {account.id === meId && <span className="font-normal text-stone-600"> (vous)</span>}
              </p>
              <p className="text-sm text-stone-800">
                <strong>{roleLabel(account.role)}</strong>
                {account.role === "referent" && account.siteIds.length > 0 ? ` : ${siteNames(account.siteIds)}` : ""}
              </p>
              <p className="text-sm text-stone-600">
                Depuis le {formatDate(account.createdAt)} · double authentification{" "}
                {account.twoFactor ? "activée" : "désactivée"}
                {account.email ? ` · ${account.email}` : ""}
              </p>
            </div>
            {account.id !== meId && (
              <div className="flex flex-wrap gap-2">
                <details className="w-full sm:w-auto">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50">
                    <span className="sr-only">{`Changer le rôle ${de(account.username)}`}</span>
                    <span aria-hidden="true">Changer le rôle</span>
                  </summary>
                  <AccountForm
                    refusal={refusal?.intent === "role" && refusal.id === account.id ? refusal : null}
                    fields={["role", "sites"]}
                    className="mt-3 max-w-xl space-y-4"
                  >
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={account.id} />
                    <RoleFields
                      sites={sites}
                      role={isRole(account.role) ? account.role : undefined}
                      siteIds={account.siteIds}
                    />
                    <SubmitButton intent="role">Enregistrer le rôle</SubmitButton>
                  </AccountForm>
                </details>
                {account.twoFactor && (
                  <ConfirmDialog
                    trigger="Réinitialiser la double authentification"
                    triggerName={`Réinitialiser la double authentification ${de(account.username)}`}
                    title="Réinitialiser la double authentification"
                    message={`${account.username} pourra se connecter avec son seul mot de passe, puis réactiver la double authentification. Ses sessions ouvertes seront fermées.`}
                    confirm="Réinitialiser"
                    fields={{ intent: "resetTotp", id: String(account.id) }}
                  />
                )}
                {accounts.length > 1 && (
                  <ConfirmDialog
                    trigger="Supprimer"
                    triggerName={`Supprimer le compte ${account.username}`}
                    title="Supprimer le compte"
                    message={`Êtes-vous sûr de vouloir supprimer le compte ${de(account.username)} ? Ses sessions seront fermées.`}
                    confirm="Supprimer"
                    fields={{ intent: "remove", id: String(account.id) }}
                  />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {invitations.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold text-stone-800">Invitations en attente</h3>
          <ul className="mt-1 text-sm text-stone-700">
            {invitations.map((invitation) => (
              <li key={invitation.username}>
                {invitation.username} ({roleLabel(invitation.role)}) — lien valable jusqu'au{" "}
                {formatDateTime(invitation.expiresAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3 className="mt-6 font-semibold text-stone-800">Inviter une personne</h3>
      <p className="text-sm text-stone-600">
        La personne reçoit un lien, valable 48 heures et une seule fois, pour choisir elle-même son mot de passe. Aucun
        mot de passe n'est envoyé par e-mail.
      </p>
      {invitationLink && (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 ring-1 ring-brand-200">
          <p className="text-sm font-semibold text-brand-900">Lien d'invitation à transmettre :</p>
          <p className="mt-1 font-mono text-sm text-stone-900 [overflow-wrap:anywhere]" data-testid="invitation-link">
            {invitationLink}
          </p>
        </div>
      )}
      <AccountForm
        refusal={refusal?.intent === "role" ? null : refusal}
        fields={["username", "email", "role", "sites"]}
        className="mt-3 grid max-w-xl gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="invite" />
        <TextInput label="Identifiant" name="username" autoComplete="off" spellCheck={false} />
        <TextInput label="E-mail (facultatif)" name="email" type="email" autoComplete="off" spellCheck={false} />
        <div className="sm:col-span-2">
          <RoleFields sites={sites} />
        </div>
        <div>
          <SubmitButton intent="invite">Créer l'invitation</SubmitButton>
        </div>
      </AccountForm>
    </Section>
  );
}
