import { Section } from "~/components/admin/admin-ui";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatDate, formatDateTime } from "~/lib/dates";
import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import type { FormRefusal } from "~/components/form/messages";
import { AccountForm } from "./AccountForm";

interface Account {
  id: number;
  username: string;
  email: string | null;
  createdAt: Date | string;
  twoFactor: boolean;
}

interface Props {
  meId: number;
  accounts: Account[];
  invitations: { username: string; email: string | null; expiresAt: Date | string }[];
  invitationLink: string | null;
  refusal: FormRefusal | null;
}

/** 'Administrateurs': who can sign in, their second factor, removal (never the last one), and invitations. */
export function AdminsSection({ meId, accounts, invitations, invitationLink, refusal }: Props) {
  return (
    <Section id="administrateurs" title="Administrateurs">
      <ul className="divide-y divide-stone-100">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
                {account.username}
                {account.id === meId && <span className="font-normal text-stone-600"> (vous)</span>}
              </p>
              <p className="text-sm text-stone-600">
                Depuis le {formatDate(account.createdAt)} · double authentification{" "}
                {account.twoFactor ? "activée" : "désactivée"}
                {account.email ? ` · ${account.email}` : ""}
              </p>
            </div>
            {account.id !== meId && (
              <div className="flex flex-wrap gap-2">
                {account.twoFactor && (
                  <ConfirmDialog
                    trigger="Réinitialiser la double authentification"
                    triggerName={`Réinitialiser la double authentification de ${account.username}`}
                    title="Réinitialiser la double authentification"
                    message={`${account.username} pourra se connecter avec son seul mot de passe, puis réactiver la double authentification. Ses sessions ouvertes seront fermées.`}
                    confirm="Réinitialiser"
                    fields={{ intent: "resetTotp", id: String(account.id) }}
                  />
                )}
                {accounts.length > 1 && (
                  <ConfirmDialog
                    trigger="Supprimer"
                    triggerName={`Supprimer l'administrateur ${account.username}`}
                    title="Supprimer l'administrateur"
                    message={`Êtes-vous sûr de vouloir supprimer le compte de ${account.username} ? Ses sessions seront fermées.`}
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
                {invitation.username} — lien valable jusqu'au {formatDateTime(invitation.expiresAt)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3 className="mt-6 font-semibold text-stone-800">Inviter un administrateur</h3>
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
      <AccountForm refusal={refusal} fields={["username", "email"]} className="mt-3 grid max-w-xl gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <TextInput label="Identifiant" name="username" autoComplete="off" spellCheck={false} />
        <TextInput label="E-mail (facultatif)" name="email" type="email" autoComplete="off" spellCheck={false} />
        <div>
          <SubmitButton intent="invite">Créer l'invitation</SubmitButton>
        </div>
      </AccountForm>
    </Section>
  );
}
