import type { Admin } from "~/modules/auth/auth.server";
import { getContent } from "~/modules/content/content.server";
import { accountActionSchema } from "./accounts.schema";
import {
  changeDisplayName,
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

export type AccountActionResult = AccountResult<{ link?: string; recoveryCodes?: string[] }> & { intent?: string };

/** What the accounts screen shows: the administrators, the invitations, and the signed-in one's second factor. */
export async function accountsData(me: Admin) {
  const [{ accounts, invitations }, twoFactor, pending, content] = await Promise.all([
    listAccounts(),
    hasTotp(me.id),
    pendingTotpSecret(me.id),
    getContent(),
  ]);
  // An enrolment under way survives a reload: its QR code is drawn here, from the pending secret.
  const uri = pending ? totpUri(pending, me.username, content?.nomAssociation?.trim() || "Potager") : null;
  return {
    me: { id: me.id, username: me.username, displayName: me.displayName ?? "", twoFactor },
    accounts,
    invitations,
    enrolment: pending && uri ? { secret: pending, qrImage: await totpQrImage(uri) } : null,
  };
}

/** One form of the accounts screen, as `me`, whose current session is `sessionToken`. */
export async function runAccountAction(
  fields: Record<string, string>,
  me: Admin,
  sessionToken: string | undefined,
): Promise<AccountActionResult> {
  const parsed = accountActionSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === "intent") return { ok: false, status: 400, message: "Action inconnue." };
    return {
      ok: false,
      status: 400,
      message: issue.message,
      field: String(issue.path[0] ?? ""),
      intent: fields.intent,
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
        return inviteAdmin(me, action.username, action.email);
      case "remove":
        return removeAdmin(me, action.id);
      case "resetTotp":
        return resetTotp(me, action.id);
    }
  })();
  return { ...result, intent: action.intent };
}
