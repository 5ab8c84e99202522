import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { eventRegistrations, newsletterLetters, newsletterSubscribers, outbox } from "~/db/schema";
import { env } from "~/server/env.server";
import { withPage, type AdminListQuery } from "~/server/admin-list.server";
import { formatDate } from "~/lib/dates";
import { getSiteContent } from "~/modules/content/content.server";
import { associationReplyTo } from "~/modules/mail/mail-templates.server";
import { siteInfo } from "~/modules/content/site-info.server";
import { getBlogPost } from "~/modules/blog/blog.server";
import { getEvent } from "~/modules/events/events.server";
import type { LetterDelivery } from "~/modules/mail/mail-worker.server";
import { enqueueMail, type LetterCounts, type OutboxRow } from "~/modules/mail/outbox.server";
import { cancelLink } from "~/modules/registrations/registrations.server";
import {
  articleCard,
  eventCard,
  letterBody,
  letterMessage,
  type LetterBody,
  type LetterFooter,
  type LetterIdentity,
} from "./letter-mail.server";
import { BOUNCES_TO_STOP, unsubscribeToken } from "./newsletter.server";
import type { LetterDraft } from "./letters.schema";

export type Letter = typeof newsletterLetters.$inferSelect;

export class LetterError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const NO_RECIPIENT_MESSAGE = "Personne à qui l'envoyer : aucune adresse confirmée.";
export const LETTER_SENT_ALREADY_MESSAGE = "Cette lettre est déjà partie : elle ne peut plus être modifiée.";
export const LETTER_GONE_MESSAGE = "Cette lettre n'existe plus.";

const unsubscribeLink = (token: string) => new URL(`/lettre/desabonnement/${token}`, env.PUBLIC_URL).toString();

async function identity(): Promise<LetterIdentity> {
  const content = await getSiteContent();
  const site = siteInfo(content);
  return {
    association: site.name,
    tagline: site.tagline,
    address: content.adresse,
    email: content.email,
    replyTo: associationReplyTo(content),
  };
}

/** What a letter presents (an article, an event), as HTML: published ones only; "" for a free message. */
async function presented(letter: Pick<Letter, "source" | "sourceId">): Promise<string> {
  if (letter.source === "article" && letter.sourceId) {
    const post = await getBlogPost(letter.sourceId);
    if (post?.state === "publie") return articleCard(post);
  }
  if (letter.source === "evenement" && letter.sourceId) {
    const event = await getEvent(letter.sourceId);
    if (event?.state === "publie") return eventCard(event);
  }
  return "";
}

/** The title of the event whose sign-ups a letter goes to, as its footer and the screen name it. */
export async function audienceEventTitle(letter: Pick<Letter, "eventId">) {
  return (letter.eventId && (await getEvent(letter.eventId))?.title) || "l'événement";
}

/** A letter's body as it would go now (a draft's preview), or as it went (frozen when the sending started). */
export async function bodyOf(letter: Letter): Promise<LetterBody> {
  if (letter.html !== null && letter.text !== null) return { html: letter.html, text: letter.text };
  return letterBody(letter.message, await presented(letter));
}

function subscriberFooter(association: string, email: string, since: Date | null, token: string): LetterFooter {
  const link = unsubscribeLink(token);
  return {
    why:
      `Vous recevez cette lettre parce que l'adresse ${email} est abonnée à la lettre d'information de ${association}${since ? ` depuis le ${formatDate(since)}` : ""}. ` +
      "Pour ne plus la recevoir, ouvrez le lien ci-dessous et confirmez.",
    link: { href: link, label: "Se désabonner" },
    unsubscribe: link,
  };
}

function registrantFooter(eventTitle: string, email: string, link: string): LetterFooter {
  return {
    why: `Vous recevez ce message parce que l'adresse ${email} est inscrite à « ${eventTitle} ».`,
    link: { href: link, label: "Annuler mon inscription" },
  };
}

/** The whole e-mail as one recipient would get it, with a sample footer: the back-office's preview. */
export async function sampleMessage(letter: Letter, to: string) {
  const who = await identity();
  const sample = "exemple-de-lien-personnel";
  const footer =
    letter.audience === "inscrits"
      ? registrantFooter(await audienceEventTitle(letter), to, "#")
      : subscriberFooter(who.association, to, new Date(), sample);
  return letterMessage({ subject: letter.subject, body: await bodyOf(letter) }, who, footer);
}

export async function createLetter(draft: LetterDraft, by: string, executor: Executor = getDb()) {
  const [row] = await executor
    .insert(newsletterLetters)
    .values({ ...draft, createdBy: by })
    .returning();
  return row!;
}

