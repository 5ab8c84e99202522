import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, count, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { createTransport, type SendMailOptions } from "nodemailer";
import { getDb, type Executor } from "~/db/client.server";
import { newsletterLetters, outbox } from "~/db/schema";
import { env } from "~/server/env.server";
import { startJobs, type Job, type JobRunner } from "~/server/jobs.server";
import { logger } from "~/server/logger.server";
import { oneLine } from "~/lib/text";
import { MailMessageSchema, type MailMessage } from "./mail.schema";
import { tidyText } from "./mail-templates.server";
import { traceable } from "./bounce-token.server";
import { dkimSigning } from "./dkim.server";

export type { MailMessage } from "./mail.schema";
export {
  applicationAckMail,
  applicationWithdrawnMail,
  contactMessageMail,
  adPublishedMail,
  newAdMail,
  newApplicationMail,
  newsletterConfirmationMail,
} from "./mail-templates.server";

/** Waits after the 1st, 2nd … 5th failed attempt; the 6th failure marks the message failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

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
 * was being sent is counted « interrompu » (it may have arrived: a letter is never sent twice). Returns how many
 * transactional messages were released.
 */
export async function releaseOutboxLeases(executor: Executor = getDb(), at = new Date()): Promise<number> {
  await interruptLetterMessages(executor, at);
  const rows = await executor
    .update(outbox)
    .set({ nextAttemptAt: at, claimedAt: null })
    .where(and(eq(outbox.status, "pending"), gt(outbox.nextAttemptAt, at), isNull(outbox.letterId)))
    .returning({ id: outbox.id });
  return rows.length;
}

type LetterOutcome = "sent" | "bounced" | "failed" | "skipped" | "interrupted";

/**
 * Adds `outcome` to the counts of `letterId` (the counts outlive the outbox rows) and closes the letter once none
 * of its messages is waiting.
 */
async function countLetterOutcome(executor: Executor, letterId: number, outcome: LetterOutcome, howMany = 1) {
  const column = newsletterLetters[outcome];
  await executor
    .update(newsletterLetters)
    .set({ [outcome]: sql`${column} + ${howMany}` })
    .where(eq(newsletterLetters.id, letterId));
  await executor
    .update(newsletterLetters)
    .set({ status: "envoyee", finishedAt: new Date() })
    .where(
      and(
        eq(newsletterLetters.id, letterId),
        eq(newsletterLetters.status, "envoi"),
        sql`not exists (select 1 from ${outbox} where ${outbox.letterId} = ${letterId} and ${outbox.status} = 'pending')`,
      ),
    );
}

/**
 * Removes the letter messages still waiting for `where` (an address being erased), each counted « skipped » on its
 * letter: the address leaves the outbox at once, and the letter's progress still adds up.
 */
export async function dropWaitingLetterMessages(executor: Executor, where: SQL) {
  const rows = await executor
    .delete(outbox)
    .where(and(where, eq(outbox.status, "pending"), isNotNull(outbox.letterId), isNull(outbox.claimedAt)))
    .returning({ letterId: outbox.letterId });
  for (const row of rows) await countLetterOutcome(executor, row.letterId!, "skipped");
  return rows.length;
}

/**
 * Letter messages claimed before `claimedBefore` whose outcome was never written (the process sending them died):
 * « interrompu », not sent again. Returns how many.
 */
async function interruptLetterMessages(executor: Executor, claimedBefore: Date): Promise<number> {
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
  for (const [letterId, howMany] of byLetter) await countLetterOutcome(executor, letterId, "interrupted", howMany);
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

/** A message as the worker sends it: a stored one, or a letter's message rendered for its recipient. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** What the worker needs of the newsletter module (which depends on this one) to send a letter's messages. */
export interface LetterDelivery {
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
  /** How letters' messages are rendered; without it they wait. */
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

export type OutboxRow = typeof outbox.$inferSelect;

interface Sender {
  send(row: OutboxRow, message: RenderedMessage, from: string): Promise<void>;
  close(): void;
}

/**
 * Every message the site sends is automatic (RFC 3834), and says so to Outlook and Exchange too: an out-of-office
 * or other automatic reply is not sent back to the association's inbox. Non-delivery reports still come back.
 */
export const AUTOMATIC_HEADERS = { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "OOF, AutoReply" };

function messageOptions(row: OutboxRow, message: RenderedMessage, from: string) {
  return {
    from,
    to: row.to,
    replyTo: message.replyTo,
    // Every header value on one line, whatever reached it: a rendered letter's subject, a header's value.
    subject: oneLine(message.subject),
    text: tidyText(message.text),
    html: message.html,
    headers: {
      ...AUTOMATIC_HEADERS,
      ...(message.headers && Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, oneLine(v)]))),
    },
    // A Message-ID stable across retries and signed, and an envelope sender of its own when set: a bounce is traced
    // back to this row (bounces.server.ts).
    ...traceable(row),
  };
}

