import crypto from "node:crypto";
import { and, asc, count, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { publicUrl } from "~/db/association.server";
import { getDb, type Transaction } from "~/db/client.server";
import { adminInvitations, adminSites, admins, recoveryCodes, sessions } from "~/modules/auth/auth.tables";
import { gardenSites } from "~/modules/register/register.tables";
import { isRole, ROLE_LABELS, type Role } from "~/modules/auth/roles";
import { env } from "~/server/env.server";
import { authorName, checkPassword, hashPassword, type Admin } from "~/modules/auth/auth.server";
import { keyedHash } from "~/server/server-secret.server";
import { mailAssociation } from "~/modules/content/content.server";
import { recordHistory, type Actor } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { invitationMail } from "./accounts.mail.server";
import { ACCOUNT_READY_MESSAGE } from "./accounts.schema";
import { passwordWeakness } from "./password-policy.server";
import { checkTotp, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode } from "~/modules/auth/totp.server";

export const INVITATION_VALID_MS = 48 * 60 * 60 * 1000;

export type AccountResult<T = object> =
  ({ ok: true; message: string } & T) | { ok: false; status: number; message: string; field?: string };

const refuse = (status: number, message: string, field?: string) => ({ ok: false, status, message, field }) as const;
const WRONG_PASSWORD = "Mot de passe actuel incorrect.";
const WRONG_CODE = "Code de vérification incorrect.";
const accountName = (username: string) => `compte « ${username} »`;
const LAST_ADMINISTRATOR =
  "Le dernier administrateur garde son rôle : donnez d'abord le rôle d'administrateur à un autre compte.";

/** The role as Historique and the messages say it, with a referent's sites. */
const roleDetail = (role: Role, siteNames: string[]) =>
  role === "referent" && siteNames.length > 0 ? `${ROLE_LABELS[role]} (${siteNames.join(", ")})` : ROLE_LABELS[role];

/**
 * Gives `adminId` the sites `siteIds` (a referent's), dropping any it had; a site removed meanwhile is skipped.
 * Returns the names of the sites given, in order.
 */
async function setAccountSites(tx: Transaction, adminId: number, siteIds: readonly number[]): Promise<string[]> {
  await tx.delete(adminSites).where(eq(adminSites.adminId, adminId));
  if (siteIds.length === 0) return [];
  const sites = await tx
    .select({ id: gardenSites.id, name: gardenSites.name })
    .from(gardenSites)
    .where(inArray(gardenSites.id, [...siteIds]))
    .orderBy(asc(gardenSites.name));
  if (sites.length > 0) await tx.insert(adminSites).values(sites.map((site) => ({ adminId, siteId: site.id })));
  return sites.map((site) => site.name);
}

/** The accounts with what the accounts screen shows (role, a referent's sites); never a hash or a secret. */
export async function listAccounts() {
  const [accounts, invitations] = await Promise.all([
    getDb()
      .select({
        id: admins.id,
        username: admins.username,
        email: admins.email,
        role: admins.role,
        siteIds: sql<
          number[]
        >`array(select ${adminSites.siteId} from ${adminSites} where ${adminSites.adminId} = ${admins.id} order by 1)`,
        createdAt: admins.createdAt,
        totpSecret: admins.totpSecret,
      })
      .from(admins)
      .orderBy(asc(admins.username)),
    getDb()
      .select({
        username: adminInvitations.username,
        email: adminInvitations.email,
        role: adminInvitations.role,
        expiresAt: adminInvitations.expiresAt,
      })
      .from(adminInvitations)
      .where(gt(adminInvitations.expiresAt, new Date()))
      .orderBy(asc(adminInvitations.username)),
  ]);
  return {
    accounts: accounts.map(({ totpSecret, ...account }) => ({ ...account, twoFactor: totpSecret !== null })),
    invitations,
  };
}

async function passwordMatches(adminId: number, password: string) {
  const [row] = await getDb().select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, adminId));
  return row ? checkPassword(row.passwordHash, password) : false;
}

