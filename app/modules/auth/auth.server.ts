import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, asc, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { adminSites, admins, recoveryCodes, sessions } from "~/modules/auth/auth.tables";
import { gardenSites } from "~/modules/register/register.tables";
import { isRole, type AccountAccess } from "./roles";
import { checkTotp, normalizeRecoveryCode } from "./totp.server";
import { env } from "~/server/env.server";
import { keyedHash } from "~/server/server-secret.server";
import { recordHistory, recordUnknownSignIn } from "~/modules/history/history.server";
import { clearHits, limitAddress, releaseHits, reserveHit } from "~/modules/rate-limits/rate-limits.server";
import { PasswordChecksBusy, withPasswordCheckSlot } from "./password-checks.server";
import { quarterHourlyJob } from "~/server/jobs.server";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_IDLE_MS = env.SESSION_IDLE_SECONDS * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 5;
/** Failures from one address, whatever the identifiers tried: guessing names costs a hash each. */
export const THROTTLE_MAX_FAILURES_PER_ADDRESS = 20;
// Only touch last_seen_at when it is this stale, so page views do not each write a row.
const TOUCH_AFTER_MS = Math.min(60 * 1000, SESSION_IDLE_MS / 10);

interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

/** A session's rules, an administrator's or a gardener's: lapsed when idle too long or opened too long ago. */
export const sessionLapsed = (session: SessionTimes, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS ||
  now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;

/** Whether the session's last_seen_at is stale enough to be written again. */
export const sessionNeedsTouch = (session: SessionTimes, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS;

/** The purge's bounds: a session last seen before `idleSince`, or opened before `openedBefore`, has lapsed. */
export const lapsedSessionBounds = (now: Date) => ({
  idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  openedBefore: new Date(now.getTime() - SESSION_ABSOLUTE_MS),
});

/** A signed-in administrator; `displayName` is how the site names them (an article's author), when they set one. */
export type Admin = { id: number; username: string; displayName?: string | null };
/** The administrator of a session, with what their role lets them open. */
export type SignedInAdmin = Admin & AccountAccess;

export function hashPassword(password: string) {
  return withPasswordCheckSlot(() => hash(password, ARGON2));
}

/** Whether `password` matches `passwordHash`, checked in its turn with the other password checks. */
export function checkPassword(passwordHash: string, password: string) {
  return withPasswordCheckSlot(() => verify(passwordHash, password).catch(() => false));
}

// Verified when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

export async function createAdmin(username: string, password: string): Promise<Admin> {
  const passwordHash = await hashPassword(password);
  const [row] = await getDb()
    .insert(admins)
    .values({ username: username.trim(), passwordHash })
    .returning({ id: admins.id, username: admins.username });
  return row;
}

/** Sets a new password and signs the admin out everywhere. Returns false for an unknown username. */
export async function setAdminPassword(username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({ passwordHash })
      .where(eq(admins.username, username.trim()))
      .returning({ id: admins.id });
    if (!row) return false;
    await tx.delete(sessions).where(eq(sessions.adminId, row.id));
    return true;
  });
}

/** Every account with its role and, for a referent, the names of their sites (`npm run admin -- list`). */
export async function listAdmins() {
  return getDb()
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      sites: sql<
        string[]
      >`array(select ${gardenSites.name} from ${adminSites} join ${gardenSites} on ${gardenSites.id} = ${adminSites.siteId} where ${adminSites.adminId} = ${admins.id} order by ${gardenSites.name})`,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .orderBy(asc(admins.username));
}

export async function countAdmins() {
  const [row] = await getDb().select({ n: count() }).from(admins);
  return row.n;
}

/**
 * A right password opens a session; for an administrator with a second factor, a session that opens nothing but the
 * code form (`awaitingSecondFactor`) until `completeSecondFactor` accepts a code.
 */
export type SignInResult =
  | { ok: true; token: string; admin: Admin; awaitingSecondFactor: boolean }
  | { ok: false; reason: "invalid" | "throttled" | "busy" };

/** A password-checked session waits this long for its code. */
export const SECOND_FACTOR_WAIT_MS = 10 * 60 * 1000;

