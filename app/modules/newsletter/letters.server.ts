import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { publicUrl } from "~/db/association.server";
import { getDb, readAll, type Executor } from "~/db/client.server";
import { outbox } from "~/modules/mail/mail.tables";
import {
  letterPaperRecipients,
  newsletterLetters,
  newsletterSubscribers,
} from "~/modules/newsletter/newsletter.tables";
import { eventRegistrations } from "~/modules/registrations/registrations.tables";
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
  gardenersAtAddress,
  groupAddresses,
  groupDescription,
  groupFigures,
  groupWithoutAddress,
  lettersOptOutToken,
  postalRecipients,
  type GardenerGroup,
} from "~/modules/register/gardener-letters.server";
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
import type { GardenerAudience, LetterDraft } from "./letters.schema";

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
export const NO_GARDENER_MESSAGE = "Personne à qui l'envoyer : aucun jardinier ne correspond à ce choix.";
export const LETTER_SENT_ALREADY_MESSAGE = "Cette lettre est déjà partie : elle ne peut plus être modifiée.";
export const LETTER_GONE_MESSAGE = "Cette lettre n'existe plus.";

const unsubscribeLink = (token: string) => new URL(`/lettre/desabonnement/${token}`, publicUrl()).toString();
const gardenerOptOutLink = (token: string) => new URL(`/lettre/jardinier/${token}`, publicUrl()).toString();

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

/** Who a printed letter comes from: the association's name and postal address, as its sender block. */
export async function letterSender() {
  const who = await identity();
  return [who.association, who.address].filter(Boolean).join("\n");
}

