import { sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { keyedHash } from "~/server/server-secret.server";
import { clearHits, countHits, recordHit } from "./rate-limits.server";

/**
 * What the public forms send to the address a visitor typed (a newsletter confirmation, a sign-up's confirmation, an
 * application's acknowledgement), capped per address and per day whatever asks for it, so that nobody can make the
 * site flood a stranger's mailbox from many client addresses (decision 023). Counted in the rate limits' table, so
 * the cap holds across instances, under a keyed hash of the address: the table never holds the address itself.
 */
export const RECIPIENT_LIMITS = { perDay: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

const recipientKey = (email: string) => `destinataire:${keyedHash(`destinataire:${email.trim().toLowerCase()}`)}`;

/**
 * Counts one e-mail to `email` unless the day's are used up, in the caller's transaction (so it is given back if that
 * rolls back). False at the cap: the caller then sends nothing, keeps what was asked and answers the same.
 */
export async function allowRecipientMail(tx: Executor, email: string, now = new Date()): Promise<boolean> {
  const key = recipientKey(email);
  // Concurrent requests for one address are counted one after the other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  if ((await countHits(key, RECIPIENT_LIMITS.windowMs, now, tx)) >= RECIPIENT_LIMITS.perDay) return false;
  await recordHit(key, now, tx);
  return true;
}

/** Forgets the count of `email` (an erasure: nothing keyed by the address stays). */
export async function forgetRecipient(email: string, executor: Executor = getDb()) {
  await clearHits(recipientKey(email), executor);
}
