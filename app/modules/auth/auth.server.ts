import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { asc, count, eq, lt, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { env } from "~/env.server";
import { clearHits, countHits, recordHit } from "~/modules/rate-limits/rate-limits.server";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const SESSION_IDLE_MS = env.SESSION_IDLE_SECONDS * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 5;
// Only touch last_seen_at when it is this stale, so page views do not each write a row.
const TOUCH_AFTER_MS = Math.min(60 * 1000, SESSION_IDLE_MS / 10);

/** A signed-in administrator; `displayName` is how the site names them (an article's author), when they set one. */
export type Admin = { id: number; username: string; displayName?: string | null };

export function hashPassword(password: string) {
  return hash(password, ARGON2);
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

export async function listAdmins() {
  return getDb()
    .select({ id: admins.id, username: admins.username, createdAt: admins.createdAt })
    .from(admins)
    .orderBy(asc(admins.username));
}

export async function countAdmins() {
  const [row] = await getDb().select({ n: count() }).from(admins);
  return row.n;
}

export type SignInResult =
  | { ok: true; token: string; admin: Admin }
  | { ok: false; reason: "invalid" | "throttled" };

export async function signIn(
  username: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<SignInResult> {
  const db = getDb();
  // Failures are counted per identifier and address: a typo locks no one else out.
  const throttleKey = `connexion:${username}:${ip}`;
  if ((await countHits(throttleKey, THROTTLE_WINDOW_MS, now)) >= THROTTLE_MAX_FAILURES) return { ok: false, reason: "throttled" };

  const [admin] = await db.select().from(admins).where(eq(admins.username, username));
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  const valid = await verify(admin?.passwordHash ?? (await dummyHash), password).catch(() => false);
  if (!admin || !valid) {
    await recordHit(throttleKey, now);
    return { ok: false, reason: "invalid" };
  }

  const token = crypto.randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await clearHits(throttleKey, tx);
    await tx.insert(sessions).values({ idHash: hashToken(token), adminId: admin.id, createdAt: now, lastSeenAt: now });
  });
  return { ok: true, token, admin: { id: admin.id, username: admin.username } };
}

/** The admin behind a session token, or null when it is unknown or expired (expired rows are removed). */
export async function getSessionAdmin(token: string | undefined, now = new Date()): Promise<Admin | null> {
  if (!token) return null;
  const db = getDb();
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      id: admins.id,
      username: admins.username,
      displayName: admins.displayName,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const t = now.getTime();
  if (t - row.lastSeenAt.getTime() > SESSION_IDLE_MS || t - row.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (t - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return { id: row.id, username: row.username, displayName: row.displayName };
}

/** The author an administrator's articles are signed with: their display name, or 'Admin' (SPEC §3). */
export function authorName(admin: Admin | null | undefined) {
  return admin?.displayName?.trim() || "Admin";
}

export async function signOut(token: string | undefined) {
  if (!token) return;
  await getDb().delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Removes expired sessions; run now and then by the server. */
export async function purgeExpiredSessions(now = new Date()) {
  await getDb()
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    );
}

/** The table stores an HMAC of the token, so a copy of the database cannot be used to sign in. */
function hashToken(token: string) {
  return crypto.createHmac("sha256", sessionSecret()).update(token).digest("base64url");
}

let secret: string | undefined;
function sessionSecret() {
  if (secret) return secret;
  if (env.SESSION_SECRET) return (secret = env.SESSION_SECRET);
  const file = path.join(env.dataDir, "session-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  }
  return secret;
}
