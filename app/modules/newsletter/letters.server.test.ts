import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished } from "vitest";
import { getDb } from "~/db/client.server";
import { eventRegistrations, newsletterLetters, newsletterSubscribers, outbox } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../../../tests/fakes/smtp";
import { insertBlogPost, insertContent, insertEvent, insertSubscriber } from "../../../tests/factories";
import { env } from "~/server/env.server";
import { createMailWorker, type MailWorkerOptions } from "~/modules/mail/mail-worker.server";
import { enqueueMail, releaseOutboxLeases, RETRY_DELAYS_MS } from "~/modules/mail/outbox.server";
import {
  bodyOf,
  createLetter,
  getLetter,
  LETTER_SENT_ALREADY_MESSAGE,
  letterCounts,
  letterDelivery,
  NO_RECIPIENT_MESSAGE,
  queueLetter,
  recipientCount,
  sendTestLetter,
  updateLetter,
} from "./letters.server";
import { unsubscribe, unsubscribeToken } from "./newsletter.server";
import type { LetterDraft } from "./letters.schema";

let smtp: FakeSmtp;
let clock: Date;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.refusals.clear();
  smtp.acceptAtMost = Infinity;
  // Ahead of the database's clock by more than a test takes to queue its messages (due at the database's now()),
  // whatever the machine's load.
  clock = new Date(Date.now() + 60_000);
});

function worker(options: MailWorkerOptions = {}) {
  const w = createMailWorker({
    smtpUrl: smtp.url,
    now: () => clock,
    ratePerHour: 0,
    letters: letterDelivery(),
    maxPerRun: 500,
    ...options,
  });
  onTestFinished(() => w.stop());
  return w;
}

const free: LetterDraft = {
  audience: "abonnes",
  source: "libre",
  sourceId: null,
  eventId: null,
  subject: "Journée de travail collectif samedi",
  message: '<p>Rendez-vous à 9h au <a href="/events">jardin</a> : <strong>paillage des allées</strong>.</p>',
};

async function queue(id: number) {
  const letter = (await getLetter(id))!;
  const body = await bodyOf(letter);
  return getDb().transaction((tx) => queueLetter(letter, body, tx));
}

async function sendLetter(draft: LetterDraft = free) {
  return queue((await createLetter(draft, "Hervé Dubois")).id);
}

function header(raw: string, name: string) {
  // A long header is folded onto the next lines, which start with a space.
  const match = new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, "mi").exec(raw);
  return match?.[1]?.replace(/\r\n[ \t]/g, " ").trim();
}

/** The decoded text of a received message (quoted-printable undone), to read what it says. */
const readable = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/(%[0-9A-F]{2})+/g, (bytes) => {
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    });

const recipients = () => smtp.messages.flatMap((m) => m.to).sort();