/** What a printed letter says last: why it came on paper, in the e-mail footer's words (decision 029). */
export async function paperNote(bounced: boolean) {
  const { association } = await identity();
  return bounced
    ? `Vous recevez cette lettre sur papier en tant que jardinier de l'association ${association} : le message envoyé à votre adresse e-mail n'a pas pu être remis. Vérifiez-la avec le bureau.`
    : `Vous recevez cette lettre sur papier en tant que jardinier de l'association ${association} : nous n'avons pas d'adresse e-mail pour vous. Pour la recevoir par e-mail, donnez-la au bureau.`;
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

/** The opt-out of an information letter to gardeners, as its footer's link and the screens name it. */
export const GARDENER_OPT_OUT_LABEL = "Ne plus recevoir les lettres d'information aux jardiniers";

/**
 * A gardener is written to as a member, not as a subscriber (decision 029): the footer says so. An information
 * letter offers its opt-out (with RFC 8058's headers); a service message, which the membership requires, cannot be
 * declined and says why it came.
 */
function gardenerFooter(association: string, nature: Letter["nature"], optOutToken: string): LetterFooter {
  const member = `Vous recevez ce message en tant que jardinier de l'association ${association}.`;
  if (nature === "service")
    return {
      why: `${member} Il concerne votre parcelle ou votre adhésion : chaque jardinier concerné le reçoit. Pour toute question, répondez simplement à ce message.`,
    };
  const link = gardenerOptOutLink(optOutToken);
  return {
    why: `${member} Pour ne plus recevoir ses lettres d'information, ouvrez le lien ci-dessous ; les messages liés à votre parcelle ou à votre adhésion (cotisation, convocation à l'assemblée générale) continueront de vous parvenir.`,
    link: { href: link, label: GARDENER_OPT_OUT_LABEL },
    unsubscribe: link,
    list: { name: "Lettres aux jardiniers", id: "jardiniers" },
  };
}

/** The gardeners a letter to gardeners is written to, as the register's group. */
export const groupOf = (letter: Pick<Letter, "gardeners" | "siteIds" | "plotIds" | "feeYear">): GardenerGroup => ({
  kind: letter.gardeners ?? "actuels",
  siteIds: letter.siteIds ?? [],
  plotIds: letter.plotIds ?? [],
  feeYear: letter.feeYear ?? null,
});

/** Whether those who opted out are left out: an information letter (decision 029). */
const respectsOptOut = (letter: Pick<Letter, "nature">) => letter.nature !== "service";

/** The whole e-mail as one recipient would get it, with a sample footer: the back-office's preview. */
export async function sampleMessage(letter: Letter, to: string) {
  const who = await identity();
  const sample = "exemple-de-lien-personnel";
  const footer =
    letter.audience === "inscrits"
      ? registrantFooter(await audienceEventTitle(letter), to, "#")
      : letter.audience === "jardiniers"
        ? gardenerFooter(who.association, letter.nature, sample)
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

/** Changes a draft's subject and message (and a letter to gardeners' audience); a letter that went is never changed. */
export async function updateLetter(
  id: number,
  values: Pick<LetterDraft, "subject" | "message"> & Partial<GardenerAudience>,
  executor: Executor,
) {
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

type Audience = Pick<Letter, "audience" | "eventId"> & Partial<GardenerAudience>;

/**
 * A letter to gardeners as it would go now: its gardeners, those without an address (on paper), those who opted out
 * and are left out (an information letter), and the addresses its messages go to.
 */
export async function gardenerFigures(letter: Partial<GardenerAudience>, executor: Executor = getDb()) {
  const figures = await groupFigures(groupOf(letter as Letter), executor);
  const optOut = respectsOptOut(letter as Letter);
  return {
    gardeners: figures.gardeners,
    withoutEmail: figures.withoutEmail,
    optedOut: optOut ? figures.optedOut : 0,
    paper: figures.withoutEmail - (optOut ? figures.withoutEmailOptedOut : 0),
    emails: optOut ? figures.addressesWanted : figures.addresses,
  };
}

/** Who a letter would go to now: the confirmed, reachable subscribers, the people signed up (present), or the gardeners' addresses. */
export async function recipientCount(letter: Audience, executor: Executor = getDb()) {
  if (letter.audience === "jardiniers") return (await gardenerFigures(letter, executor)).emails;
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

/** What each recipient's footer gives, as a test's footer announces it. */
function testWhat(letter: Letter) {
  if (letter.audience === "inscrits") return "ce message et le lien pour annuler son inscription";
  if (letter.audience === "abonnes") return "cette lettre et le lien pour se désabonner";
  return letter.nature === "service"
    ? "ce message, en tant que jardinier, sans lien de désabonnement (message de service)"
    : "ce message, en tant que jardinier, et le lien pour ne plus recevoir les lettres d'information";
}

/**
 * « M'envoyer un test »: the letter as a recipient gets it, to `to`, ahead of any sending. Its footer says what it
 * is: a test for an administrator, to no list; its link leads back to the letter in the back-office.
 */
export async function sendTestLetter(letter: Letter, to: string) {
  const who = await identity();
  const footer: LetterFooter = {
    why: `Ceci est un test, envoyé à ${to} à la demande d'un administrateur du site : personne d'autre ne l'a reçu. Chaque destinataire trouvera ici pourquoi il reçoit ${testWhat(letter)}.`,
    link: { href: new URL(`/admin/lettre/${letter.id}`, publicUrl()).toString(), label: "Revenir à la lettre" },
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
 * its turn comes, so an address that unsubscribes meanwhile gets nothing. A letter to gardeners is a snapshot: its
 * addresses (one message per address, however many records or plots share it) and its paper recipients are those of
 * this moment; a gardener arriving later is not added.
 */
export async function queueLetter(
  letter: Letter,
  body: LetterBody,
  executor: Executor,
): Promise<Letter & { paper?: number }> {
  const id = letter.id;
  const [locked] = await executor
    .update(newsletterLetters)
    .set({ status: "envoi", html: body.html, text: body.text, queuedAt: new Date() })
    .where(and(eq(newsletterLetters.id, id), eq(newsletterLetters.status, "brouillon")))
    .returning();
  if (!locked) throw new LetterError(LETTER_SENT_ALREADY_MESSAGE, 409);
  if (locked.audience === "jardiniers") return queueGardenerLetter(locked, executor);
  const recipients =
    letter.audience === "inscrits"
      ? sql`select distinct ${eventRegistrations.email} from ${eventRegistrations}
            where ${eventRegistrations.eventId} = ${letter.eventId ?? 0} and ${eventRegistrations.status} = 'inscrit'`
      : sql`select ${newsletterSubscribers.email} from ${newsletterSubscribers} where ${reachable}`;
  const total = await queueMessages(locked, recipients, executor);
  if (total === 0) throw new LetterError(NO_RECIPIENT_MESSAGE);
  await executor.update(newsletterLetters).set({ total }).where(eq(newsletterLetters.id, id));
  return { ...locked, total };
}

/** One outbox message (no body: rendered at its turn) per address of `recipients` (SQL, one column); how many. */
async function queueMessages(letter: Letter, recipients: SQL, executor: Executor) {
  const queued = await executor.execute(sql`
    insert into ${outbox} ("to", "subject", "text", "priority", "letter_id")
    select recipient.email, ${letter.subject}, '', 1, ${letter.id} from (${recipients}) as recipient(email)
    on conflict do nothing
    returning "id"`);
  return (queued as unknown as { rows: unknown[] }).rows.length;
}

/**
 * A letter to gardeners queued (in the caller's transaction, its row locked « envoi »): the messages to the group's
 * addresses, its paper recipients, its figures and whom it went to in words, frozen. Only paper: sent at once.
 */
async function queueGardenerLetter(letter: Letter, executor: Executor) {
  const group = groupOf(letter);
  const optOut = respectsOptOut(letter);
  const [figures, label] = await readAll(executor, [
    () => gardenerFigures(letter, executor),
    () => groupDescription(group, executor),
  ]);
  const total = await queueMessages(letter, groupAddresses(group, optOut), executor);
  await executor.execute(sql`
    insert into ${letterPaperRecipients} ("letter_id", "gardener_id")
    select ${letter.id}, paper.id from (${groupWithoutAddress(group, optOut)}) as paper(id)
    on conflict do nothing`);
  if (total === 0 && figures.paper === 0) throw new LetterError(NO_GARDENER_MESSAGE);
  const [row] = await executor
    .update(newsletterLetters)
    .set({
      total,
      audienceLabel: label,
      gardenerCount: figures.gardeners,
      withoutEmail: figures.withoutEmail,
      optedOut: figures.optedOut,
      ...(total === 0 && { status: "envoyee" as const, finishedAt: new Date() }),
    })
    .where(eq(newsletterLetters.id, letter.id))
    .returning();
  return { ...row!, paper: figures.paper };
}

/**
 * « Lettres à imprimer » of a letter to gardeners: who gets it on paper, by family name. A draft: the group's
 * gardeners without an address now; a letter that went: those without an address when it was queued, then those
 * whose message was refused for good (`bounced`: their address did not work). An erased record is gone from both.
 */
export async function paperRecipients(letter: Letter, executor: Executor = getDb()) {
  if (letter.status === "brouillon") {
    const rows = await postalRecipients(groupWithoutAddress(groupOf(letter), respectsOptOut(letter)), executor);
    return rows.map((row) => ({ ...row, bounced: false }));
  }
  const [paper, refused] = await readAll(executor, [
    () =>
      postalRecipients(
        sql`select ${letterPaperRecipients.gardenerId} from ${letterPaperRecipients} where ${letterPaperRecipients.letterId} = ${letter.id}`,
        executor,
      ),
    () => bouncedGardeners(letter.id, executor),
  ]);
  return [...paper.map((row) => ({ ...row, bounced: false })), ...refused.map((row) => ({ ...row, bounced: true }))];
}

/** The gardeners whose address refused the letter for good (while its outbox rows are kept). */
async function bouncedGardeners(letterId: number, executor: Executor) {
  const addresses = await executor
    .select({ to: outbox.to })
    .from(outbox)
    .where(and(eq(outbox.letterId, letterId), eq(outbox.status, "bounced")));
  if (addresses.length === 0) return [];
  const ids = (
    await readAll(
      executor,
      addresses.map((a) => () => gardenersAtAddress(a.to, executor)),
    )
  )
    .flat()
    .map((g) => g.id);
  if (ids.length === 0) return [];
  return postalRecipients(ids, executor);
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
      if (letter.audience === "jardiniers") {
        // The address's records: none left (erased) or all opted out of an information letter, nothing goes.
        const holders = await gardenersAtAddress(row.to);
        const wanting = respectsOptOut(letter) ? holders.filter((g) => !g.optedOutAt) : holders;
        if (wanting.length === 0) return null;
        footer = gardenerFooter(who.value.association, letter.nature, lettersOptOutToken(wanting[0]!));
      } else if (letter.audience === "inscrits") {
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
      if (letter && letter.audience !== "abonnes") return;
      await executor
        .update(newsletterSubscribers)
        .set({ bounces: sql`${newsletterSubscribers.bounces} + 1` })
        .where(eq(newsletterSubscribers.email, row.to));
    },
  };
}