/** One's own password: the current one, then the new one; every other session of this admin ends. */
export async function changeOwnPassword(
  admin: Admin,
  currentSessionToken: string | undefined,
  current: string,
  next: string,
): Promise<AccountResult> {
  if (!(await passwordMatches(admin.id, current))) return refuse(400, WRONG_PASSWORD, "current");
  const weakness = await passwordWeakness(next, [admin.username, "potager", "jardin"]);
  if (weakness) return refuse(400, weakness, "password");
  const passwordHash = await hashPassword(next);
  const kept = currentSessionToken ? keyedHash(currentSessionToken) : "";
  await getDb().transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id));
    await tx.delete(sessions).where(and(eq(sessions.adminId, admin.id), ne(sessions.idHash, kept)));
    await recordHistory(tx, admin, { kind: "compte.mot-de-passe", target: accountName(admin.username) });
  });
  return { ok: true, message: "Mot de passe changé. Vos autres sessions ont été fermées." };
}

/** The name the site gives the signed-in administrator (an article's author); null: their username. */
export async function changeDisplayName(admin: Admin, displayName: string | null): Promise<AccountResult> {
  await getDb().transaction(async (tx) => {
    await tx.update(admins).set({ displayName }).where(eq(admins.id, admin.id));
    await recordHistory(tx, admin, { kind: "compte.nom-affiche", target: accountName(admin.username) });
  });
  return {
    ok: true,
    message: displayName
      ? `Nom affiché enregistré : vos articles seront signés « ${displayName} ».`
      : `Nom affiché retiré : vos articles seront signés « ${admin.username} ».`,
  };
}

/**
 * A new account with the role chosen (and a referent's sites): a one-time link valid 48 h to choose their own
 * password. The link is shown to the creator and, when SMTP is set and an address is given, e-mailed; it never
 * carries a password.
 */
export async function inviteAdmin(
  actor: Actor,
  username: string,
  email: string | null,
  role: Role = "administrateur",
  siteIds: readonly number[] = [],
): Promise<AccountResult<{ link: string; mailed: boolean }>> {
  const now = new Date();
  const token = crypto.randomBytes(32).toString("base64url");
  const link = new URL(`/invitation/${token}`, publicUrl()).toString();
  const mailed = Boolean(email && env.SMTP_URL);
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS);
  const outcome = await getDb().transaction(async (tx) => {
    await tx.delete(adminInvitations).where(lt(adminInvitations.expiresAt, now));
    const [taken] = await tx.select({ n: count() }).from(admins).where(eq(admins.username, username));
    const [invited] = await tx
      .select({ n: count() })
      .from(adminInvitations)
      .where(eq(adminInvitations.username, username));
    if (taken.n > 0 || invited.n > 0) return false;
    await tx.insert(adminInvitations).values({
      tokenHash: keyedHash(token),
      username,
      email,
      invitedBy: actor.id,
      role,
      siteIds: role === "referent" ? [...siteIds] : [],
      expiresAt,
    });
    if (mailed && email) {
      // Named as the site names them (their display name), not by an identifier the invited person does not know.
      const [inviter] = await tx
        .select({ id: admins.id, username: admins.username, displayName: admins.displayName })
        .from(admins)
        .where(eq(admins.id, actor.id ?? 0));
      const invitedBy = authorName(inviter ?? { id: 0, username: actor.username });
      const association = await mailAssociation(tx);
      await enqueueMail(
        tx,
        invitationMail({ to: email, username, role: ROLE_LABELS[role], link, invitedBy, expiresAt, association }),
      );
    }
    await recordHistory(tx, actor, {
      kind: "compte.invitation",
      target: accountName(username),
      detail: ROLE_LABELS[role],
    });
    return true;
  });
  if (!outcome) return refuse(409, `L'identifiant « ${username} » est déjà pris.`, "username");
  return {
    ok: true,
    link,
    mailed,
    message: mailed
      ? `Invitation envoyée à ${email}. Le lien est aussi affiché ci-dessous.`
      : "Invitation créée : transmettez le lien ci-dessous.",
  };
}