export async function signIn(username: string, password: string, ip: string, now = new Date()): Promise<SignInResult> {
  const db = getDb();
  const address = limitAddress(ip);
  // Failures count per identifier and address (a typo locks no one else out), and per address whatever the identifier.
  const accountKey = signInKey(username, address);
  const addressKey = `connexion:adresse:${address}`;
  // Each attempt is counted before its password is checked, so a burst is held to the limit however it is timed; the
  // count stands as the failure's record, and is given back if the password is right.
  const accountHit = await reserveHit(accountKey, THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS, now);
  if (accountHit === null) return { ok: false, reason: "throttled" };
  const addressHit = await reserveHit(addressKey, THROTTLE_MAX_FAILURES_PER_ADDRESS, THROTTLE_WINDOW_MS, now);
  if (addressHit === null) {
    await releaseHits([accountHit]);
    return { ok: false, reason: "throttled" };
  }

  const [admin] = await db.select().from(admins).where(eq(admins.username, username));
  let valid: boolean;
  try {
    valid = await withPasswordCheckSlot(
      async () => {
        dummyHash ??= hash(crypto.randomBytes(16).toString("hex"), ARGON2);
        return verify(admin?.passwordHash ?? (await dummyHash), password).catch(() => false);
      },
      { refuseWhenBusy: true },
    );
  } catch (error) {
    if (!(error instanceof PasswordChecksBusy)) throw error;
    await releaseHits([accountHit, addressHit]);
    return { ok: false, reason: "busy" };
  }
  if (!admin || !valid) {
    await db.transaction(async (tx) => {
      if (admin) await recordHistory(tx, admin, { kind: "connexion.echec" }, now);
      // An unknown identifier is not copied (it may be a password typed in the wrong field), and a flood of them is
      // one counted entry an hour, not a row each.
      else await recordUnknownSignIn(tx, now);
    });
    return { ok: false, reason: "invalid" };
  }

  const token = crypto.randomBytes(32).toString("base64url");
  const awaitingSecondFactor = admin.totpSecret !== null;
  await db.transaction(async (tx) => {
    // The failures are forgotten only once the whole sign-in succeeds: wrong codes count with wrong passwords.
    if (awaitingSecondFactor) await releaseHits([accountHit, addressHit], tx);
    else {
      await releaseHits([addressHit], tx);
      await clearHits(accountKey, tx);
    }
    await tx
      .insert(sessions)
      .values({ idHash: hashToken(token), adminId: admin.id, createdAt: now, lastSeenAt: now, awaitingSecondFactor });
    if (!awaitingSecondFactor) await recordHistory(tx, admin, { kind: "connexion" }, now);
  });
  return { ok: true, token, admin: { id: admin.id, username: admin.username }, awaitingSecondFactor };
}

/** The throttle of one identifier from one address (IPv6: its /64). */
function signInKey(username: string, address: string) {
  return `connexion:${username}:${address}`;
}

/** The administrator whose password was accepted and whose code is awaited on this session, if any. */
export async function getPendingSignIn(token: string | undefined, now = new Date()): Promise<Admin | null> {
  if (!token) return null;
  const [row] = await getDb()
    .select({ id: admins.id, username: admins.username, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.idHash, hashToken(token)), eq(sessions.awaitingSecondFactor, true)));
  if (!row || now.getTime() - row.createdAt.getTime() > SECOND_FACTOR_WAIT_MS) return null;
  return { id: row.id, username: row.username };
}

export type SecondFactorResult =
  { ok: true; token: string; admin: Admin } | { ok: false; reason: "invalid" | "throttled" | "expired" };

/**
 * The second step of a sign-in: a code of the authenticator app, or one of the recovery codes (then used up). A wrong
 * code counts toward the same throttle as a wrong password. Success replaces the waiting session with a full one.
 */
