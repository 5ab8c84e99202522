import crypto from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { gardenerLinks, gardenerSessions } from "~/modules/garden-space/garden-space.tables";
import { gardeners } from "~/modules/register/register.tables";
import { keyedHash } from "~/server/server-secret.server";
import { lapsedSessionBounds, sessionLapsed, sessionNeedsTouch } from "~/modules/auth/auth.server";
import { quarterHourlyJob } from "~/server/jobs.server";

/**
 * « Mon jardin »'s sign-in (decision 032): no password, a link e-mailed to the gardener's address, valid 15 minutes
 * and once, of which only an HMAC is kept. The session it opens is a gardener's, in its own table and cookie: it opens
 * no /admin screen, and follows the administrators' rules (sliding expiry, absolute limit, sign-out everywhere).
 */

export const LINK_VALIDITY_MS = 15 * 60 * 1000;
export type LinkPurpose = "connexion" | "adresse";

/** A gardener signed in to « Mon jardin ». */
export interface SignedInGardener {
  id: number;
  name: string;
  email: string;
}

const hashOf = (token: string) => keyedHash(`jardin:${token}`);
const newToken = () => crypto.randomBytes(32).toString("base64url");

/** A current gardener (no end date) with this address, for a sign-in link; the address compared as typed, in any case. */
export async function currentGardenerByEmail(email: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ id: gardeners.id, name: gardeners.name, email: gardeners.email })
    .from(gardeners)
    .where(and(sql`lower(${gardeners.email}) = ${email.trim().toLowerCase()}`, isNull(gardeners.endDate)))
    .orderBy(gardeners.id)
    .limit(1);
  return row;
}

/** A link for `gardenerId`, in the caller's transaction (with the e-mail that carries it): the token to put in it. */
export async function createGardenerLink(
  executor: Executor,
  gardenerId: number,
  purpose: LinkPurpose,
  { newEmail = "", now = new Date() }: { newEmail?: string; now?: Date } = {},
) {
  const token = newToken();
  await executor.insert(gardenerLinks).values({
    hash: hashOf(token),
    gardenerId,
    purpose,
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_VALIDITY_MS),
  });
  return token;
}

/** Whether a link is still good, without using it (the page that asks to confirm shows it). */
export async function peekGardenerLink(token: string, purpose: LinkPurpose, now = new Date()) {
  if (!token || token.length > 100) return undefined;
  const [link] = await getDb()
    .select({
      gardenerId: gardenerLinks.gardenerId,
      newEmail: gardenerLinks.newEmail,
      expiresAt: gardenerLinks.expiresAt,
    })
    .from(gardenerLinks)
    .where(and(eq(gardenerLinks.hash, hashOf(token)), eq(gardenerLinks.purpose, purpose)));
  return link && link.expiresAt > now ? link : undefined;
}

/**
 * Uses a link once, in the caller's transaction: deleted whatever its state, so two clicks racing get it once. Returns
 * the gardener (and the address to confirm) while it was valid, else undefined.
 */
export async function consumeGardenerLink(executor: Executor, token: string, purpose: LinkPurpose, now = new Date()) {
  if (!token || token.length > 100) return undefined;
  const [link] = await executor
    .delete(gardenerLinks)
    .where(and(eq(gardenerLinks.hash, hashOf(token)), eq(gardenerLinks.purpose, purpose)))
    .returning();
  return link && link.expiresAt > now ? link : undefined;
}

/** Opens a gardener's session, in the caller's transaction: the token for the cookie. */
export async function openGardenerSession(executor: Executor, gardenerId: number, now = new Date()) {
  const token = newToken();
  await executor
    .insert(gardenerSessions)
    .values({ idHash: hashOf(token), gardenerId, createdAt: now, lastSeenAt: now });
  return token;
}

/** The gardener of a session, or null when it is unknown, expired, or they left (expired rows are removed). */
export async function gardenerOfSession(token: string | undefined, now = new Date()): Promise<SignedInGardener | null> {
  if (!token || token.length > 100) return null;
  const db = getDb();
  const idHash = hashOf(token);
  const [row] = await db
    .select({
      id: gardeners.id,
      name: gardeners.name,
      email: gardeners.email,
      endDate: gardeners.endDate,
      createdAt: gardenerSessions.createdAt,
      lastSeenAt: gardenerSessions.lastSeenAt,
    })
    .from(gardenerSessions)
    .innerJoin(gardeners, eq(gardeners.id, gardenerSessions.gardenerId))
    .where(eq(gardenerSessions.idHash, idHash));
  if (!row) return null;
  if (row.endDate !== null || sessionLapsed(row, now)) {
    await db.delete(gardenerSessions).where(eq(gardenerSessions.idHash, idHash));
    return null;
  }
  if (sessionNeedsTouch(row, now))
    await db.update(gardenerSessions).set({ lastSeenAt: now }).where(eq(gardenerSessions.idHash, idHash));
  return { id: row.id, name: row.name, email: row.email };
}

/** Ends one session (« Se déconnecter »). */
export async function closeGardenerSession(token: string | undefined) {
  if (!token || token.length > 100) return;
  await getDb()
    .delete(gardenerSessions)
    .where(eq(gardenerSessions.idHash, hashOf(token)));
}

/** Ends every session of a gardener (« Se déconnecter partout », a change of address): how many were open. */
export async function closeGardenerSessions(executor: Executor, gardenerId: number) {
  const ended = await executor
    .delete(gardenerSessions)
    .where(eq(gardenerSessions.gardenerId, gardenerId))
    .returning({ idHash: gardenerSessions.idHash });
  return ended.length;
}

/** Removes expired sessions and links; run now and then by the server. */
export async function purgeGardenerSignIns(now = new Date()) {
  const db = getDb();
  const { idleSince, openedBefore } = lapsedSessionBounds(now);
  await db
    .delete(gardenerSessions)
    .where(or(lt(gardenerSessions.lastSeenAt, idleSince), lt(gardenerSessions.createdAt, openedBefore)));
  await db.delete(gardenerLinks).where(lt(gardenerLinks.expiresAt, now));
}

/** Sign-in links and sessions of « Mon jardin » past their end, deleted. */
export const gardenerSignInsJob = quarterHourlyJob("connexions à Mon jardin expirées", () => purgeGardenerSignIns());
