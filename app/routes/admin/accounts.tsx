import { data } from "react-router";
import type { Route } from "./+types/accounts";
import { AdminsSection } from "~/components/admin/accounts/AdminsSection";
import { DisplayNameSection } from "~/components/admin/accounts/DisplayNameSection";
import { PasswordSection } from "~/components/admin/accounts/PasswordSection";
import { TwoFactorSection } from "~/components/admin/accounts/TwoFactorSection";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { signedInAdmin } from "~/request/context";
import { readFormData } from "~/modules/forms/form-data.server";
import { adminMeta } from "~/modules/seo/seo";
import { accountsData, runAccountAction } from "~/modules/accounts/accounts.admin.server";
import { readSessionToken } from "~/modules/auth/session.server";

export function meta() {
  return adminMeta("Comptes");
}

export async function loader({ context }: Route.LoaderArgs) {
  return accountsData(signedInAdmin(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // A referent's sites are ticked boxes: one name, several values.
  const fields = { ...(Object.fromEntries(form) as Record<string, string>), sites: form.getAll("sites").map(String) };
  const result = await runAccountAction(fields, signedInAdmin(context), readSessionToken(request));
  return result.ok ? result : data(result, { status: result.status });
}

const NAME_INTENTS = ["displayName"];
const PASSWORD_INTENTS = ["password"];
const TOTP_INTENTS = ["totpStart", "totpCancel", "totpConfirm", "totpDisable"];
const ADMIN_INTENTS = ["invite", "role", "remove", "resetTotp"];

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, team, sites, enrolment } = loaderData;
  // A refusal is shown in the form it came from; a success, or a refusal no form owns (an unknown intent), in the popup.
  const refused = actionData && !actionData.ok ? actionData : null;
  const refusalFor = (intents: string[]) => (refused && intents.includes(refused.intent ?? "") ? refused : null);
  const ownedByForm =
    refused && [...NAME_INTENTS, ...PASSWORD_INTENTS, ...TOTP_INTENTS, ...ADMIN_INTENTS].includes(refused.intent ?? "");
  const notice = useSaveNotice(actionData && !ownedByForm ? actionData.message : null);
  return (
    <AdminPage title="Comptes" popup={{ ...notice, error: !!refused }}>
      <p className="text-stone-700">
        Connecté en tant que <strong>{me.username}</strong>, avec le rôle <strong>{me.role}</strong>.
      </p>
      <DisplayNameSection
        key={`n-${notice.formKey}`}
        username={me.username}
        displayName={me.displayName}
        refusal={refusalFor(NAME_INTENTS)}
      />
      <PasswordSection key={`p-${notice.formKey}`} refusal={refusalFor(PASSWORD_INTENTS)} />
      <TwoFactorSection
        key={`t-${notice.formKey}`}
        enabled={me.twoFactor}
        enrolment={enrolment}
        recoveryCodes={actionData?.ok && "recoveryCodes" in actionData ? (actionData.recoveryCodes ?? null) : null}
        refusal={refusalFor(TOTP_INTENTS)}
      />
      {team && (
        <AdminsSection
          key={`a-${notice.formKey}`}
          meId={me.id}
          accounts={team.accounts}
          invitations={team.invitations}
          sites={sites}
          invitationLink={actionData?.ok && "link" in actionData ? (actionData.link ?? null) : null}
          refusal={refusalFor(ADMIN_INTENTS)}
        />
      )}
    </AdminPage>
  );
}
