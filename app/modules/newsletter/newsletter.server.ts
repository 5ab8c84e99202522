import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { publicUrl } from "~/db/association.server";
import { getDb, type Executor } from "~/db/client.server";
import { newsletterSubscribers } from "~/modules/newsletter/newsletter.tables";
import { adminSearchCondition, withPage, type AdminListQuery } from "~/server/admin-list.server";
import { keyedHash } from "~/server/server-secret.server";
import { getContent } from "~/modules/content/content.server";
import { allowRecipientMail } from "~/modules/rate-limits/recipients.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { newsletterConfirmationMail } from "./newsletter.mail.server";
import { formatDateTime } from "~/lib/dates";
import { spreadsheetCsv } from "~/server/spreadsheet.server";
import { consentWording, SUBSCRIBER_STATUS_LABELS } from "./newsletter.messages";
import type { NewsletterForm } from "./newsletter.schema";

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** How long a confirmation link works (the retention settings delete an address unconfirmed after 7 days). */
export const CONFIRM_HOURS = 48;
/** Letters refused for good after which an address counts as bouncing and is no longer sent to. */
export const BOUNCES_TO_STOP = 2;

const normalized = (email: string) => email.trim().toLowerCase();
const newToken = () => crypto.randomBytes(32).toString("base64url");
const TOKEN_SHAPE = /^[\w-]{40,60}$/;

/**
 * The address's unsubscribe token, put in every letter: derived from its key with the server's secret, so letters
 * can carry it while the table stores only its HMAC (a copy of the database cannot unsubscribe anyone).
 */
export function unsubscribeToken(subscriber: Pick<Subscriber, "unsubscribeKey">) {
  return keyedHash(`desabonnement:${subscriber.unsubscribeKey}`);
}

/** The columns of an address's unsubscribe link, from its secret key: the key, and the HMAC of the token it gives. */
export const unsubscribeColumns = (key: string) => ({
  unsubscribeKey: key,
  unsubscribeTokenHash: keyedHash(unsubscribeToken({ unsubscribeKey: key })),
});

const confirmLink = (token: string) => new URL(`/lettre/confirmation/${token}`, publicUrl()).toString();

/** Where the consent was given, as the back-office and an export show it. */
export function consentSource(form: Pick<NewsletterForm, "source" | "sourceId">) {
  if (form.source === "article" && form.sourceId) return `article n° ${form.sourceId}`;
  if (form.source === "evenement" && form.sourceId) return `événement n° ${form.sourceId}`;
  return form.source === "pied-de-page" ? "pied de page" : "page « Lettre d'information »";
}

/**
 * A subscription asked by the form. A new address, or one that unsubscribed, waits for its confirmation, and gets
 * the confirmation e-mail in the same transaction; an address waiting whose link still works gets nothing new, one
 * whose link expired a new link (its 7-day clock runs on); a confirmed one, nothing. Over the address's daily cap of
 * e-mails from the public forms, the address is kept waiting without a link. The caller says the same thing in every
 * case, so the form does not tell who subscribes (decision 023).
 */
export async function subscribe(form: NewsletterForm, now = new Date()) {
  const email = normalized(form.email);
  const content = await getContent();
  const association = content?.nomAssociation?.trim() || "l'association";
  const token = newToken();
  const key = newToken();
  const link = {
    confirmTokenHash: keyedHash(token),
    confirmBefore: new Date(now.getTime() + CONFIRM_HOURS * 3_600_000),
  };
  const waiting = {
    status: "en_attente" as const,
    ...link,
    unsubscribedAt: null,
    consentAt: now,
    consentSource: consentSource(form),
    consentWording: consentWording(association),
  };
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for("update");
    if (existing?.status === "abonne") return "deja-abonne" as const;
    let id: number;
    if (existing?.status === "en_attente") {
      // A link that still works is not sent again: a second e-mail would only serve to flood the address.
      if (existing.confirmTokenHash && existing.confirmBefore && existing.confirmBefore > now)
        return "confirmation-envoyee" as const;
      // Expired, or never sent: a new link, the consent and its clock as they were.
      await tx.update(newsletterSubscribers).set(link).where(eq(newsletterSubscribers.id, existing.id));
      id = existing.id;
    } else if (existing) {
      // Re-subscribing after unsubscribing: a new consent, a new confirmation, and new unsubscribe links.
      await tx
        .update(newsletterSubscribers)
        .set({ ...waiting, ...unsubscribeColumns(key) })
        .where(eq(newsletterSubscribers.id, existing.id));
      id = existing.id;
    } else {
      const [inserted] = await tx
        .insert(newsletterSubscribers)
        .values({ email, ...waiting, ...unsubscribeColumns(key) })
        // Two submissions at once for one new address: the first one's e-mail is the one to use.
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      if (!inserted) return "confirmation-envoyee" as const;
      id = inserted.id;
    }
    if (await allowRecipientMail(tx, email, now))
      await enqueueMail(tx, newsletterConfirmationMail(email, content, confirmLink(token)));
    // Over the cap: no link went, so none is kept; asking again another day sends one.
    else
      await tx
        .update(newsletterSubscribers)
        .set({ confirmTokenHash: null, confirmBefore: null })
        .where(eq(newsletterSubscribers.id, id));
    return "confirmation-envoyee" as const;
  });
}

