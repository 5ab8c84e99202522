import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox } from "~/db/schema";
import { logger } from "~/server/logger.server";
import { describeEachDatabase } from "../../../tests/db";
import { startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { htmlParagraphs, wrap } from "./mail-templates.server";
import { createMailWorker, type MailWorkerOptions } from "./mail-worker.server";
import {
  countFailedMails,
  enqueueMail,
  releaseOutboxLeases,
  RETRY_DELAYS_MS,
  retryFailedMails,
  type LetterCounts,
} from "./outbox.server";
import { purgeMailFiles } from "./transports.server";

let smtp: FakeSmtp;
let clock: Date;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

const visitorText = "Bonjour,\n\nPeut-on visiter samedi ? <script>alert(1)</script>\n\nMerci";

/** A notification as the modules write them: to the association, Reply-To the visitor, whose text is escaped. */
const notification = {
  to: "bureau@jardins.example",
  replyTo: "camille@example.org",
  subject: "[Contact] Visite des jardins",
  text: `Nouveau message reçu par le formulaire de contact du site.\n\nMessage :\n${visitorText}\n`,
  html: wrap(htmlParagraphs(visitorText)),
};

/** A message to a person, from the association. */
const acknowledgement = {
  to: "karim@example.org",
  subject: "Votre demande de jardin a bien été reçue",
  text: "Bonjour Karim Benali,\n\nNous avons bien reçu votre demande de jardin.\n",
};

/** No letter is sent here: nothing to count. */
const noLetters: LetterCounts = {
  count: async () => undefined,
  countReturned: async () => undefined,
};

function worker(options: MailWorkerOptions = {}) {
  const w = createMailWorker({ smtpUrl: smtp.url, now: () => clock, ...options });
  onTestFinished(() => w.stop());
  return w;
}

const later = (ms: number) => new Date(clock.getTime() + ms);

function header(raw: string, name: string) {
  const match = new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, "mi").exec(raw);
  return match?.[1]?.replace(/\r\n[ \t]/g, " ");
}

async function rows() {
  return getDb().select().from(outbox).orderBy(outbox.id);
}

