import type { SignedInAdmin } from "~/modules/auth/auth.server";
import { can, ROLE_LABELS } from "~/modules/auth/roles";
import { listSites } from "~/modules/register/plots.server";
import { getContent } from "~/modules/content/content.server";
import { accountActionSchema } from "./accounts.schema";
import {
  changeDisplayName,
  changeRole,
  changeOwnPassword,
  confirmTotp,
  disableOwnTotp,
  hasTotp,
  inviteAdmin,
  listAccounts,
  pendingTotpSecret,
  removeAdmin,
  resetTotp,
  startTotpEnrolment,
  type AccountResult,
} from "./accounts.server";
import { totpQrImage, totpUri } from "~/modules/auth/totp.server";

/**
 * An action's outcome, with the form it came from (`intent`), for another account's form whose (`id`), and on a
 * refusal of the team's forms what was typed, to show again (`values`; never a password).
 */
export type AccountActionResult = AccountResult<{ link?: string; recoveryCodes?: string[] }> & {
  intent?: string;
  id?: number;
  values?: Record<string, string>;
};

/** What an invitation or a role form typed, as the form shows it again. */
function typedTeamFields(fields: Record<string, string | string[]>): Record<string, string> | undefined {
  if (fields.intent !== "invite" && fields.intent !== "role") return undefined;
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  const sites = Array.isArray(fields.sites) ? fields.sites.join(",") : text("sites");
  return { username: text("username"), email: text("email"), role: text("role"), sites };
}

/**
 * What the accounts screen shows: the signed-in account's name, password and second factor; to an administrator, the
 * accounts with their roles, the invitations, and the sites a referent can be given.
 */
export async function accountsData(me: SignedInAdmin) {
  const manages = can(me.role, "administration");
  const [team, twoFactor, pending, content, sites] = await Promise.all([
    manages ? listAccounts() : null,
    hasTotp(me.id),
    pendingTotpSecret(me.id),
    getContent(),
    manages ? listSites() : [],
  ]);
  // An enrolment under way survives a reload: its QR code is drawn here, from the pending secret.
  const uri = pending ? totpUri(pending, me.username, content?.nomAssociation?.trim() || "Potager") : null;
  return {
    me: { id: me.id, username: me.username, displayName: me.displayName ?? "", twoFactor, role: ROLE_LABELS[me.role] },
    team,
    sites: sites.map((site) => ({ id: site.id, name: site.name })),
    enrolment: pending && uri ? { secret: pending, qrImage: await totpQrImage(uri) } : null,
  };
}

/** The forms only an administrator may send: the others' accounts. */
const MANAGING_INTENTS = new Set(["invite", "role", "remove", "resetTotp"]);

/** One form of the accounts screen, as `me`, whose current session is `sessionToken`. */
export async function runAccountAction(
  fields: Record<string, string | string[]>,
  me: SignedInAdmin,
  sessionToken: string | undefined,
): Promise<AccountActionResult> {
  if (MANAGING_INTENTS.has(String(fields.intent)) && !can(me.role, "administration"))
    return { ok: false, status: 403, message: "Seul un administrateur gère les comptes des autres." };
  const parsed = accountActionSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === "intent") return { ok: false, status: 400, message: "Action inconnue." };
    return {
      ok: false,
      status: 400,
      message: issue.message,
      field: String(issue.path[0] ?? ""),
      intent: String(fields.intent),
      id: Number(fields.id) || undefined,
      values: typedTeamFields(fields),
    };
  }
  const action = parsed.data;
  const result = await (async (): Promise<AccountActionResult> => {
    switch (action.intent) {
      case "displayName":
        return changeDisplayName(me, action.displayName);
      case "password":
        return changeOwnPassword(me, sessionToken, action.current, action.password);
      case "totpStart":
      case "totpCancel":
        return startTotpEnrolment(me, action.intent === "totpCancel");
      case "totpConfirm":
        return confirmTotp(me, action.code);
      case "totpDisable":
        return disableOwnTotp(me, action.current, action.code);
      case "invite":
        return inviteAdmin(me, action.username, action.email, action.role, action.sites);
      case "role":
        return changeRole(me, action.id, action.role, action.sites);
      case "remove":
        return removeAdmin(me, action.id);
      case "resetTotp":
        return resetTotp(me, action.id);
    }
  })();
  return {
    ...result,
    intent: action.intent,
    id: "id" in action ? action.id : undefined,
    values: result.ok ? undefined : typedTeamFields(fields),
  };
}