const storedMessage = (row: OutboxRow): RenderedMessage => ({
  subject: row.subject,
  text: row.text,
  html: row.html ?? undefined,
  replyTo: row.replyTo ?? undefined,
});

/**
 * A connection to the SMTP server of `url`, with the site's time limits; `pool` keeps it open from one message to
 * the next (the outbox worker), instead of a new connection and greeting per message.
 */
export function smtpTransport(url: string, socketTimeout = 60_000, pool = false) {
  // Signed with DKIM_SELECTOR's key when it is set (dkim.server.ts).
  const common = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout, dkim: dkimSigning() };
  return pool
    ? createTransport({ url, pool: true, maxConnections: 1, maxMessages: 500, ...common })
    : createTransport({ url, ...common });
}

/** Refusals for good in a row after which the next ones are taken for a server problem and tried again later. */
const REFUSALS_BEFORE_SUSPECTING_SERVER = 5;

/** What the logs keep of an SMTP error: its codes, never its text (which quotes the recipient's address). */
function smtpProblem(error: unknown) {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return { code, responseCode, command };
}

/**
 * A refusal for good by the recipient's server: a 5xx answer to RCPT TO or to the message (DATA). Anything else
 * (4xx, a connection refused, a time-out) is tried again later.
 */
function isPermanentRefusal(error: unknown) {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === "RCPT TO" || command === "DATA")
  );
}

const fileTransport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** Where e-mails are written as .eml files when no SMTP server is set. */
export function defaultMailDir() {
  return path.join(env.dataDir, "mail");
}

/**
 * Writes a message as an .eml file in `dir`, named by the time and `name`; returns the file's path. The file holds a
 * whole message (an application, a private link): readable by the server's account only.
 */
export async function writeMailFile(dir: string, name: string, mail: SendMailOptions): Promise<string> {
  const info = await fileTransport.sendMail(mail);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${name}.eml`);
  await fsp.writeFile(file, info.message as Buffer, { mode: 0o600 });
  return file;
}

/** Deletes the .eml files of `dir` last written before `before`; returns how many. */
export async function purgeMailFiles(before: Date, dir = defaultMailDir()): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0; // no file was ever written
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtime < before) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** The addresses of a message file's To and Reply-To headers (lower-cased); only its headers are read. */
async function fileAddresses(file: string): Promise<string[]> {
  const handle = await fsp.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16_384), 0, 16_384, 0);
    // Folded header lines continue with a space or a tab.
    const head = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, " ");
    const values = [...head.matchAll(/^(?:to|reply-to):(.*)$/gim)].map((header) => header[1]!).join(",");
    return (values.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).map((address) => address.toLowerCase());
  } finally {
    await handle.close();
  }
}

/**
 * Deletes the .eml files written for `email` (an erasure): those of the outbox rows `ids` by their name, and any other
 * whose To or Reply-To header names the address (its outbox row gone already). Returns how many.
 */
export async function removeMailFilesTo(email: string, ids: number[], dir = defaultMailDir()): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0; // no file was ever written
  }
  const address = email.trim().toLowerCase();
  const named = new Set(ids.map(String));
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    const id = /-(\d+)\.eml$/.exec(name)?.[1];
    const theirs =
      (id !== undefined && named.has(id)) || (await fileAddresses(file).catch((): string[] => [])).includes(address);
    if (theirs) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

function smtpSender(url: string): Sender {
  const transport = smtpTransport(url, 60_000, true);
  return {
    async send(row, message, from) {
      await transport.sendMail(messageOptions(row, message, from));
    },
    close: () => transport.close(),
  };
}

function fileSender(dir: string): Sender {
  return {
    async send(row, message, from) {
      const file = await writeMailFile(dir, String(row.id), messageOptions(row, message, from));
      logger.info({ outboxId: row.id, file }, "e-mail écrit dans un fichier (SMTP_URL non défini)");
    },
    close: () => undefined,
  };
}

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
  const from = options.from ?? env.MAIL_FROM;
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
      if (row.letterId === null || updated.length === 0) return;
      if (outcome === "bounced") await letters?.bounced(tx, row);
      await countLetterOutcome(tx, row.letterId, outcome);
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
      message = row.letterId === null ? storedMessage(row) : await letters!.render(row);
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
    // private link, and is no use once delivered.
    await finish(row, "sent", { sentAt: now(), lastError: null, text: "", html: null });
    result.sent++;
    refusalsInARow = 0;
    if (sendFailing) logger.info({ instance }, "envoi d'e-mails rétabli");
    sendFailing = false;
    return true;
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 };
    try {
      await interruptLetterMessages(getDb(), new Date(now().getTime() - leaseMs));
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
