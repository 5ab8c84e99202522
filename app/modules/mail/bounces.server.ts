import { and, count, eq, isNull } from "drizzle-orm";
import type { ImapFlow } from "imapflow";
import { getDb } from "~/db/client.server";
import { outbox } from "~/modules/mail/mail.tables";
import { startJobs, type Job, type JobRunner } from "~/server/jobs.server";
import { logger } from "~/server/logger.server";
import { signedFor, traceInMessageId, tracesInAddresses } from "./bounce-token.server";
import { isHardBounce, readDeliveryReport, type DeliveryReport } from "./dsn.server";
import type { LetterDelivery } from "./mail-worker.server";
import type { OutboxRow } from "./outbox.server";

/**
 * What became of a report: a refusal counted now; one counted before (the same report read twice, or a second
 * report for the same message); ours but nothing to count (a delay, a 4.x.x); ours but its message is still being
 * sent (read again later); or not traced to any message of ours (someone else's bounce, or a forgery).
 */
export type BounceOutcome = "counted" | "already" | "ignored" | "later" | "unknown";

/** A message that went, or may have gone (« interrompu »), and can still come back refused. */
const RETURNABLE = ["sent", "interrupted"] as const;
type Returnable = (typeof RETURNABLE)[number];

/** The outbox row a report is about: one whose signature it carries, in its envelope sender or the returned copy. */
async function tracedRow(report: DeliveryReport): Promise<OutboxRow | undefined> {
  const returned = traceInMessageId(report.returnedMessageId);
  const traces = [...tracesInAddresses(report.deliveredTo), ...(returned ? [returned] : [])];
  for (const trace of traces) {
    const [row] = await getDb().select().from(outbox).where(eq(outbox.id, trace.id));
    if (row && signedFor(row, trace)) return row;
  }
  return undefined;
}

/**
 * Applies a delivery report. A refusal for good is counted as a 5xx at sending is: a letter's message counts, through
 * the newsletter module, a bounce on its letter (moved from where it was counted) and on the address; a
 * transactional message is marked « bounced ». The row's state is the claim: locked and changed once, however many
 * instances read the same report, however often.
 */
export async function recordBounce(report: DeliveryReport, letters: LetterDelivery): Promise<BounceOutcome> {
  const row = await tracedRow(report);
  if (!row) return "unknown";
  if (!isHardBounce(report)) return "ignored";
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(outbox).where(eq(outbox.id, row.id)).for("update");
    if (!current) return "already";
    if (current.status === "pending") return "later";
    if (!RETURNABLE.includes(current.status as Returnable)) return "already";
    await tx
      .update(outbox)
      .set({ status: "bounced", lastError: "refusé par le serveur du destinataire (avis de non-remise)" })
      .where(eq(outbox.id, current.id));
    if (current.letterId !== null) {
      await letters.bounced(tx, current);
      await letters.countReturned(tx, current.letterId, current.status as Returnable);
    }
    return "counted";
  });
}

/**
 * Transactional messages refused by their recipient's server after they went (an address that does not exist), for
 * the dashboard: not sent again, unlike the messages given up after their retries. A letter counts its own.
 */
export async function countBouncedMails(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.status, "bounced"), isNull(outbox.letterId)));
  return row?.n ?? 0;
}

/** Where the bounce mailbox is, from BOUNCE_IMAP_URL: imaps://user:password@host:993/INBOX. */
export function bounceMailbox(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    path: decodeURIComponent(parsed.pathname.replace(/^\/+/, "")) || "INBOX",
  };
}

/** What the logs keep of an IMAP error: its code, never its text (a server may quote the account). */
function imapProblem(error: unknown) {
  const { code, authenticationFailed } = (error ?? {}) as { code?: unknown; authenticationFailed?: unknown };
  return { code, authenticationFailed };
}

export interface BounceRunResult {
  counted: number;
  /** Reports of ours with nothing to count, or counted before: removed from the mailbox like the counted ones. */
  ignored: number;
  /** Reports not traced to a message of ours: left in the mailbox, for a person to read. */
  unknown: number;
}

export interface BounceReaderOptions {
  /** The mailbox, as BOUNCE_IMAP_URL says it. */
  imapUrl: string;
  /** How a letter's bounce is counted on its letter and on its address. */
  letters: LetterDelivery;
  /** Delay between two readings; default 10 minutes (bounces come minutes to days after sending). */
  pollMs?: number;
  /** Messages examined in one reading at most; default 100. */
  maxPerRun?: number;
  /** TLS options for the connection (a test server's certificate). */
  tls?: { rejectUnauthorized?: boolean };
}

/** A report quoting a whole letter is some hundred kilobytes; bigger messages are not bounces of ours. */
const MAX_REPORT_BYTES = 2 * 1024 * 1024;
/** Messages this process already looked at and left, not fetched again until the mailbox changes. */
const MAX_REMEMBERED = 10_000;

export interface BounceReader {
  /** Reads the mailbox once; never runs twice at once. */
  runOnce(): Promise<BounceRunResult>;
  /** The mailbox's turn in the server's job runner, every `pollMs`. */
  job: Job<BounceRunResult>;
  /** Runs the job on a runner of its own (tests); the server runs `job` with the others. */
  start(): void;
  /** Stops reading and waits for the reading in progress, if any. */
  stop(): Promise<void>;
}

