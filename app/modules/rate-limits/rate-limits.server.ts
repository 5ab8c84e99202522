import { and, count, eq, gte, lt } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

/**
 * Abuse limits (sign-in throttling, public forms) counted in the database, so they hold across instances and
 * restarts: each counted event is a row under a key, and a limit is a number of rows in a window.
 */

export async function countHits(key: string, windowMs: number, now = new Date(), executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gte(rateLimitHits.at, new Date(now.getTime() - windowMs))));
  return row.n;
}

export async function recordHit(key: string, now = new Date(), executor: Executor = getDb()) {
  await executor.insert(rateLimitHits).values({ key, at: now });
}

export async function clearHits(key: string, executor: Executor = getDb()) {
  await executor.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** No limit looks further back than this: older rows are only kept for nothing. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/** Removes the rows no window can count any more; run now and then by the server. */
export async function purgeOldHits(now = new Date()) {
  await getDb().delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}

// ——— Public forms ———

/** Per address and form: 30 attempts of any kind and 5 accepted submissions in 10 minutes. */
export const FORM_LIMITS = { attempts: 30, accepted: 5, windowMs: 10 * 60 * 1000 } as const;
export const FORM_RATE_LIMITED_MESSAGE = "Vous avez envoyé ce formulaire trop souvent. Merci de réessayer dans quelques minutes.";

const attemptKey = (form: string, ip: string) => `${form}:tentative:${ip}`;
const acceptedKey = (form: string, ip: string) => `${form}:accepté:${ip}`;

/** Counts one attempt at `form` from `ip`; false once the attempts of the window are used up. */
export async function allowFormAttempt(form: string, ip: string, now = new Date()): Promise<boolean> {
  if ((await countHits(attemptKey(form, ip), FORM_LIMITS.windowMs, now)) >= FORM_LIMITS.attempts) return false;
  await recordHit(attemptKey(form, ip), now);
  return true;
}

/** Whether one more submission of `form` from `ip` may be accepted in this window. */
export async function allowFormSubmission(form: string, ip: string, now = new Date()): Promise<boolean> {
  return (await countHits(acceptedKey(form, ip), FORM_LIMITS.windowMs, now)) < FORM_LIMITS.accepted;
}

/** Counts an accepted submission, in the transaction that stores it. */
export function recordFormSubmission(executor: Executor, form: string, ip: string, now = new Date()) {
  return recordHit(acceptedKey(form, ip), now, executor);
}