export async function completeSecondFactor(
  token: string | undefined,
  code: string,
  ip: string,
  now = new Date(),
): Promise<SecondFactorResult> {
  const pending = await getPendingSignIn(token, now);
  if (!pending || !token) return { ok: false, reason: "expired" };
  const throttleKey = signInKey(pending.username, limitAddress(ip));
  // Counted before the check, as a password is: kept if the code is wrong, cleared with the others if it is right.
  const hit = await reserveHit(throttleKey, THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS, now);
  if (hit === null) return { ok: false, reason: "throttled" };
  const [admin] = await getDb()
    .select({ totpSecret: admins.totpSecret, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, pending.id));
  const step = admin?.totpSecret ? await checkTotp(admin.totpSecret, code, admin.lastStep) : null;
  const fresh = crypto.randomBytes(32).toString("base64url");
  const accepted = await getDb().transaction(async (tx) => {
    // A code is used once: its step is claimed here, so of two sign-ins racing with one code only one gets in.
    const byApp =
      step !== null &&
      (
        await tx
          .update(admins)
          .set({ totpLastStep: step })
          .where(and(eq(admins.id, pending.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
          .returning({ id: admins.id })
      ).length > 0;
    const recovery = byApp ? null : await useRecoveryCode(tx, pending.id, code, now);
    if (!byApp && !recovery) {
      await recordHistory(tx, pending, { kind: "connexion.echec", detail: "code de vérification incorrect" }, now);
      return false;
    }
    await clearHits(throttleKey, tx);
    await tx.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
    await tx
      .insert(sessions)
      .values({ idHash: hashToken(fresh), adminId: pending.id, createdAt: now, lastSeenAt: now });
    if (recovery)
      await recordHistory(
        tx,
        pending,
        { kind: "compte.code-secours", detail: `${recovery.left} code(s) de secours restant(s)` },
        now,
      );
    await recordHistory(tx, pending, { kind: "connexion" }, now);
    return true;
  });
  return accepted ? { ok: true, token: fresh, admin: pending } : { ok: false, reason: "invalid" };
}

/** Marks a matching unused recovery code used; returns how many are left, or null when none matched. */
async function useRecoveryCode(
  tx: Executor,
  adminId: number,
  code: string,
  now: Date,
): Promise<{ left: number } | null> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length < 8 || normalized.length > 64) return null;
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.adminId, adminId),
        eq(recoveryCodes.codeHash, keyedHash(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!used) return null;
  const [left] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
  return { left: left.n };
}

/** The admin behind a session token, or null when it is unknown or expired (expired rows are removed). */
export async function getSessionAdmin(token: string | undefined, now = new Date()): Promise<SignedInAdmin | null> {
  if (!token) return null;
  const db = getDb();
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      id: admins.id,
      username: admins.username,
      displayName: admins.displayName,
      role: admins.role,
      siteIds: sql<
        number[]
      >`array(select ${adminSites.siteId} from ${adminSites} where ${adminSites.adminId} = ${admins.id} order by 1)`,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.idHash, idHash), eq(sessions.awaitingSecondFactor, false)));
  if (!row) return null;
  if (sessionLapsed(row, now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (sessionNeedsTouch(row, now)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  // The table's check allows only known roles; anything else opens nothing.
  if (!isRole(row.role)) return null;
  const { role } = row;
  return { id: row.id, username: row.username, displayName: row.displayName, role, siteIds: row.siteIds ?? [] };
}

/** How the site names an administrator (an article's author, « Versions »): their display name, or username. */
export function authorName(admin: Admin | null | undefined) {
  return admin?.displayName?.trim() || admin?.username || "Admin";
}

export async function signOut(token: string | undefined) {
  if (!token) return;
  await getDb()
    .delete(sessions)
    .where(eq(sessions.idHash, hashToken(token)));
}

/** 'Déconnexion': ends the session and records who signed out. */
export async function signOutAndRecord(token: string | undefined) {
  if (!token) return;
  await getDb().transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(token)))
      .returning({ adminId: sessions.adminId });
    if (!ended) return;
    const [admin] = await tx
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .where(eq(admins.id, ended.adminId));
    if (admin) await recordHistory(tx, admin, { kind: "deconnexion" });
  });
}

/** Removes expired sessions; run now and then by the server. */
export async function purgeExpiredSessions(now = new Date()) {
  await getDb()
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, lapsedSessionBounds(now).idleSince),
        lt(sessions.createdAt, lapsedSessionBounds(now).openedBefore),
      ),
    );
}

/** The table stores an HMAC of the token, so a copy of the database cannot be used to sign in. */
function hashToken(token: string) {
  return keyedHash(token);
}

/** Sessions past their end, deleted. */
export const expiredSessionsJob = quarterHourlyJob("sessions expirées", () => purgeExpiredSessions());