/** The address a confirmation link's token still confirms (SQL). */
const confirmable = (token: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmTokenHash, keyedHash(token)),
    eq(newsletterSubscribers.status, "en_attente"),
    sql`${newsletterSubscribers.confirmBefore} > ${now}`,
  );

/**
 * Confirms the subscription of the link's token while it is valid (the button of the link's page: a POST, never the
 * link's GET, which mail scanners and prefetches open); the subscriber, or undefined.
 */
export async function confirmSubscription(token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await getDb()
    .update(newsletterSubscribers)
    .set({ status: "abonne", confirmedAt: now, confirmTokenHash: null, confirmBefore: null, bounces: 0 })
    .where(confirmable(token, now))
    .returning();
  return row;
}

/** The subscription waiting for the link's token while it is valid, or undefined; changes nothing (a GET). */
export async function findByConfirmToken(token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(confirmable(token, now));
  return row;
}

/** The subscriber a letter's unsubscribe link names, whatever its status; undefined for an unknown token. */
export async function findByUnsubscribeToken(token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await getDb()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, keyedHash(token)));
  return row;
}

/** Unsubscribes the address of the token (once; again is harmless); undefined for an unknown token. */
export async function unsubscribe(token: string, now = new Date()) {
  const found = await findByUnsubscribeToken(token);
  if (!found) return undefined;
  if (found.status === "desabonne") return found;
  const [row] = await getDb()
    .update(newsletterSubscribers)
    .set({ status: "desabonne", unsubscribedAt: now, confirmTokenHash: null, confirmBefore: null })
    .where(eq(newsletterSubscribers.id, found.id))
    .returning();
  return row;
}

const bouncing = sql`${newsletterSubscribers.bounces} >= ${BOUNCES_TO_STOP}`;

/** The back-office's counts: confirmed (and still reachable), waiting, unsubscribed, bouncing. */
export async function subscriberCounts() {
  const t = newsletterSubscribers;
  const [row] = await getDb()
    .select({
      confirmed: sql<number>`count(*) filter (where ${t.status} = 'abonne' and not (${bouncing}))`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${t.status} = 'en_attente')`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${t.status} = 'desabonne')`.mapWith(Number),
      bouncing: sql<number>`count(*) filter (where ${t.status} = 'abonne' and ${bouncing})`.mapWith(Number),
      total: count(),
    })
    .from(t);
  return row ?? { confirmed: 0, waiting: 0, unsubscribed: 0, bouncing: 0, total: 0 };
}

const matching = (q = "") =>
  adminSearchCondition(q, {
    texts: [newsletterSubscribers.email, newsletterSubscribers.consentSource],
    dates: [newsletterSubscribers.consentAt, newsletterSubscribers.confirmedAt],
  });

/** The back-office's list, newest first: those `page.q` finds, page `page.page`, or all (the CSV export). */
export async function listSubscribers(page?: AdminListQuery) {
  const query = getDb()
    .select()
    .from(newsletterSubscribers)
    .where(matching(page?.q))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return withPage(query.$dynamic(), page);
}

export async function countSubscribers(q = "") {
  const [row] = await getDb().select({ n: count() }).from(newsletterSubscribers).where(matching(q));
  return row?.n ?? 0;
}

/** Removes an address from the list (the back-office's « Retirer »); the removed row, or undefined. */
export async function removeSubscriber(id: number, executor: Executor = getDb()) {
  const [row] = await executor.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning();
  return row;
}

/** Whether `subscriber` counts as bouncing (no letter goes to it). */
export const isBouncing = (subscriber: Pick<Subscriber, "bounces">) => subscriber.bounces >= BOUNCES_TO_STOP;

/** The whole list as CSV (semicolons and a BOM, as French spreadsheets open it): address, status, consent. */
export async function subscribersCsv() {
  const rows = await listSubscribers();
  const date = (value: Date | null) => (value ? formatDateTime(value) : "");
  return spreadsheetCsv(
    ["Adresse", "Statut", "Consentement le", "Formulaire", "Texte accepté", "Confirmée le", "Désabonnée le"],
    rows.map((s) => [
      s.email,
      isBouncing(s) && s.status === "abonne" ? "En échec (adresse refusée)" : SUBSCRIBER_STATUS_LABELS[s.status],
      date(s.consentAt),
      s.consentSource,
      s.consentWording,
      date(s.confirmedAt),
      date(s.unsubscribedAt),
    ]),
  );
}