/** The invitation behind a link, if it is still valid. */
export async function findInvitation(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  const [row] = await getDb()
    .select()
    .from(adminInvitations)
    .where(and(eq(adminInvitations.tokenHash, keyedHash(token)), gt(adminInvitations.expiresAt, new Date())));
  return row;
}

/** The invited person chooses their password: the account is created and the link used up, in one transaction. */
export async function acceptInvitation(token: string, password: string): Promise<AccountResult<{ admin?: Admin }>> {
  const invitation = await findInvitation(token);
  if (!invitation) return refuse(404, "Ce lien d'invitation n'est plus valable. Demandez-en un nouveau.");
  const weakness = await passwordWeakness(password, [invitation.username, "potager", "jardin"]);
  if (weakness) return refuse(400, weakness, "password");
  const passwordHash = await hashPassword(password);
  const admin = await getDb().transaction(async (tx) => {
    const [used] = await tx
      .delete(adminInvitations)
      .where(eq(adminInvitations.tokenHash, invitation.tokenHash))
      .returning();
    if (!used) return undefined;
    const role = isRole(used.role) ? used.role : "redacteur";
    const [created] = await tx
      .insert(admins)
      .values({ username: invitation.username, email: invitation.email, passwordHash, role })
      .onConflictDoNothing()
      .returning({ id: admins.id, username: admins.username });
    if (!created) return undefined;
    const siteNames = role === "referent" ? await setAccountSites(tx, created.id, used.siteIds) : [];
    await recordHistory(tx, created, {
      kind: "compte.creation",
      target: accountName(created.username),
      detail: roleDetail(role, siteNames),
    });
    return created;
  });
  if (!admin) return refuse(409, "Ce lien d'invitation a déjà servi.");
  return { ok: true, admin, message: ACCOUNT_READY_MESSAGE };
}

/**
 * Whether taking `id` out of the administrators (a removal, another role) would leave none. The administrators' rows
 * are locked until the transaction ends, so two such changes at once cannot both pass.
 */
export async function isLastAdministrator(tx: Transaction, id: number): Promise<boolean> {
  const administrators = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.role, "administrateur"))
    .for("update");
  return administrators.length === 1 && administrators[0]!.id === id;
}

/** Removes another account (never the last administrator); their sessions end with the account. */
export async function removeAdmin(actor: Actor, id: number): Promise<AccountResult> {
  if (id === actor.id)
    return refuse(409, "Vous ne pouvez pas supprimer votre propre compte : demandez-le à un autre administrateur.");
  const removed = await getDb().transaction(async (tx) => {
    if (await isLastAdministrator(tx, id)) return "last" as const;
    const [row] = await tx.delete(admins).where(eq(admins.id, id)).returning({ username: admins.username });
    if (row) await recordHistory(tx, actor, { kind: "compte.suppression", target: accountName(row.username) });
    return row;
  });
  if (removed === "last") return refuse(409, "Impossible de supprimer le dernier administrateur.");
  if (!removed) return refuse(404, "Ce compte n'existe plus.");
  return { ok: true, message: `Compte « ${removed.username} » supprimé ; ses sessions sont fermées.` };
}

/**
 * Another account's role (and a referent's sites). The last administrator keeps the role; one's own role is changed
 * by another administrator. It takes effect at the account's next request.
 */
export async function changeRole(
  actor: Actor,
  id: number,
  role: Role,
  siteIds: readonly number[],
): Promise<AccountResult> {
  if (id === actor.id)
    return refuse(409, "Vous ne pouvez pas changer votre propre rôle : demandez-le à un autre administrateur.");
  const outcome = await getDb().transaction(async (tx) => {
    if (role !== "administrateur" && (await isLastAdministrator(tx, id))) return "last" as const;
    const [row] = await tx
      .update(admins)
      .set({ role })
      .where(eq(admins.id, id))
      .returning({ username: admins.username });
    if (!row) return undefined;
    const siteNames = await setAccountSites(tx, id, role === "referent" ? siteIds : []);
    const detail = roleDetail(role, siteNames);
    await recordHistory(tx, actor, { kind: "compte.role", target: accountName(row.username), detail });
    return { username: row.username, detail };
  });
  if (outcome === "last") return refuse(409, LAST_ADMINISTRATOR, "role");
  if (!outcome) return refuse(404, "Ce compte n'existe plus.");
  return { ok: true, message: `« ${outcome.username} » a maintenant le rôle ${outcome.detail}.` };
}

