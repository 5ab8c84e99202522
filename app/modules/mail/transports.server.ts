import fsp from "node:fs/promises";
import path from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import { associationDir } from "~/db/association.server";
import { logger } from "~/server/logger.server";
import { oneLine } from "~/lib/text";
import { tidyText } from "./mail-templates.server";
import { traceable } from "./bounce-token.server";
import { dkimSigning } from "./dkim.server";
import type { OutboxRow } from "./outbox.server";

/** A message as the worker sends it: a stored one, or a letter's message rendered for its recipient. */
export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** A file joined to the message, read from the documents store by the worker. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Where the worker's messages go: an SMTP server, or .eml files. */
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
    attachments: message.attachments,
    headers: {
      ...AUTOMATIC_HEADERS,
      ...(message.headers && Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, oneLine(v)]))),
    },
    // A Message-ID stable across retries and signed, and an envelope sender of its own when set: a bounce is traced
    // back to this row (bounces.server.ts).
    ...traceable(row),
  };
}

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

/** What the logs keep of an SMTP error: its codes, never its text (which quotes the recipient's address). */
export function smtpProblem(error: unknown) {
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
export function isPermanentRefusal(error: unknown) {
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
  return path.join(associationDir(), "mail");
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

/** The worker's SMTP sender: one pooled connection, kept open from one message to the next. */
export function smtpSender(url: string): Sender {
  const transport = smtpTransport(url, 60_000, true);
  return {
    async send(row, message, from) {
      await transport.sendMail(messageOptions(row, message, from));
    },
    close: () => transport.close(),
  };
}

/** The worker's sender without SMTP: each message an .eml file in `dir`, named by its outbox row. */
export function fileSender(dir: string): Sender {
  return {
    async send(row, message, from) {
      const file = await writeMailFile(dir, String(row.id), messageOptions(row, message, from));
      logger.info({ outboxId: row.id, file }, "e-mail écrit dans un fichier (SMTP_URL non défini)");
    },
    close: () => undefined,
  };
}