describeEachDatabase("letters", () => {
  it("goes to each confirmed, reachable subscriber alone, with both parts, the reason and RFC 8058 unsubscribing", async () => {
    const camille = await insertSubscriber("camille@example.org");
    await insertSubscriber("attente@example.org", { status: "en_attente", confirmedAt: null });
    await insertSubscriber("partie@example.org", { status: "desabonne" });
    await insertSubscriber("refusee@example.org", { bounces: 2 });
    await insertSubscriber("karim@example.org");
    const letter = await sendLetter();
    expect(letter.total).toBe(2);
    expect(await worker().runOnce()).toMatchObject({ sent: 2 });
    expect(recipients()).toEqual(["camille@example.org", "karim@example.org"]);
    const mail = smtp.messages.find((m) => m.to[0] === "camille@example.org")!;
    expect(mail.to).toEqual(["camille@example.org"]);
    expect(header(mail.raw, "To")).toBe("camille@example.org");
    expect(header(mail.raw, "Bcc")).toBeUndefined();
    const link = `http://localhost:3000/lettre/desabonnement/${unsubscribeToken(camille)}`;
    expect(header(mail.raw, "List-Unsubscribe")).toBe(`<${link}>`);
    // PUBLIC_URL is http:// here: RFC 8058 allows the one click only to an https:// link (next test).
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBeUndefined();
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const text = readable(mail);
    expect(text).toContain("paillage des allées");
    expect(text).toContain('href="http://localhost:3000/events"');
    expect(text).toContain("Vous recevez cette lettre parce que l'adresse camille@example.org est abonnée");
    expect(text).toContain(`Se désabonner : ${link}`);
    expect(text).not.toContain("en un clic");
    // No tracking: the letter has no image but those it shows, and no link but the site's.
    expect(text).not.toMatch(/<img/);
    const done = await getLetter(letter.id);
    expect([done!.status, done!.sent, done!.total]).toEqual(["envoyee", 2, 2]);
    // The outbox keeps who and when, never a body.
    const rows = await getDb().select().from(outbox);
    expect(rows.map((r) => [r.status, r.text, r.html])).toEqual([
      ["sent", "", null],
      ["sent", "", null],
    ]);
  });

  it("offers the one-click unsubscribing of RFC 8058 when the site is in https, and takes answers at the association's address", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" });
    const camille = await insertSubscriber("camille@example.org");
    const publicUrl = env.PUBLIC_URL;
    env.PUBLIC_URL = "https://jardins-est.example";
    onTestFinished(() => {
      env.PUBLIC_URL = publicUrl;
    });
    await sendLetter();
    await worker().runOnce();
    const mail = smtp.messages[0]!;
    const link = `https://jardins-est.example/lettre/desabonnement/${unsubscribeToken(camille)}`;
    expect(header(mail.raw, "List-Unsubscribe")).toBe(`<${link}>`);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail.raw, "Reply-To")).toBe("bureau@jardins-est.example");
  });

  it("sends a test that says it is one: to the administrator alone, no subscription date, a link back to the letter", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est", email: "bureau@jardins-est.example" });
    const letter = await createLetter(free, "Hervé Dubois");
    await sendTestLetter(letter, "marie@example.org");
    await worker().runOnce();
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["marie@example.org"]);
    expect((await getDb().select().from(outbox))[0]!.subject).toBe("[Test] Journée de travail collectif samedi");
    expect(header(mail.raw, "Reply-To")).toBe("bureau@jardins-est.example");
    expect(header(mail.raw, "List-Unsubscribe")).toBeUndefined();
    const text = readable(mail);
    expect(text).toContain("Ceci est un test, envoyé à marie@example.org à la demande d'un administrateur du site");
    expect(text).toContain(`Revenir à la lettre : http://localhost:3000/admin/lettre/${letter.id}`);
    expect(text).not.toMatch(/abonnée|depuis le|exemple-de-lien|désabonnement\//);
  });

  it("presents a published article: its cover by absolute address, title, excerpt and link", async () => {
    await insertSubscriber("camille@example.org");
    const post = await insertBlogPost({
      title: "Le compost en hiver",
      excerpt: "Couvrir le tas, aérer moins souvent.",
      image: "/media/0123456789abcdef0123456789abcdef-1600x900-800.webp",
      imageAlts: { "/media/0123456789abcdef0123456789abcdef-1600x900-800.webp": "Un tas de compost sous la neige" },
    });
    await sendLetter({ ...free, source: "article", sourceId: post!.id, message: "" });
    await worker().runOnce();
    const text = readable(smtp.messages[0]!);
    expect(text).toContain(`href="http://localhost:3000/blog/${post!.id}"`);
    expect(text).toMatch(/src="http:\/\/localhost:3000\/media\/0123456789abcdef0123456789abcdef-1600x900-1200\.jpg"/);
    expect(text).toContain('alt="Un tas de compost sous la neige"');
    expect(text).toContain("Couvrir le tas, aérer moins souvent.");
  });

  it("never queues a letter twice, and refuses one with nobody to send to", async () => {
    await insertSubscriber("camille@example.org");
    const letter = await sendLetter();
    await expect(queue(letter.id)).rejects.toThrow(LETTER_SENT_ALREADY_MESSAGE);
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    await getDb().delete(newsletterSubscribers);
    const nobody = await createLetter(free, "Hervé Dubois");
    await expect(queue(nobody.id)).rejects.toThrow(NO_RECIPIENT_MESSAGE);
    expect((await getLetter(nobody.id))!.status).toBe("brouillon");
  });

  it("lets an acknowledgement go before a letter being sent", async () => {
    for (let i = 0; i < 5; i++) await insertSubscriber(`abonne${i}@example.org`);
    await sendLetter();
    await enqueueMail(getDb(), { to: "karim@example.org", subject: "Votre demande a bien été reçue", text: "Merci" });
    await worker({ maxPerRun: 1 }).runOnce();
    expect(recipients()).toEqual(["karim@example.org"]);
  });

  it("spreads a letter over the hour at MAIL_RATE_PER_HOUR, acknowledgements passing at once", async () => {
    for (let i = 0; i < 4; i++) await insertSubscriber(`abonne${i}@example.org`);
    const letter = await sendLetter();
    // 3 an hour: one letter message every 20 minutes, while the hour's e-mails stay under 3.
    const w = worker({ ratePerHour: 3 });
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const start = clock;
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    await enqueueMail(getDb(), { to: "karim@example.org", subject: "Accusé de réception", text: "Merci" });
    clock = minutes(10);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.messages.at(-1)!.to).toEqual(["karim@example.org"]);
    clock = minutes(20);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    // The letter at 0 and 20 and the acknowledgement at 10 used the hour's allowance.
    clock = minutes(40);
    expect(await w.runOnce()).toMatchObject({ sent: 0 });
    clock = minutes(61);
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect((await getLetter(letter.id))!.sent).toBe(3);
  });

  it("marks an address bouncing after two letters refused for good (5xx), and sends it no more", async () => {
    await insertSubscriber("camille@example.org");
    await insertSubscriber("inconnue@example.org");
    smtp.refusals.set("inconnue@example.org", 550);
    for (let letter = 1; letter <= 2; letter++) {
      const sent = await sendLetter({ ...free, subject: `Lettre ${letter}` });
      expect(await worker().runOnce()).toMatchObject({ sent: 1, bounced: 1, retried: 0 });
      expect((await getLetter(sent.id))!).toMatchObject({ status: "envoyee", sent: 1, bounced: 1 });
    }
    const [row] = await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "inconnue@example.org"));
    expect(row!.bounces).toBe(2);
    expect(await recipientCount({ audience: "abonnes", eventId: null })).toBe(1);
    expect((await sendLetter({ ...free, subject: "Lettre 3" })).total).toBe(1);
  });

  it("tries again later an address deferred (4xx) and a mailbox over its cap, sending each once", async () => {
    for (const name of ["a", "b", "c"]) await insertSubscriber(`${name}@example.org`);
    smtp.refusals.set("b@example.org", 451);
    const letter = await sendLetter();
    const w = worker();
    await w.runOnce();
    smtp.refusals.clear();
    smtp.acceptAtMost = 1;
    await w.runOnce();
    smtp.acceptAtMost = Infinity;
    for (const delay of RETRY_DELAYS_MS.slice(0, 2)) {
      clock = new Date(clock.getTime() + delay);
      await w.runOnce();
    }
    expect(recipients()).toEqual(["a@example.org", "b@example.org", "c@example.org"]);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 3, bounced: 0 });
  });

  it("loses nothing and repeats nothing when the SMTP server stops in the middle of a letter", async () => {
    for (let i = 0; i < 10; i++) await insertSubscriber(`abonne${i}@example.org`);
    await sendLetter();
    const w = worker({ maxPerRun: 4 });
    await w.runOnce();
    await smtp.stop();
    expect(await w.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    await smtp.start();
    clock = new Date(clock.getTime() + RETRY_DELAYS_MS[0]);
    for (let i = 0; i < 3; i++) await w.runOnce();
    expect(recipients()).toEqual(Array.from({ length: 10 }, (_, i) => `abonne${i}@example.org`).sort());
  });

  it("does not send again a letter message that a dead process was sending: counted « interrompu »", async () => {
    for (let i = 0; i < 3; i++) await insertSubscriber(`abonne${i}@example.org`);
    const letter = await sendLetter();
    const [first] = await getDb().select().from(outbox).orderBy(outbox.id).limit(1);
    // A process claimed it, then was killed before writing the outcome.
    await getDb()
      .update(outbox)
      .set({ claimedAt: clock, attempts: 1, nextAttemptAt: new Date(clock.getTime() + 300_000) })
      .where(eq(outbox.id, first!.id));
    await releaseOutboxLeases(letterCounts, getDb(), clock);
    await worker().runOnce();
    expect(recipients()).not.toContain(first!.to);
    expect(recipients()).toHaveLength(2);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 2, interrupted: 1 });
  });

  it("skips an address that unsubscribed after the letter was queued", async () => {
    const camille = await insertSubscriber("camille@example.org");
    await insertSubscriber("karim@example.org");
    const letter = await sendLetter();
    await unsubscribe(unsubscribeToken(camille));
    expect(await worker().runOnce()).toMatchObject({ sent: 1, skipped: 1 });
    expect(recipients()).toEqual(["karim@example.org"]);
    expect((await getLetter(letter.id))!).toMatchObject({ status: "envoyee", sent: 1, skipped: 1 });
  });

  it("« Écrire aux inscrits » goes to the people present only, with their cancel link and no List-Unsubscribe", async () => {
    const event = await insertEvent({ title: "Atelier taille des fruitiers", signupsOpen: true });
    const registration = (email: string, status: "inscrit" | "attente" | "annule") => ({
      eventId: event!.id,
      name: "Jardinier",
      email,
      status,
      cancelKey: `cle-${email}`,
      cancelTokenHash: `hash-${email}`,
    });
    await getDb()
      .insert(eventRegistrations)
      .values([
        registration("present@example.org", "inscrit"),
        registration("attente@example.org", "attente"),
        registration("annule@example.org", "annule"),
      ]);
    await insertSubscriber("abonne@example.org");
    const letter = await sendLetter({
      ...free,
      audience: "inscrits",
      eventId: event!.id,
      subject: "Apportez vos gants",
    });
    expect(letter.total).toBe(1);
    await worker().runOnce();
    expect(recipients()).toEqual(["present@example.org"]);
    const text = readable(smtp.messages[0]!);
    expect(text).toContain("est inscrite à « Atelier taille des fruitiers »");
    expect(text).toMatch(/Annuler mon inscription : http:\/\/localhost:3000\/inscription\/annulation\/[\w-]{43}/);
    expect(header(smtp.messages[0]!.raw, "List-Unsubscribe")).toBeUndefined();
    const [stored] = await getDb().select().from(newsletterLetters);
    expect(stored!.html).toContain("Rendez-vous à 9h");
  });

  it("refuses to change a letter that went, inside the caller's transaction, and keeps a link's query whole", async () => {
    await insertSubscriber("camille@example.org");
    const letter = await sendLetter({ ...free, message: '<p><a href="/events?annee=2026&amp;mois=12">Agenda</a></p>' });
    await expect(
      getDb().transaction((tx) => updateLetter(letter.id, { subject: "Autre", message: "<p>Autre</p>" }, tx)),
    ).rejects.toThrow(LETTER_SENT_ALREADY_MESSAGE);
    expect(letter.html).toContain('href="http://localhost:3000/events?annee=2026&amp;mois=12"');
  });
});