/** First step of the second factor: a new secret kept pending until a code confirms it (or `cancel` drops it). */
export async function startTotpEnrolment(admin: Admin, cancel = false): Promise<AccountResult> {
  await getDb()
    .update(admins)
    .set({ totpPendingSecret: cancel ? null : newTotpSecret() })
    .where(eq(admins.id, admin.id));
  return {
    ok: true,
    message: cancel
      ? "Activation annulée."
      : "Scannez le code avec votre application, puis saisissez le code qu'elle affiche.",
  };
}

export async function pendingTotpSecret(adminId: number): Promise<string | null> {
  const [row] = await getDb().select({ secret: admins.totpPendingSecret }).from(admins).where(eq(admins.id, adminId));
  return row?.secret ?? null;
}

export async function hasTotp(adminId: number): Promise<boolean> {
  const [row] = await getDb().select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId));
  return Boolean(row?.secret);
}

/** A code from the app confirms the pending secret: the second factor is on, and 10 recovery codes are returned once. */
export async function confirmTotp(admin: Admin, code: string): Promise<AccountResult<{ recoveryCodes?: string[] }>> {
  const secret = await pendingTotpSecret(admin.id);
  if (!secret) return refuse(409, "Recommencez l'activation : aucune clé n'est en attente.");
  const step = await checkTotp(secret, code);
  if (step === null)
    return refuse(400, `${WRONG_CODE} Vérifiez l'heure de votre téléphone et saisissez le code affiché.`, "code");
  const codes = newRecoveryCodes();
  await getDb().transaction(async (tx) => {
    // The confirming code counts as used: it cannot open a sign-in too.
    await tx
      .update(admins)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(admins.id, admin.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ adminId: admin.id, codeHash: keyedHash(normalizeRecoveryCode(c)) })));
    await recordHistory(tx, admin, { kind: "compte.2fa-activation", target: accountName(admin.username) });
  });
  return { ok: true, recoveryCodes: codes, message: "Double authentification activée." };
}

/** Turning one's own second factor off takes the password and a current code. */
export async function disableOwnTotp(admin: Admin, password: string, code: string): Promise<AccountResult> {
  if (!(await passwordMatches(admin.id, password))) return refuse(400, WRONG_PASSWORD, "current");
  const [row] = await getDb()
    .select({ secret: admins.totpSecret, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, admin.id));
  if (!row?.secret) return refuse(409, "La double authentification n'est pas activée.");
  if ((await checkTotp(row.secret, code, row.lastStep)) === null) return refuse(400, WRONG_CODE, "code");
  await getDb().transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(admins.id, admin.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    await recordHistory(tx, admin, { kind: "compte.2fa-desactivation", target: accountName(admin.username) });
  });
  return { ok: true, message: "Double authentification désactivée." };
}

/** Another administrator lost their phone: their second factor is removed and their sessions end. */
export async function resetTotp(actor: Actor, id: number): Promise<AccountResult> {
  if (id === actor.id)
    return refuse(
      409,
      "Pour votre propre compte, désactivez la double authentification avec votre mot de passe et un code.",
    );
  const reset = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(admins.id, id))
      .returning({ username: admins.username });
    if (!row) return undefined;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, id));
    await tx.delete(sessions).where(eq(sessions.adminId, id));
    await recordHistory(tx, actor, { kind: "compte.2fa-reinitialisation", target: accountName(row.username) });
    return row;
  });
  if (!reset) return refuse(404, "Ce compte n'existe plus.");
  return { ok: true, message: `Double authentification de « ${reset.username} » réinitialisée.` };
}
