import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { admins, recoveryCodes, sessions } from "~/modules/auth/auth.tables";
import { COMMAND_LINE_ACTOR, recordHistory } from "~/modules/history/history.server";
import { isLastAdministrator } from "./accounts.server";

/** `npm run admin -- remove NAME`: never the last administrator. */
export async function removeAdminByName(username: string): Promise<{ ok: boolean; message: string }> {
  return getDb().transaction(async (tx) => {
    const [target] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.username, username.trim()));
    if (!target) return { ok: false, message: `Aucun compte « ${username} ».` };
    if (await isLastAdministrator(tx, target.id))
      return { ok: false, message: "Impossible de supprimer le dernier administrateur." };
    await tx.delete(admins).where(eq(admins.id, target.id));
    await recordHistory(tx, COMMAND_LINE_ACTOR, {
      kind: "compte.suppression",
      target: `compte « ${username.trim()} »`,
    });
    return { ok: true, message: `Compte « ${username.trim()} » supprimé ; ses sessions sont fermées.` };
  });
}

/** `npm run admin -- disable-2fa NAME`: the second factor and recovery codes removed, sessions ended. */
export async function disableTotpByName(username: string): Promise<{ ok: boolean; message: string }> {
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(admins.username, username.trim()))
      .returning({ id: admins.id });
    if (!target) return { ok: false, message: `Aucun compte « ${username} ».` };
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, target.id));
    await tx.delete(sessions).where(eq(sessions.adminId, target.id));
    await recordHistory(tx, COMMAND_LINE_ACTOR, {
      kind: "compte.2fa-reinitialisation",
      target: `compte « ${username.trim()} »`,
    });
    return {
      ok: true,
      message: `Double authentification de « ${username.trim()} » désactivée ; ses sessions sont fermées.`,
    };
  });
}
