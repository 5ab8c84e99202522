import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { newsletterSubscribers, outbox } from "~/db/schema";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { bodyOf, createLetter, getLetter, letterDelivery, queueLetter } from "~/modules/newsletter/letters.server";
import { describeEachDatabase } from "../../../tests/db";
import { bounceSample } from "../../../tests/bounce-samples";
import { insertSubscriber } from "../../../tests/factories";
import { startFakeImap, type FakeImap } from "../../../tests/fakes/imap";
import { startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { bounceMailbox, createBounceReader, countBouncedMails, type BounceReader } from "./bounces.server";
import { createMailWorker } from "./mail-worker.server";
import { enqueueMail } from "./outbox.server";

let smtp: FakeSmtp;
let imap: FakeImap;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  imap = await startFakeImap();
});
afterAll(async () => {
  await smtp.stop();
  await imap.stop();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  imap.messages.length = 0;
  imap.commands.length = 0;
  // Up again after a test that stopped it, whatever that test's outcome.
  await imap.stop();
  await imap.start();
});

/** Sends what the outbox holds through the SMTP fake, as the server would. */
async function sendAll() {
  const worker = createMailWorker({ smtpUrl: smtp.url, ratePerHour: 0, letters: letterDelivery(), maxPerRun: 500 });
  await worker.runOnce();
  await worker.stop();
}

/** A letter to the subscribers, sent; its id. */
async function sendLetter(subject = "Journée de travail collectif samedi") {
  const draft = await createLetter(
    { audience: "abonnes", source: "libre", sourceId: null, eventId: null, subject, message: "<p>Paillage.</p>" },
    "Hervé Dubois",
  );
  const letter = (await getLetter(draft.id))!;
  const body = await bodyOf(letter);
  await getDb().transaction((tx) => queueLetter(letter, body, tx));
  await sendAll();
  return draft.id;
}

/** The last message the relay took for `to`: its Message-ID and envelope sender. */
function sentTo(to: string) {
  const mail = smtp.messages.findLast((m) => m.to.includes(to))!;
  return { messageId: /^Message-ID: (.*)$/im.exec(mail.raw)![1]!.trim(), envelopeFrom: mail.from };
}

/** A report of `name` about the last message sent to `recipient`, delivered to the bounce mailbox. */
function bounce(name: string, recipient: string, overrides: Partial<{ messageId: string; bounceTo: string }> = {}) {
  const sent = sentTo(recipient);
  return imap.deliver(
    bounceSample(name, {
      messageId: sent.messageId,
      recipient,
      bounceTo: sent.envelopeFrom,
      ...overrides,
    }),
  );
}

function reader(): BounceReader {
  const r = createBounceReader({ imapUrl: imap.url, letters: letterDelivery(), pollMs: 60_000 });
  onTestFinished(() => r.stop());
  return r;
}

const subscriber = async (email: string) =>
  (await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!;
const rowTo = async (email: string) =>
  (await getDb().select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id)).at(-1)!;

/** Everything the logs were given, to check that no address is in it. */
function logged() {
  const calls = [vi.spyOn(logger, "info"), vi.spyOn(logger, "warn"), vi.spyOn(logger, "error")];
  return () => JSON.stringify(calls.map((spy) => spy.mock.calls));
}

it("reads BOUNCE_IMAP_URL: the account, TLS and its port, the folder", () => {
  expect(bounceMailbox("imaps://retours%40jardins.example:p%40ss%3Aword@ssl0.ovh.net/Retours")).toEqual({
    host: "ssl0.ovh.net",
    port: 993,
    secure: true,
    auth: { user: "retours@jardins.example", pass: "p@ss:word" },
    path: "Retours",
  });
  expect(bounceMailbox("imap://u:p@[::1]:1143")).toMatchObject({
    host: "::1",
    port: 1143,
    secure: false,
    path: "INBOX",
  });
});