export async function getLetter(id: number, executor: Executor = getDb()) {
  const [row] = await executor.select().from(newsletterLetters).where(eq(newsletterLetters.id, id));
  return row;
}

/** Changes a draft's subject and message; a letter that went is never changed. */
export async function updateLetter(id: number, values: Pick<LetterDraft, "subject" | "message">, executor: Executor) {
  const [row] = await executor
    .update(newsletterLetters)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(newsletterLetters.id, id), eq(newsletterLetters.status, "brouillon")))
    .returning();
  if (!row)
    throw new LetterError((await getLetter(id, executor)) ? LETTER_SENT_ALREADY_MESSAGE : LETTER_GONE_MESSAGE, 409);
  return row;
}

export async function deleteDraftLetter(id: number, executor: Executor) {
  const [row] = await executor
    .delete(newsletterLetters)
    .where(and(eq(newsletterLetters.id, id), eq(newsletterLetters.status, "brouillon")))
    .returning();
  return row;
}

/** The letters, newest first, a page at a time. */
export async function listLetters(page: AdminListQuery) {
  const query = getDb()
    .select()
    .from(newsletterLetters)
    .orderBy(desc(newsletterLetters.createdAt), desc(newsletterLetters.id));
  return withPage(query.$dynamic(), page);
}

export async function countLetters() {
  const [row] = await getDb().select({ n: count() }).from(newsletterLetters);
  return row?.n ?? 0;
}

const reachable = and(
  eq(newsletterSubscribers.status, "abonne"),
  sql`${newsletterSubscribers.bounces} < ${BOUNCES_TO_STOP}`,
);

/** Who a letter would go to now: the confirmed, reachable subscribers, or the people signed up (present). */
export async function recipientCount(letter: Pick<Letter, "audience" | "eventId">, executor: Executor = getDb()) {
  if (letter.audience === "inscrits") {
    const [row] = await executor
      .select({ n: sql<number>`count(distinct ${eventRegistrations.email})`.mapWith(Number) })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, letter.eventId ?? 0), eq(eventRegistrations.status, "inscrit")));
    return row?.n ?? 0;
  }
  const [row] = await executor.select({ n: count() }).from(newsletterSubscribers).where(reachable);
  return row?.n ?? 0;
}

/**
 * « M'envoyer un test »: the letter as a recipient gets it, to `to`, ahead of any sending. Its footer says what it
 * is: a test for an administrator, to no list; its link leads back to the letter in the back-office.
 */
export async function sendTestLetter(letter: Letter, to: string) {
  const who = await identity();
  const footer: LetterFooter = {
    why: `Ceci est un test, envoyé à ${to} à la demande d'un administrateur du site : personne d'autre ne l'a reçu. Chaque destinataire trouvera ici pourquoi il reçoit ${letter.audience === "inscrits" ? "ce message et le lien pour annuler son inscription" : "cette lettre et le lien pour se désabonner"}.`,
    link: { href: new URL(`/admin/lettre/${letter.id}`, env.PUBLIC_URL).toString(), label: "Revenir à la lettre" },
  };
  const message = letterMessage({ subject: letter.subject, body: await bodyOf(letter) }, who, footer);
  await enqueueMail(getDb(), {
    to,
    replyTo: message.replyTo,
    subject: `[Test] ${message.subject}`,
    text: message.text,
    html: message.html,
  });
}

/**
 * Starts the sending: the body (`bodyOf`, read before the transaction) is frozen, and one outbox message per
 * recipient is queued in the same transaction
 * (the unique index on letter and address makes a second queueing add nobody). The worker renders each message when
 * its turn comes, so an address that unsubscribes meanwhile gets nothing.
 */
export async function queueLetter(letter: Letter, body: LetterBody, executor: Executor) {
  const id = letter.id;
  const [locked] = await executor
    .update(newsletterLetters)
    .set({ status: "envoi", html: body.html, text: body.text, queuedAt: new Date() })
    .where(and(eq(newsletterLetters.id, id), eq(newsletterLetters.status, "brouillon")))
    .returning();
  if (!locked) throw new LetterError(LETTER_SENT_ALREADY_MESSAGE, 409);
  const recipients =
    letter.audience === "inscrits"
      ? sql`select distinct ${eventRegistrations.email} from ${eventRegistrations}
            where ${eventRegistrations.eventId} = ${letter.eventId ?? 0} and ${eventRegistrations.status} = 'inscrit'`
      : sql`select ${newsletterSubscribers.email} from ${newsletterSubscribers} where ${reachable}`;
  const queued = await executor.execute(sql`
    insert into ${outbox} ("to", "subject", "text", "priority", "letter_id")
    select recipient.email, ${letter.subject}, '', 1, ${id} from (${recipients}) as recipient(email)
    on conflict do nothing
    returning "id"`);
  const total = (queued as unknown as { rows: unknown[] }).rows.length;
  if (total === 0) throw new LetterError(NO_RECIPIENT_MESSAGE);
  await executor.update(newsletterLetters).set({ total }).where(eq(newsletterLetters.id, id));
  return { ...locked, total };
}

