import crypto from "node:crypto";
import os from "node:os";
import { and, asc, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { mailFrom } from "~/db/association.server";
import { getDb, type Executor } from "~/db/client.server";
import { outbox } from "~/modules/mail/mail.tables";
import { env } from "~/server/env.server";
import { startJobs, type Job, type JobRunner } from "~/server/jobs.server";
import { logger } from "~/server/logger.server";
import { readDocumentFile } from "~/modules/documents/document-files.server";
import {
  interruptLetterMessages,
  RETRY_DELAYS_MS,
  type LetterCounts,
  type LetterOutcome,
  type OutboxRow,
} from "./outbox.server";
import {
  defaultMailDir,
  fileSender,
  isPermanentRefusal,
  smtpProblem,
  smtpSender,
  type RenderedMessage,
} from "./transports.server";

/**
 * What the worker needs of the newsletter module (which depends on this one) to send a letter's messages: how to
 * render them, and how to count their outcomes on their letter and on the address.
 */
export interface LetterDelivery extends LetterCounts {
  /** The message of a letter's outbox row for its recipient, or null when they should no longer get it. */
  render(row: OutboxRow): Promise<RenderedMessage | null>;
  /**
   * The recipient's server refused the letter for good (a 5xx at sending, or a delivery report read later in the
   * bounce mailbox): counted on the address, in `executor`.
   */
  bounced(executor: Executor, row: OutboxRow): Promise<void>;
}

export interface MailWorkerOptions {
  /** SMTP server URL; default SMTP_URL. Without one, messages are written as .eml files. */
  smtpUrl?: string;
  /** Where .eml files go without SMTP; default DATA_DIR/mail. */
  mailDir?: string;
  from?: string;
  /** Delay between two looks at the outbox; default 5 s. */
  pollMs?: number;
  /** Most messages sent in one run; default 50. */
  maxPerRun?: number;
  /** How long a claimed message is reserved for the instance sending it; default 5 min. */
  leaseMs?: number;
  /** Letter messages an hour at most, all e-mail sent counted; default MAIL_RATE_PER_HOUR, 0 for no limit. */
  ratePerHour?: number;
  /** How letters' messages are rendered and counted; without it they wait, for a worker that has it. */
  letters?: LetterDelivery;
  now?: () => Date;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
  /** Letter messages refused for good, or skipped (their recipient left). */
  bounced: number;
  skipped: number;
}

/**
 * A transactional message as it was queued, with its file read from the documents store. A file gone (its owner's
 * record erased meanwhile) is an error: the message waits and is given up after the last retry, never sent without it.
 */
async function storedMessage(row: OutboxRow): Promise<RenderedMessage> {
  const message: RenderedMessage = {
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    replyTo: row.replyTo ?? undefined,
  };
  if (!row.attachmentHash || !row.attachmentFormat) return message;
  const content = await readDocumentFile({ hash: row.attachmentHash, format: row.attachmentFormat });
  if (!content) throw new Error("pièce jointe introuvable dans les documents");
  const contentType = row.attachmentFormat === "pdf" ? "application/pdf" : "image/jpeg";
  return { ...message, attachments: [{ filename: row.attachmentName ?? "piece-jointe", content, contentType }] };
}

/** Refusals for good in a row after which the next ones are taken for a server problem and tried again later. */
const REFUSALS_BEFORE_SUSPECTING_SERVER = 5;

function describe(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

export interface MailWorker {
  /** Sends what is due now; resolves with what happened. Never runs twice at once. */
  runOnce(): Promise<RunResult>;
  /** The outbox's turn in the server's job runner: every `pollMs`, at once after a full batch. */
  job: Job<RunResult>;
  /** Runs the job on a runner of its own (tests); the server runs `job` with the others. */
  start(): void;
  /** Stops the clock, waits for the message being sent, closes the SMTP connections. */
  stop(): Promise<void>;
}

/**
 * The outbox worker. Each message is claimed with `FOR UPDATE SKIP LOCKED` and reserved for a lease before it is
 * sent, so two instances never send it twice. Transactional messages go first; a letter's messages follow at the
 * rate the mailbox allows. After a crash, a transactional message is sent again once its lease ends, a letter's
 * message is not (« interrompu »). Problems are logged once per incident, not per message.
 */
export function createMailWorker(options: MailWorkerOptions = {}): MailWorker {
  const smtpUrl = "smtpUrl" in options ? options.smtpUrl : env.SMTP_URL;
  const from = options.from ?? mailFrom();
  const pollMs = options.pollMs ?? 5000;
  const maxPerRun = options.maxPerRun ?? 50;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const ratePerHour = options.ratePerHour ?? env.MAIL_RATE_PER_HOUR;
  const letterSpacingMs = ratePerHour > 0 ? 3_600_000 / ratePerHour : 0;
  const letters = options.letters;
  const now = options.now ?? (() => new Date());
  const sender = smtpUrl ? smtpSender(smtpUrl) : fileSender(options.mailDir ?? defaultMailDir());
  const instance = `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;

  let sendFailing = false;
  let runFailing = false;
  let refusalsInARow = 0;
  let current: Promise<RunResult> | null = null;
  /** The earliest time this instance sends its next letter message (the messages are spread over the hour). */
  let nextLetterAt = 0;

  /** Whether a letter message may go at `at`: spaced out, and fewer than the hour's allowance sent in the last hour. */
  async function letterAllowed(at: Date): Promise<boolean> {
    if (!letters) return false;
    if (ratePerHour === 0) return true;
    if (at.getTime() < nextLetterAt) return false;
    const [row] = await getDb()
      .select({ n: count() })
      .from(outbox)
      .where(gt(outbox.sentAt, new Date(at.getTime() - 3_600_000)));
    return (row?.n ?? 0) < ratePerHour;
  }

  /** Reserves the next due message for this instance, skipping those another instance holds. */
  async function claim(at: Date, withLetters: boolean): Promise<OutboxRow | undefined> {
    return getDb().transaction(async (tx) => {
      const [next] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, "pending"),
            lte(outbox.nextAttemptAt, at),
            // A letter's message claimed once is never claimed again: its outcome, or « interrompu ».
            withLetters ? or(isNull(outbox.letterId), isNull(outbox.claimedAt)) : eq(outbox.priority, 0),
          ),
        )
        .orderBy(asc(outbox.priority), asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!next) return undefined;
      const [row] = await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs), claimedAt: at })
        .where(eq(outbox.id, next.id))
        .returning();
      return row;
    });
  }

  /** Writes the outcome of an attempt, and a letter message's in its letter's counts, in one transaction. */
  async function finish(row: OutboxRow, outcome: LetterOutcome, values: Partial<OutboxRow>) {
    const status = outcome === "sent" ? "sent" : outcome;
    await getDb().transaction(async (tx) => {
      // Only while the claim is still this one: a letter's message found « interrompu » meanwhile is counted once.
      const updated = await tx
        .update(outbox)
        .set({ status, claimedAt: null, ...values })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending")))
        .returning({ id: outbox.id });
      // A letter's message is only ever claimed by a worker given `letters` (see letterAllowed).
      if (row.letterId === null || updated.length === 0 || !letters) return;
      if (outcome === "bounced") await letters.bounced(tx, row);
      await letters.count(tx, row.letterId, outcome);
    });
  }

  async function retryLater(row: OutboxRow, error: unknown, at: Date): Promise<"retried" | "failed"> {
    const lastError = describe(error);
    const delay = RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      await finish(row, "failed", { lastError });
      logger.error({ outboxId: row.id, attempts: row.attempts }, "e-mail abandonné après la dernière tentative");
      return "failed";
    }
    await getDb()
      .update(outbox)
      .set({ nextAttemptAt: new Date(at.getTime() + delay), lastError, claimedAt: null })
      .where(eq(outbox.id, row.id));
    return "retried";
  }

  /** Sends one claimed message; false when the server seems down (the rest waits for the next run). */
  async function deliver(row: OutboxRow, result: RunResult): Promise<boolean> {
    let message: RenderedMessage | null;
    try {
      message = row.letterId === null ? await storedMessage(row) : await letters!.render(row);
    } catch (error) {
      // Nothing was sent: the message waits for a later run, not counted « interrompu ».
      result[await retryLater(row, error, now())]++;
      return false;
    }
    if (!message) {
      await finish(row, "skipped", {});
      result.skipped++;
      return true;
    }
    try {
      await sender.send(row, message, from);
    } catch (error) {
      // Refused for good: a letter counts a bounce on the address; a transactional message is not worth retrying.
      // Many refusals in a row are the server's doing (a relay refusing the sender), not the addresses': retried.
      if (isPermanentRefusal(error) && refusalsInARow < REFUSALS_BEFORE_SUSPECTING_SERVER) {
        refusalsInARow++;
        const outcome = row.letterId === null ? "failed" : "bounced";
        await finish(row, outcome, { lastError: describe(error) });
        result[outcome]++;
        return true;
      }
      if (!sendFailing)
        logger.warn(
          { smtp: smtpProblem(error), outboxId: row.id, instance },
          "envoi d'e-mail impossible, nouvel essai plus tard",
        );
      sendFailing = true;
      result[await retryLater(row, error, now())]++;
      return false;
    }
    // A sent message keeps who, what subject and when, not its body: the body may be a whole application or a
    // private link, and is no use once delivered; nor its file's name (the file stays with what it belongs to).
    await finish(row, "sent", {
      sentAt: now(),
      lastError: null,
      text: "",
      html: null,
      attachmentHash: null,
      attachmentFormat: null,
      attachmentName: null,
    });
    result.sent++;
    refusalsInARow = 0;
    if (sendFailing) logger.info({ instance }, "envoi d'e-mails rétabli");
    sendFailing = false;
    return true;
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 };
    try {
      // Letters' messages are left to a worker that counts them (the server's always does).
      if (letters) await interruptLetterMessages(letters, getDb(), new Date(now().getTime() - leaseMs));
      for (let i = 0; i < maxPerRun; i++) {
        const at = now();
        const row = await claim(at, await letterAllowed(at));
        if (!row) break;
        if (row.letterId !== null && letterSpacingMs > 0) nextLetterAt = at.getTime() + letterSpacingMs;
        if (!(await deliver(row, result))) break;
      }
      if (runFailing) logger.info({ instance }, "file d'envoi d'e-mails de nouveau accessible");
      runFailing = false;
    } catch (error) {
      if (!runFailing) logger.warn({ err: error, instance }, "file d'envoi d'e-mails inaccessible");
      runFailing = true;
    }
    return result;
  }

  /** The wait before the next run: none after a full run (more is due), until the next letter message if sooner. */
  function nextDelay(last: RunResult | undefined) {
    const handled = last ? last.sent + last.failed + last.bounced + last.skipped : 0;
    if (handled >= maxPerRun && !sendFailing) return 0;
    const untilLetter = nextLetterAt - now().getTime();
    return untilLetter > 0 && untilLetter < pollMs ? untilLetter : pollMs;
  }

  let jobs: JobRunner | undefined;

  const worker: MailWorker = {
    runOnce() {
      current ??= run().finally(() => {
        current = null;
      });
      return current;
    },
    job: {
      name: "envoi des e-mails",
      everyMs: pollMs,
      nextAfterMs: nextDelay,
      run: () => worker.runOnce(),
    },
    start() {
      jobs ??= startJobs([worker.job]);
    },
    async stop() {
      await jobs?.stop();
      jobs = undefined;
      await current;
      sender.close();
    },
  };
  return worker;
}