describeEachDatabase("bounce mailbox", () => {
  it("counts a Postfix bounce of a letter on its subscriber and its letter, then deletes it", async () => {
    const logs = logged();
    await insertSubscriber("parti@example.com");
    await insertSubscriber("reste@example.org");
    const letterId = await sendLetter();
    bounce("postfix-user-unknown.eml", "parti@example.com");

    expect(await reader().runOnce()).toEqual({ counted: 1, ignored: 0, unknown: 0 });

    expect(await getLetter(letterId)).toMatchObject({ total: 2, sent: 1, bounced: 1, status: "envoyee" });
    expect((await subscriber("parti@example.com")).bounces).toBe(1);
    expect((await subscriber("reste@example.org")).bounces).toBe(0);
    expect((await rowTo("parti@example.com")).status).toBe("bounced");
    expect(imap.messages).toEqual([]);
    expect(logs()).toContain("avis de non-remise lus");
    expect(logs()).not.toContain("@example");
  });

  it("stops serving an address refused twice, the second time by Exim quoting only the headers", async () => {
    await insertSubscriber("parti@example.com");
    await insertSubscriber("reste@example.org");
    await sendLetter("Première lettre");
    bounce("postfix-user-unknown.eml", "parti@example.com");
    await reader().runOnce();
    await sendLetter("Deuxième lettre");
    bounce("exim-headers-only.eml", "parti@example.com");
    expect(await reader().runOnce()).toMatchObject({ counted: 1 });
    expect((await subscriber("parti@example.com")).bounces).toBe(2);

    smtp.messages.length = 0;
    const third = await sendLetter("Troisième lettre");
    expect(smtp.messages.map((m) => m.to)).toEqual([["reste@example.org"]]);
    expect(await getLetter(third)).toMatchObject({ total: 1, sent: 1 });
  });

  it("changes nothing for a delay (4.x.x), but clears the notice away", async () => {
    await insertSubscriber("parti@example.com");
    const letterId = await sendLetter();
    bounce("postfix-delayed.eml", "parti@example.com");

    expect(await reader().runOnce()).toEqual({ counted: 0, ignored: 1, unknown: 0 });
    expect(await getLetter(letterId)).toMatchObject({ sent: 1, bounced: 0 });
    expect((await subscriber("parti@example.com")).bounces).toBe(0);
    expect((await rowTo("parti@example.com")).status).toBe("sent");
    expect(imap.messages).toEqual([]);
  });

  it("changes nothing for a forged report, leaves it in the mailbox and does not fetch it again", async () => {
    await insertSubscriber("parti@example.com");
    const letterId = await sendLetter();
    const { messageId } = sentTo("parti@example.com");
    const row = await rowTo("parti@example.com");
    const elsewhere = { bounceTo: "contact@jardins.example.org" };
    // A signature that is not the server's; a row that does not exist; an envelope sender signed for another row.
    bounce("postfix-user-unknown.eml", "parti@example.com", {
      ...elsewhere,
      messageId: messageId.replace(/-[0-9a-f]{20}@/, "-00000000000000000000@"),
    });
    bounce("exim-headers-only.eml", "parti@example.com", {
      ...elsewhere,
      messageId: messageId.replace(/^<outbox-\d+-/, "<outbox-9999-"),
    });
    bounce("exim-headers-only.eml", "parti@example.com", {
      messageId: "<autre@example.net>",
      bounceTo: `retours+${row.id + 1}-${/-([0-9a-f]{20})@/.exec(messageId)![1]}@jardins.example.org`,
    });

    const r = reader();
    expect(await r.runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 3 });
    expect(await getLetter(letterId)).toMatchObject({ sent: 1, bounced: 0 });
    expect((await subscriber("parti@example.com")).bounces).toBe(0);
    expect(imap.messages).toHaveLength(3);

    imap.commands.length = 0;
    expect(await r.runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 0 });
    expect(imap.commands.filter((c) => c.startsWith("UID FETCH"))).toEqual([]);
  });

  it("leaves a reply quoting a letter's Message-ID in the mailbox, never fetched whole", async () => {
    await insertSubscriber("parti@example.com");
    await sendLetter();
    const uid = bounce("reply.eml", "parti@example.com");

    expect(await reader().runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 0 });
    expect(imap.messages.map((m) => m.uid)).toEqual([uid]);
    expect(imap.messages[0]!.flags.has("\\Seen")).toBe(false);
    expect(imap.commands.filter((c) => c.includes("BODY.PEEK[]"))).toEqual([]);
    expect((await subscriber("parti@example.com")).bounces).toBe(0);
  });

  it("looks at the newest messages first in a mailbox fuller than a reading, and at the others next", async () => {
    await insertSubscriber("parti@example.com");
    await sendLetter();
    const [oldest, older, newest] = [
      bounce("reply.eml", "parti@example.com"),
      bounce("reply.eml", "parti@example.com"),
      bounce("postfix-user-unknown.eml", "parti@example.com"),
    ];
    const r = createBounceReader({ imapUrl: imap.url, letters: letterDelivery(), maxPerRun: 2 });
    onTestFinished(() => r.stop());
    const fetched = () => imap.commands.filter((c) => c.startsWith("UID FETCH") && c.includes("HEADER.FIELDS"));

    expect(await r.runOnce()).toMatchObject({ counted: 1 });
    expect(fetched()).toEqual([expect.stringMatching(new RegExp(`^UID FETCH ${older},${newest} `))]);
    imap.commands.length = 0;
    await r.runOnce();
    expect(fetched()).toEqual([expect.stringMatching(new RegExp(`^UID FETCH ${oldest} `))]);
    expect(imap.messages).toHaveLength(2);
  });

  it("counts the same report read twice once", async () => {
    await insertSubscriber("parti@example.com");
    const letterId = await sendLetter();
    bounce("postfix-user-unknown.eml", "parti@example.com");
    bounce("postfix-user-unknown.eml", "parti@example.com");

    expect(await reader().runOnce()).toEqual({ counted: 1, ignored: 1, unknown: 0 });
    bounce("exim-headers-only.eml", "parti@example.com");
    expect(await reader().runOnce()).toEqual({ counted: 0, ignored: 1, unknown: 0 });
    expect(await getLetter(letterId)).toMatchObject({ sent: 0, bounced: 1 });
    expect((await subscriber("parti@example.com")).bounces).toBe(1);
    expect(imap.messages).toEqual([]);
  });

  it("marks a transactional message refused later as bounced, for the dashboard", async () => {
    await enqueueMail(getDb(), { to: "demandeur@example.com", subject: "Votre demande", text: "Bonjour." });
    await sendAll();
    bounce("exim-headers-only.eml", "demandeur@example.com");

    expect(await reader().runOnce()).toMatchObject({ counted: 1 });
    expect(await rowTo("demandeur@example.com")).toMatchObject({ status: "bounced" });
    expect(await countBouncedMails()).toBe(1);
  });

  it("with BOUNCE_ADDRESS, sends each message from its own signed address and traces the bounce by it", async () => {
    const saved = env.BOUNCE_ADDRESS;
    env.BOUNCE_ADDRESS = "retours@jardins.example.org";
    onTestFinished(() => {
      env.BOUNCE_ADDRESS = saved;
    });
    await insertSubscriber("parti@example.com");
    await sendLetter();
    const row = await rowTo("parti@example.com");
    expect(sentTo("parti@example.com").envelopeFrom).toMatch(
      new RegExp(`^retours\\+${row.id}-[0-9a-f]{20}@jardins\\.example\\.org$`),
    );
    // The relay rewrote the Message-ID: the envelope sender alone leads back to the message.
    bounce("postfix-user-unknown.eml", "parti@example.com", { messageId: "<relais-123@relay.example.net>" });

    expect(await reader().runOnce()).toMatchObject({ counted: 1 });
    expect((await subscriber("parti@example.com")).bounces).toBe(1);
  });

  it("logs an unreachable mailbox once, tries again at the next reading, and says when it is back", async () => {
    const warn = vi.spyOn(logger, "warn");
    const info = vi.spyOn(logger, "info");
    await insertSubscriber("parti@example.com");
    await sendLetter();
    bounce("postfix-user-unknown.eml", "parti@example.com");
    await imap.stop();

    const r = reader();
    expect(await r.runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 0 });
    expect(await r.runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 0 });
    expect(warn.mock.calls.filter(([, message]) => String(message).includes("boîte des retours"))).toHaveLength(1);

    await imap.start();
    expect(await r.runOnce()).toMatchObject({ counted: 1 });
    expect(info.mock.calls.some(([message]) => String(message).includes("de nouveau accessible"))).toBe(true);
    expect(JSON.stringify([warn.mock.calls, info.mock.calls])).not.toContain("@example");
  });

  it("logs a refused password without repeating it", async () => {
    const warn = vi.spyOn(logger, "warn");
    const url = new URL(imap.url);
    url.password = "mauvais";
    const r = createBounceReader({ imapUrl: url.toString(), letters: letterDelivery() });
    onTestFinished(() => r.stop());
    expect(await r.runOnce()).toEqual({ counted: 0, ignored: 0, unknown: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/mauvais|retours@/);
  });

  it("reads at start and on schedule; a stop waits for the reading in progress, then nothing more is read", async () => {
    await insertSubscriber("parti@example.com");
    await sendLetter();
    bounce("postfix-user-unknown.eml", "parti@example.com");
    const r = createBounceReader({ imapUrl: imap.url, letters: letterDelivery(), pollMs: 50 });
    onTestFinished(() => r.stop());
    r.start();
    await vi.waitFor(() => expect(imap.commands.filter((c) => c === "SELECT INBOX").length).toBeGreaterThan(1), {
      timeout: 10_000,
    });
    expect((await subscriber("parti@example.com")).bounces).toBe(1);
    await r.stop();
    const readings = () => imap.commands.filter((c) => c.startsWith("AUTHENTICATE")).length;
    const before = readings();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readings()).toBe(before);
  });
});
