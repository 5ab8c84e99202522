import net from "node:net";
import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { rateLimitHits } from "~/modules/rate-limits/rate-limits.tables";
import { quarterHourlyJob } from "~/server/jobs.server";

/**
 * Abuse limits (sign-in throttling, public forms) counted in the database, so they hold across instances and
 * restarts: each counted event is a row under a key, and a limit is a number of rows in a window.
 */

export async function countHits(
  key: string,
  windowMs: number,
  now = new Date(),
  executor: Executor = getDb(),
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gte(rateLimitHits.at, new Date(now.getTime() - windowMs))));
  return row.n;
}

export async function recordHit(key: string, now = new Date(), executor: Executor = getDb()) {
  await executor.insert(rateLimitHits).values({ key, at: now });
}

/**
 * Counts one hit under `key` unless `limit` hits are already in the window, atomically: concurrent callers of one key
 * wait for each other on a transaction lock, so a burst cannot all read the count before any of them writes it.
 * Returns the new hit's id (to release it if the attempt turns out not to count), or null at the limit.
 */
export async function reserveHit(
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<number | null> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    if ((await countHits(key, windowMs, now, tx)) >= limit) return null;
    const [row] = await tx.insert(rateLimitHits).values({ key, at: now }).returning({ id: rateLimitHits.id });
    return row.id;
  });
}

/** Gives back hits reserved for attempts that, in the end, do not count. */
export async function releaseHits(ids: (number | null)[], executor: Executor = getDb()) {
  const kept = ids.filter((id): id is number => id !== null);
  if (kept.length > 0) await executor.delete(rateLimitHits).where(inArray(rateLimitHits.id, kept));
}

/**
 * The address a limit counts under. One IPv6 client usually holds a whole /64 (2^64 addresses), so IPv6 is counted by
 * its /64 prefix; an IPv4 address, also when written as IPv6 (::ffff:1.2.3.4), is counted as itself.
 */
export function limitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
  return ip;
}

/**
 * The network a limit on one event's sign-ups counts under (decision 023): an IPv4 address's /24, an IPv6 one's /48
 * (a home, an office or a small hosting customer), so that changing address within one's network changes nothing.
 */
export function networkAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.0/24`;
  if (net.isIPv6(ip)) return `${expandIPv6(ip).slice(0, 3).join(":")}::/48`;
  return ip;
}

/** The eight groups of an IPv6 address, without a zone, each as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let address = ip.split("%")[0].toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    address = address.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.includes("::") ? address.split("::") : [address, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => parseInt(group || "0", 16).toString(16));
}

export async function clearHits(key: string, executor: Executor = getDb()) {
  await executor.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** No limit looks further back than this (a day: one event's sign-ups, a recipient's e-mails). */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Removes the rows no window can count any more; run now and then by the server. */
export async function purgeOldHits(now = new Date()) {
  await getDb()
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}

// ——— Public forms ———

/** Per address and form: 30 attempts of any kind and 5 accepted submissions in 10 minutes. */
export const FORM_LIMITS = { attempts: 30, accepted: 5, windowMs: 10 * 60 * 1000 } as const;
export const FORM_RATE_LIMITED_MESSAGE =
  "Vous avez envoyé ce formulaire trop souvent. Merci de réessayer dans quelques minutes.";

const attemptKey = (form: string, ip: string) => `${form}:tentative:${limitAddress(ip)}`;
const acceptedKey = (form: string, ip: string) => `${form}:accepté:${limitAddress(ip)}`;

/** Counts one attempt at `form` from `ip`; false once the attempts of the window are used up. */
export async function allowFormAttempt(form: string, ip: string, now = new Date()): Promise<boolean> {
  return (await reserveHit(attemptKey(form, ip), FORM_LIMITS.attempts, FORM_LIMITS.windowMs, now)) !== null;
}

/**
 * Reserves one of the window's accepted submissions of `form` from `ip`, before saving: null once they are used up.
 * Release it (`releaseHits`) if the save fails.
 */
export function reserveFormSubmission(form: string, ip: string, now = new Date()): Promise<number | null> {
  return reserveHit(acceptedKey(form, ip), FORM_LIMITS.accepted, FORM_LIMITS.windowMs, now);
}

// ——— One event's sign-ups ———

/** Sign-ups to one event from one network (`networkAddress`) in a day: decision 023. */
export const EVENT_SIGNUP_LIMITS = { perNetwork: 3, windowMs: 24 * 60 * 60 * 1000 } as const;
export const EVENT_SIGNUP_LIMITED_MESSAGE =
  "Vous avez déjà fait plusieurs inscriptions à cet événement aujourd'hui. Pour inscrire d'autres personnes, indiquez leur nombre dans une même inscription ou écrivez à l'association.";

/** Reserves one of the day's sign-ups to event `eventId` from the network of `ip`: null once they are used up. */
export function reserveEventSignup(eventId: number, ip: string, now = new Date()): Promise<number | null> {
  return reserveHit(
    `inscription:${eventId}:réseau:${networkAddress(ip)}`,
    EVENT_SIGNUP_LIMITS.perNetwork,
    EVENT_SIGNUP_LIMITS.windowMs,
    now,
  );
}

/** Hits older than every limit's window, deleted. */
export const rateLimitsJob = quarterHourlyJob("limites de fréquence", () => purgeOldHits());
