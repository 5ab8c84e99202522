import { and, count, eq, gt, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { outbox } from "~/modules/mail/mail.tables";
import { logger } from "~/server/logger.server";
import { MailMessageSchema, type MailMessage } from "./mail.schema";

export type OutboxRow = typeof outbox.$inferSelect;

/** Waits after the 1st, 2nd … 5th failed attempt; the 6th failure marks the message failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

/** What became of a letter's message, as its letter counts it. */
export type LetterOutcome = "sent" | "bounced" | "failed" | "skipped" | "interrupted";

/**
 * How a letter's messages are counted on it. The letters are the newsletter module's (which depends on this one): it
 * supplies this, and the outbox calls it in the transaction that writes the rows' outcome, so the counts and the
 * rows never disagree.
 */
export interface LetterCounts {
  /**
   * Adds `howMany` messages of `letterId` to the count of `outcome` (the counts outlive the outbox rows), and closes
   * the letter once none of its messages is waiting.
   */
  count(executor: Executor, letterId: number, outcome: LetterOutcome, howMany?: number): Promise<void>;
  /** A message counted `was` came back refused (a delivery report read later): counted « bounced » instead. */
  countReturned(executor: Executor, letterId: number, was: "sent" | "interrupted"): Promise<void>;
}

/**
 * Writes a message to the outbox with the caller's executor, so it is committed (or rolled back)
 * with what caused it. Throws for an invalid message (a bad address, an empty subject).
 */
export async function enqueueMail(executor: Executor, message: MailMessage): Promise<{ id: number }> {
  const parsed = MailMessageSchema.parse(message);
  const [row] = await executor
    .insert(outbox)
    .values({
      to: parsed.to,
      replyTo: parsed.replyTo ?? null,
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html ?? null,
      attachmentHash: parsed.attachment?.hash ?? null,
      attachmentFormat: parsed.attachment?.format ?? null,
      attachmentName: parsed.attachment?.name ?? null,
    })
    .returning({ id: outbox.id });
  return row!;
}

/** Transactional messages given up after the last retry, for the admin dashboard (a letter counts its own). */
export async function countFailedMails(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.status, "failed"), isNull(outbox.letterId)));
  return row?.n ?? 0;
}

/**
 * Transactional messages waiting to be sent (new or between retries), and the oldest one's age: the outbox backlog.
 * A letter's messages are left out: they wait their turn by design, for hours at a mailbox's rate.
 */
export async function outboxBacklog(
  executor: Executor = getDb(),
): Promise<{ pending: number; failed: number; oldestPendingSince: Date | null }> {
  const [row] = await executor
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
      oldest: sql<string | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')`,
    })
    .from(outbox)
    .where(isNull(outbox.letterId));
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSince: row?.oldest ? new Date(row.oldest) : null,
  };
}

/**
 * At a start-up on the embedded database, where no other process can hold a lease: a transactional message claimed
 * by a process that was killed is made due now (sent again: better twice than never), and a letter's message that
 * was being sent is counted « interrompu » on its letter by `letters` (it may have arrived: a letter is never sent
 * twice). Returns how many transactional messages were released.
 */
export async function releaseOutboxLeases(
  letters: LetterCounts,
  executor: Executor = getDb(),
  at = new Date(),
): Promise<number> {
  await interruptLetterMessages(letters, executor, at);
  const rows = await executor
    .update(outbox)
    .set({ nextAttemptAt: at, claimedAt: null })
    .where(and(eq(outbox.status, "pending"), gt(outbox.nextAttemptAt, at), isNull(outbox.letterId)))
    .returning({ id: outbox.id });
  return rows.length;
}

/**
 * Removes the letter messages still waiting for `where` (an address being erased), each counted « skipped » on its
 * letter by `letters`, in `executor`: the address leaves the outbox at once, and the letter's progress still adds up.
 */
export async function dropWaitingLetterMessages(executor: Executor, where: SQL, letters: LetterCounts) {
  const rows = await executor
    .delete(outbox)
    .where(and(where, eq(outbox.status, "pending"), isNotNull(outbox.letterId), isNull(outbox.claimedAt)))
    .returning({ letterId: outbox.letterId });
  for (const row of rows) await letters.count(executor, row.letterId!, "skipped");
  return rows.length;
}

/**
 * Letter messages claimed before `claimedBefore` whose outcome was never written (the process sending them died):
 * « interrompu », not sent again, and counted so on their letter. Returns how many.
 */
export async function interruptLetterMessages(
  letters: LetterCounts,
  executor: Executor,
  claimedBefore: Date,
): Promise<number> {
  const rows = await executor
    .update(outbox)
    .set({ status: "interrupted", claimedAt: null, lastError: "envoi interrompu (arrêt du serveur)" })
    .where(
      and(
        eq(outbox.status, "pending"),
        isNotNull(outbox.letterId),
        isNotNull(outbox.claimedAt),
        lte(outbox.claimedAt, claimedBefore),
      ),
    )
    .returning({ letterId: outbox.letterId });
  const byLetter = new Map<number, number>();
  for (const row of rows) byLetter.set(row.letterId!, (byLetter.get(row.letterId!) ?? 0) + 1);
  for (const [letterId, howMany] of byLetter) await letters.count(executor, letterId, "interrupted", howMany);
  if (rows.length > 0) logger.warn({ messages: rows.length }, "envoi de lettre interrompu : messages non renvoyés");
  return rows.length;
}

/**
 * Puts failed transactional messages back in the queue for an immediate new series of attempts. A letter's failures
 * stay counted on their letter, which is over.
 */
export async function retryFailedMails(executor: Executor = getDb()): Promise<number> {
  const rows = await executor
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(outbox.status, "failed"), isNull(outbox.letterId)))
    .returning({ id: outbox.id });
  return rows.length;
}