describeEachDatabase("mail outbox", () => {
  beforeEach(async () => {
    smtp.messages.length = 0;
    if (!smtp.port) await smtp.start();
    // Ahead of the database's clock by more than a test takes to queue its messages, whatever the machine's load.
    clock = new Date(Date.now() + 60_000);
  });

  it("delivers a notification with Reply-To the visitor and the visitor's text escaped in HTML", async () => {
    await enqueueMail(getDb(), notification);
    expect(await worker().runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, bounced: 0, skipped: 0 });

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.to).toEqual(["bureau@jardins.example"]);
    expect(header(mail!.raw, "Reply-To")).toBe("camille@example.org");
    expect(header(mail!.raw, "Subject")).toBe("[Contact] Visite des jardins");
    expect(header(mail!.raw, "Message-ID")).toMatch(/^<outbox-\d+-[0-9a-z]+-[0-9a-f]{20}@localhost>$/);
    const [text, html] = mail!.raw.split(/Content-Type: text\/html/i);
    expect(text).toContain("Content-Type: text/plain");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<script>/);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toEqual(clock);
    // Once delivered, the headers and status are kept, not the body (the visitor's message, a private link).
    expect(row).toMatchObject({
      to: "bureau@jardins.example",
      subject: "[Contact] Visite des jardins",
      text: "",
      html: null,
    });
  });

  it("marks every message automatic, so that no out-of-office reply comes back, and sends tidy text parts", async () => {
    await enqueueMail(getDb(), {
      to: "karim@example.org",
      subject: "Bienvenue",
      text: "Bonjour,  \n\n\n\n\nVotre parcelle vous attend.\n\n\nA samedi\n\n",
    });
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    const raw = smtp.messages[0]!.raw;
    expect(header(raw, "Auto-Submitted")).toBe("auto-generated");
    expect(header(raw, "X-Auto-Response-Suppress")).toBe("OOF, AutoReply");
    const body = raw.replaceAll("\r\n", "\n");
    expect(body.slice(body.indexOf("\n\n") + 2)).toBe("Bonjour,\n\nVotre parcelle vous attend.\n\nA samedi\n");
  });

  it("writes the message in the caller's transaction", async () => {
    await getDb()
      .transaction(async (tx) => {
        await enqueueMail(tx, notification);
        throw new Error("rollback");
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(0);
  });

  it("puts any subject on one line, whatever reached it: no header injection, no message refused", async () => {
    await enqueueMail(getDb(), { to: "a@example.org", subject: "Bonjour\r\nBcc: victime@example.org", text: "x" });
    // An event's title typed on two lines, in a sign-up's confirmation.
    await enqueueMail(getDb(), { to: "b@example.org", subject: "Inscription : Fête\ndes récoltes", text: "x" });
    await expect(enqueueMail(getDb(), { to: "pas une adresse", subject: "Bonjour", text: "x" })).rejects.toThrow(
      /email/i,
    );
    expect((await rows()).map((r) => r.subject)).toEqual([
      "Bonjour Bcc: victime@example.org",
      "Inscription : Fête des récoltes",
    ]);
    expect(await worker().runOnce()).toMatchObject({ sent: 2, failed: 0 });
    expect(smtp.messages.map((m) => m.to)).toEqual([["a@example.org"], ["b@example.org"]]);
    expect(header(smtp.messages[0]!.raw, "Subject")).toBe("Bonjour Bcc: victime@example.org");
    expect(smtp.messages[0]!.raw).not.toMatch(/^Bcc:/im);
  });

  it("retries after the SMTP server was down, logging the incident once", async () => {
    const warn = vi.spyOn(logger, "warn");
    const info = vi.spyOn(logger, "info");
    onTestFinished(() => {
      warn.mockRestore();
      info.mockRestore();
    });
    await enqueueMail(getDb(), notification);
    await enqueueMail(getDb(), { ...notification, subject: "Nouvelle demande de jardin : Karim Benali" });
    await smtp.stop();
    const w = worker();

    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, bounced: 0, skipped: 0 });
    let [first, second] = await rows();
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first!.nextAttemptAt).toEqual(later(RETRY_DELAYS_MS[0]));
    expect(first!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(second).toMatchObject({ attempts: 0 });

    // The next run tries the second message, still down: no new log line.
    clock = later(5000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, bounced: 0, skipped: 0 });
    expect(warn).toHaveBeenCalledTimes(1);

    // Not due yet.
    clock = later(30_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 });

    await smtp.start();
    clock = later(RETRY_DELAYS_MS[0]);
    expect(await w.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0, bounced: 0, skipped: 0 });
    [first, second] = await rows();
    expect([first!.status, second!.status]).toEqual(["sent", "sent"]);
    expect(first!.attempts).toBe(2);
    expect(smtp.messages).toHaveLength(2);
    expect(info).toHaveBeenCalledWith(expect.anything(), "envoi d'e-mails rétabli");
  });

  it("marks a message failed after the last retry (1 min, 5 min, 30 min, 2 h, 12 h)", async () => {
    const error = vi.spyOn(logger, "error");
    onTestFinished(() => error.mockRestore());
    await enqueueMail(getDb(), notification);
    await smtp.stop();
    const w = worker();
    const start = clock;
    for (const delay of RETRY_DELAYS_MS) {
      expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, bounced: 0, skipped: 0 });
      const [row] = await rows();
      expect(row!.nextAttemptAt.getTime() - clock.getTime()).toBe(delay);
      clock = later(delay - 1);
      expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 });
      clock = later(1);
    }
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1, bounced: 0, skipped: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    expect(clock.getTime() - start.getTime()).toBe(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(await countFailedMails()).toBe(1);
    expect(error).toHaveBeenCalledTimes(1);

    // Nothing more happens to a failed message, until an administrator retries it.
    clock = later(24 * 3_600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 });
    await smtp.start();
    expect(await retryFailedMails()).toBe(1);
    expect(await countFailedMails()).toBe(0);
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, bounced: 0, skipped: 0 });
  });

  it("loses nothing when the process stops between insert and send: the next worker sends it", async () => {
    await enqueueMail(getDb(), { ...notification, subject: "Nouvelle demande de jardin : Karim Benali" });
    await enqueueMail(getDb(), acknowledgement);
    // No worker ran. A new one starts, as after a restart:
    const w = worker({ pollMs: 20, now: undefined });
    w.start();
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 5000, interval: 20 });
    await w.stop();
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(["bureau@jardins.example", "karim@example.org"]);
    expect((await rows()).every((r) => r.status === "sent")).toBe(true);
  });

  it("a message claimed by a worker that then died is sent once its lease ends", async () => {
    await enqueueMail(getDb(), notification);
    // A claim as the dead worker made it: attempts counted, reserved for five minutes.
    await getDb()
      .update(outbox)
      .set({ attempts: 1, nextAttemptAt: later(5 * 60_000) });
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, bounced: 0, skipped: 0 });
    clock = later(5 * 60_000);
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, bounced: 0, skipped: 0 });
  });

  it("on a start alone on the database, a message a killed process had claimed is due at once", async () => {
    await enqueueMail(getDb(), notification);
    await getDb()
      .update(outbox)
      .set({ attempts: 1, nextAttemptAt: later(5 * 60_000) });
    expect(await releaseOutboxLeases(noLetters, getDb(), clock)).toBe(1);
    expect(await worker().runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, bounced: 0, skipped: 0 });
    expect(await releaseOutboxLeases(noLetters, getDb(), clock)).toBe(0);
  });

  it("never sends a message twice when two workers run at once", async () => {
    for (let i = 0; i < 12; i++) {
      await enqueueMail(getDb(), { to: `membre${i}@example.org`, subject: `Message ${i}`, text: "Bonjour" });
    }
    const workers = [worker(), worker(), worker()];
    const results = await Promise.all(workers.map((w) => w.runOnce()));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.to[0])).size).toBe(12);
  });

  it("writes .eml files when no SMTP server is configured", async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-mail-"));
    onTestFinished(() => fsp.rm(dir, { recursive: true, force: true }));
    await enqueueMail(getDb(), notification);
    const w = worker({ smtpUrl: undefined, mailDir: dir });
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, bounced: 0, skipped: 0 });
    const files = await fsp.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await fsp.readFile(path.join(dir, files[0]!), "utf8");
    expect(header(raw, "To")).toBe("bureau@jardins.example");
    expect(header(raw, "Reply-To")).toBe("camille@example.org");
    expect(smtp.messages).toHaveLength(0);
    // A whole message, for the server's account only.
    expect((await fsp.stat(path.join(dir, files[0]!))).mode & 0o777).toBe(0o600);
  });

  it("deletes .eml files last written before a date, and nothing else", async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-mail-"));
    onTestFinished(() => fsp.rm(dir, { recursive: true, force: true }));
    const old = path.join(dir, "ancien.eml");
    await fsp.writeFile(old, "Subject: ancien\n\n");
    await fsp.utimes(old, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    await fsp.writeFile(path.join(dir, "recent.eml"), "Subject: récent\n\n");
    await fsp.writeFile(path.join(dir, "notes.txt"), "");
    await fsp.utimes(path.join(dir, "notes.txt"), new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    expect(await purgeMailFiles(new Date("2026-02-01T00:00:00Z"), dir)).toBe(1);
    expect((await fsp.readdir(dir)).sort()).toEqual(["notes.txt", "recent.eml"]);
    expect(await purgeMailFiles(new Date(), path.join(dir, "absent"))).toBe(0);
  });
});
