import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, count, eq, gt, lte, sql } from "drizzle-orm";
import { createTransport, type SendMailOptions } from "nodemailer";
import { getDb, type Executor } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { MailMessageSchema, type MailMessage } from "./mail.schema";

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
 * with what caused it. Throws for an invalid message (bad address, CR/LF in the subject).
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

/** Messages given up after the last retry, for the admin dashboard. */
export async function countFailedMails(executor: Executor = getDb()): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
  return row?.n ?? 0;
}

/** Messages waiting to be sent (new or between retries), and the oldest one's age: the outbox backlog. */
export async function outboxBacklog(
  executor: Executor = getDb(),
): Promise<{ pending: number; failed: number; oldestPendingSince: Date | null }> {
  const [row] = await executor
    .select({
      pending: sql<number>`count(*) filter (where ${outbox.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
      oldest: sql<string | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'pending')`,
    })
    .from(outbox);
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingSince: row?.oldest ? new Date(row.oldest) : null,
  };
}

/**
 * Makes every waiting message due now: for a start-up on the embedded database, where no other process can hold a
 * lease, so a message claimed by a process that was killed is sent at once instead of after its lease.
 */
export async function releaseOutboxLeases(executor: Executor = getDb(), at = new Date()): Promise<number> {
  const rows = await executor
    .update(outbox)
    .set({ nextAttemptAt: at })
    .where(and(eq(outbox.status, "pending"), gt(outbox.nextAttemptAt, at)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Puts failed messages back in the queue for an immediate new series of attempts. */
export async function retryFailedMails(executor: Executor = getDb()): Promise<number> {
  const rows = await executor
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(eq(outbox.status, "failed"))
    .returning({ id: outbox.id });
  return rows.length;
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
  now?: () => Date;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

type OutboxRow = typeof outbox.$inferSelect;

interface Sender {
  send(row: OutboxRow, from: string): Promise<void>;
  close(): void;
}

function messageOptions(row: OutboxRow, from: string) {
  const created = row.createdAt.getTime().toString(36);
  return {
    from,
    to: row.to,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    // Stable across retries, so a receiving server can recognise a message it already has.
    messageId: `<outbox-${row.id}-${created}@${new URL(env.PUBLIC_URL).hostname}>`,
  };
}

/** A connection to the SMTP server of `url`, with the site's time limits. */
export function smtpTransport(url: string, socketTimeout = 60_000) {
  return createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout });
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

function smtpSender(url: string): Sender {
  const transport = smtpTransport(url);
  return {
    async send(row, from) {
      await transport.sendMail(messageOptions(row, from));
    },
    close: () => transport.close(),
  };
}

function fileSender(dir: string): Sender {
  return {
    async send(row, from) {
      const file = await writeMailFile(dir, String(row.id), messageOptions(row, from));
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
  start(): void;
  stop(): Promise<void>;
}

/**
 * The outbox worker. Each message is claimed with `FOR UPDATE SKIP LOCKED` and reserved for a
 * lease before it is sent, so two instances never send it twice; a crash after the claim only
 * delays it until the lease ends. Problems are logged once per incident, not per message.
 */
export function createMailWorker(options: MailWorkerOptions = {}): MailWorker {
  const smtpUrl = "smtpUrl" in options ? options.smtpUrl : env.SMTP_URL;
  const from = options.from ?? env.MAIL_FROM;
  const pollMs = options.pollMs ?? 5000;
  const maxPerRun = options.maxPerRun ?? 50;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const now = options.now ?? (() => new Date());
  const sender = smtpUrl ? smtpSender(smtpUrl) : fileSender(options.mailDir ?? defaultMailDir());
  const instance = `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;

  let sendFailing = false;
  let runFailing = false;
  let current: Promise<RunResult> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  /** Reserves the next due message for this instance, skipping those another instance holds. */
  async function claim(at: Date): Promise<OutboxRow | undefined> {
    return getDb().transaction(async (tx) => {
      const [next] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, at)))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!next) return undefined;
      const [row] = await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
        .where(eq(outbox.id, next.id))
        .returning();
      return row;
    });
  }

  async function settle(row: OutboxRow, error: unknown, at: Date): Promise<"retried" | "failed"> {
    const lastError = describe(error);
    const delay = RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      await getDb().update(outbox).set({ status: "failed", lastError }).where(eq(outbox.id, row.id));
      logger.error({ outboxId: row.id, attempts: row.attempts }, "e-mail abandonné après la dernière tentative");
      return "failed";
    }
    await getDb()
      .update(outbox)
      .set({ nextAttemptAt: new Date(at.getTime() + delay), lastError })
      .where(eq(outbox.id, row.id));
    return "retried";
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    try {
      for (let i = 0; i < maxPerRun; i++) {
        const row = await claim(now());
        if (!row) break;
        try {
          await sender.send(row, from);
        } catch (error) {
          if (!sendFailing)
            logger.warn(
              { err: error, outboxId: row.id, instance },
              "envoi d'e-mail impossible, nouvel essai plus tard",
            );
          sendFailing = true;
          result[await settle(row, error, now())]++;
          // The server is probably down: the other messages wait for the next run.
          break;
        }
        // A sent message keeps who, what subject and when, not its body: the body may be a whole application or a
        // private link, and is no use once delivered.
        await getDb()
          .update(outbox)
          .set({ status: "sent", sentAt: now(), lastError: null, text: "", html: null })
          .where(eq(outbox.id, row.id));
        result.sent++;
        if (sendFailing) logger.info({ instance }, "envoi d'e-mails rétabli");
        sendFailing = false;
      }
      if (runFailing) logger.info({ instance }, "file d'envoi d'e-mails de nouveau accessible");
      runFailing = false;
    } catch (error) {
      if (!runFailing) logger.warn({ err: error, instance }, "file d'envoi d'e-mails inaccessible");
      runFailing = true;
    }
    return result;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      void worker.runOnce().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  const worker: MailWorker = {
    runOnce() {
      current ??= run().finally(() => {
        current = null;
      });
      return current;
    },
    start() {
      if (running) return;
      running = true;
      void worker.runOnce().finally(schedule);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
      sender.close();
    },
  };
  return worker;
}

let worker: MailWorker | undefined;

/** Starts the outbox worker of this process (idempotent); pending messages, old ones included, are sent. */
export function startMailWorker(options?: MailWorkerOptions) {
  if (worker) return;
  worker = createMailWorker(options);
  worker.start();
}

/** Stops polling and waits for the message being sent, if any. */
export async function stopMailWorker() {
  const stopping = worker;
  worker = undefined;
  await stopping?.stop();
}