/** Where a sending stands: done, waiting, and when it should end at the configured rate. */
export function letterProgress(letter: Letter, now = new Date()) {
  const done = letter.sent + letter.bounced + letter.failed + letter.skipped + letter.interrupted;
  const waiting = Math.max(0, letter.total - done);
  const perHour = env.MAIL_RATE_PER_HOUR;
  const expectedEnd =
    letter.status === "envoi" && waiting > 0 && perHour > 0
      ? new Date(now.getTime() + (waiting * 3_600_000) / perHour)
      : null;
  return { done, waiting, expectedEnd };
}

/**
 * How the outbox counts a letter's messages as their outcomes are written, in the same transaction: each outcome
 * adds to its count (the counts outlive the outbox rows), and the letter is « envoyée » once none of its messages
 * waits. Updating the letter's row first also orders two messages of one letter finishing at once: the second
 * waits for the first's commit, and sees it when it looks for messages still waiting.
 */
export const letterCounts: LetterCounts = {
  async count(executor, letterId, outcome, howMany = 1) {
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
  },
  async countReturned(executor, letterId, was) {
    await executor
      .update(newsletterLetters)
      .set({ [was]: sql`${newsletterLetters[was]} - 1`, bounced: sql`${newsletterLetters.bounced} + 1` })
      .where(eq(newsletterLetters.id, letterId));
  },
};

/**
 * How the outbox worker sends letters: each message rendered for its recipient when its turn comes (their own
 * unsubscribe or cancel link), or none when the address left the list, bounces, or cancelled its sign-up; its
 * outcome counted on the letter (`letterCounts`) and a refusal on the address.
 */
export function letterDelivery(): LetterDelivery {
  // A letter's body is frozen once sending: read once per letter, not per message.
  const letters = new Map<number, { letter: Letter; body: LetterBody; eventTitle: string }>();
  let who: { value: LetterIdentity; at: number } | undefined;
  async function letterOf(id: number) {
    let entry = letters.get(id);
    if (!entry) {
      const letter = await getLetter(id);
      if (!letter) return undefined;
      const eventTitle = await audienceEventTitle(letter);
      entry = { letter, body: await bodyOf(letter), eventTitle };
      if (letters.size > 20) letters.clear();
      letters.set(id, entry);
    }
    return entry;
  }
  return {
    ...letterCounts,
    async render(row: OutboxRow) {
      const entry = await letterOf(row.letterId!);
      if (!entry) return null;
      if (!who || Date.now() - who.at > 60_000) who = { value: await identity(), at: Date.now() };
      const { letter, body, eventTitle } = entry;
      let footer: LetterFooter;
      if (letter.audience === "inscrits") {
        const [registration] = await getDb()
          .select()
          .from(eventRegistrations)
          .where(
            and(
              eq(eventRegistrations.eventId, letter.eventId ?? 0),
              eq(eventRegistrations.email, row.to),
              eq(eventRegistrations.status, "inscrit"),
            ),
          )
          .limit(1);
        if (!registration) return null;
        footer = registrantFooter(eventTitle, row.to, cancelLink(registration));
      } else {
        const [subscriber] = await getDb()
          .select()
          .from(newsletterSubscribers)
          .where(and(eq(newsletterSubscribers.email, row.to), reachable));
        if (!subscriber) return null;
        footer = subscriberFooter(who.value.association, row.to, subscriber.confirmedAt, unsubscribeToken(subscriber));
      }
      return letterMessage({ subject: letter.subject, body }, who.value, footer);
    },
    async bounced(executor, row) {
      // A sign-up's address is not the newsletter's: its refusal counts on the newsletter only for a letter to it.
      // A bounce read days later (bounces.server.ts) finds its letter out of this cache.
      const letter = letters.get(row.letterId!)?.letter ?? (await getLetter(row.letterId!, executor));
      if (letter?.audience === "inscrits") return;
      await executor
        .update(newsletterSubscribers)
        .set({ bounces: sql`${newsletterSubscribers.bounces} + 1` })
        .where(eq(newsletterSubscribers.email, row.to));
    },
  };
}