/**
 * The reader of the bounce mailbox (decision 022). Each reading fetches the headers of the messages it has not
 * looked at, then the whole of those that announce a delivery report; a report traced to one of our messages is
 * applied (`recordBounce`), then deleted from the mailbox; anything else is left where it is. A mailbox that cannot
 * be reached is logged once and tried again at the next reading.
 */
export function createBounceReader(options: BounceReaderOptions): BounceReader {
  const mailbox = bounceMailbox(options.imapUrl);
  const pollMs = options.pollMs ?? 10 * 60_000;
  const maxPerRun = options.maxPerRun ?? 100;
  /** UIDs looked at and left, valid while the mailbox keeps its UIDVALIDITY. */
  const left = new Set<number>();
  let uidValidity: bigint | undefined;
  let failing = false;
  let stopped = false;
  let current: Promise<BounceRunResult> | null = null;
  let client: ImapFlow | undefined;

  function remember(uid: number) {
    if (left.size >= MAX_REMEMBERED) left.clear();
    left.add(uid);
  }

  async function read(connection: ImapFlow, result: BounceRunResult) {
    const lock = await connection.getMailboxLock(mailbox.path);
    try {
      const opened = connection.mailbox;
      if (opened && opened.uidValidity !== uidValidity) {
        left.clear();
        uidValidity = opened.uidValidity;
      }
      const uids = (await connection.search({ all: true }, { uid: true })) || [];
      // The newest first: reports come in days after the sending, a mailbox's old messages are not ours.
      const fresh = uids.filter((uid) => !left.has(uid)).slice(-maxPerRun);
      if (fresh.length === 0) return;
      // Headers first: only what announces a delivery report, at a report's size, is fetched whole.
      const reports: number[] = [];
      for await (const message of connection.fetch(
        fresh,
        { uid: true, size: true, headers: ["content-type"] },
        { uid: true },
      )) {
        const type = message.headers?.toString("utf8").replace(/\r?\n[ \t]+/g, " ") ?? "";
        const isReport = /multipart\/report/i.test(type) && /report-type\s*=\s*"?(global-)?delivery-status/i.test(type);
        if (isReport && (message.size ?? 0) <= MAX_REPORT_BYTES) reports.push(message.uid);
        else remember(message.uid);
      }
      const done: number[] = [];
      for (const uid of reports) {
        if (stopped) break;
        const message = await connection.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        const report = message && message.source ? await readDeliveryReport(message.source) : null;
        const outcome = report ? await recordBounce(report, options.letters) : "unknown";
        if (outcome === "counted") result.counted++;
        else if (outcome === "already" || outcome === "ignored") result.ignored++;
        else if (outcome === "unknown") result.unknown++;
        if (outcome === "unknown") remember(uid);
        else if (outcome !== "later") done.push(uid);
      }
      if (done.length > 0) await connection.messageDelete(done, { uid: true });
    } finally {
      lock.release();
    }
  }

  async function run(): Promise<BounceRunResult> {
    const result: BounceRunResult = { counted: 0, ignored: 0, unknown: 0 };
    // Loaded with the first run: only a server given a bounce mailbox needs it, and it holds megabytes once loaded.
    const { ImapFlow } = await import("imapflow");
    if (stopped) return result;
    const connection = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.secure,
      auth: mailbox.auth,
      tls: options.tls,
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    // Errors reach the awaited calls; one arriving between them must not end the process.
    connection.on("error", () => undefined);
    client = connection;
    try {
      await connection.connect();
      await read(connection, result);
      await connection.logout();
      if (failing) logger.info("boîte des retours de nouveau accessible");
      failing = false;
      if (result.counted + result.ignored > 0) logger.info({ ...result }, "avis de non-remise lus");
    } catch (error) {
      connection.close();
      // A reading cut short by a stop is not a problem of the mailbox.
      if (!stopped && !failing)
        logger.warn(
          { imap: imapProblem(error) },
          "lecture de la boîte des retours impossible (BOUNCE_IMAP_URL), nouvel essai plus tard",
        );
      if (!stopped) failing = true;
    } finally {
      client = undefined;
    }
    return result;
  }

  /** A stop closes the connection rather than waiting for it; a report being applied finishes its transaction. */
  function halt() {
    stopped = true;
    client?.close();
  }

  let jobs: JobRunner | undefined;

  const reader: BounceReader = {
    runOnce() {
      current ??= run().finally(() => {
        current = null;
      });
      return current;
    },
    job: {
      name: "lecture des avis de non-remise",
      everyMs: pollMs,
      // One mailbox: with several instances, one reads it at a time.
      once: true,
      run(signal) {
        signal.addEventListener("abort", halt, { once: true });
        return reader.runOnce();
      },
    },
    start() {
      jobs ??= startJobs([reader.job]);
    },
    async stop() {
      halt();
      await jobs?.stop();
      jobs = undefined;
      await current;
    },
  };
  return reader;
}
