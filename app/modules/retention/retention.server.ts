import { and, asc, eq, lt, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { annonces } from "~/modules/ads/ads.tables";
import { applications } from "~/modules/applications/applications.tables";
import { contactMessages } from "~/modules/contact/contact.tables";
import { associationContent } from "~/modules/content/content.tables";
import { events } from "~/modules/events/events.tables";
import { helloassoNotifications, onlinePayments } from "~/modules/helloasso/helloasso.tables";
import { history } from "~/modules/history/history.tables";
import { outbox } from "~/modules/mail/mail.tables";
import { newsletterSubscribers } from "~/modules/newsletter/newsletter.tables";
import { gardenerFees, gardenerPayments, gardeners } from "~/modules/register/register.tables";
import { eventRegistrations } from "~/modules/registrations/registrations.tables";
import {
  treasuryBudgetLines,
  treasuryDeposits,
  treasuryEntries,
  treasuryReceipts,
  treasuryStatements,
} from "~/modules/treasury/treasury.tables";
import { purgeMailFiles } from "~/modules/mail/transports.server";
import { quarterHourlyJob } from "~/server/jobs.server";

/**
 * How long personal data is kept, as the association sets it (RGPD); these are the defaults. The association's
 * documents (statutes, rules, minutes…) are not swept: they are its archive, and hold no one's data (decision 028).
 */
export interface RetentionSettings {
  archivedApplicationsMonths: number;
  contactMessagesMonths: number;
  pendingAdsDays: number;
  validatedAdsMonths: number;
  historyMonths: number;
  /** Sent or abandoned e-mails (their headers; the body goes when sent), and the .eml files written without SMTP. */
  sentMailDays: number;
  /** Sign-ups for an event, counted from the event. */
  eventRegistrationsMonths: number;
  /** A former gardener's record, counted from their departure. */
  gardenersYears: number;
  /** Fees and payments, for the accounts: years after the year they are for (kept without the person once erased). */
  paymentsYears: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  archivedApplicationsMonths: 24,
  contactMessagesMonths: 12,
  pendingAdsDays: 60,
  validatedAdsMonths: 6,
  historyMonths: 24,
  sentMailDays: 30,
  eventRegistrationsMonths: 3,
  gardenersYears: 3,
  paymentsYears: 10,
};

/**
 * A newsletter address never confirmed is deleted this many days after it was asked for (its confirmation e-mail
 * says so); asking again does not move that day.
 */
export const UNCONFIRMED_SUBSCRIBER_DAYS = 7;

/**
 * An unsubscribed address is kept only as the proof of the consent it gave and of its withdrawal (when, from which
 * form, the wording, when it was withdrawn), never to write to it, then deleted this many years after unsubscribing
 * (decision 023).
 */
export const UNSUBSCRIBED_SUBSCRIBER_YEARS = 3;

/** An expired ad is hidden at once, then deleted this many days later (time to tell its author, or renew it). */
export const EXPIRED_AD_GRACE_DAYS = 30;

export async function getRetentionSettings(): Promise<RetentionSettings> {
  const [row] = await getDb()
    .select({
      archivedApplicationsMonths: associationContent.retentionArchivedApplicationsMonths,
      contactMessagesMonths: associationContent.retentionContactMessagesMonths,
      pendingAdsDays: associationContent.retentionPendingAdsDays,
      validatedAdsMonths: associationContent.retentionValidatedAdsMonths,
      historyMonths: associationContent.retentionHistoryMonths,
      sentMailDays: associationContent.retentionSentMailDays,
      eventRegistrationsMonths: associationContent.retentionEventRegistrationsMonths,
      gardenersYears: associationContent.retentionGardenersYears,
      paymentsYears: associationContent.retentionPaymentsYears,
    })
    .from(associationContent)
    .orderBy(asc(associationContent.id))
    .limit(1);
  return row ?? RETENTION_DEFAULTS;
}

const monthsBefore = (now: Date, months: number) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};
/** The calendar date (YYYY-MM-DD) of an instant in Paris. */
const parisDate = (date: Date) => date.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** The instant a validated ad leaves the public list (SQL): its validation plus the set number of months. */
export function adPublicUntil() {
  return sql`(${annonces.validatedAt} + make_interval(months => coalesce((select ${associationContent.retentionValidatedAdsMonths} from ${associationContent} order by ${associationContent.id} limit 1), ${RETENTION_DEFAULTS.validatedAdsMonths})))`;
}

/** The SQL condition of a validated ad still public; the admin screen shows the others as expired, with the same date. */
export function notExpired() {
  return sql`${adPublicUntil()} > now()`;
}

export interface RetentionResult {
  archivedApplications: number;
  contactMessages: number;
  pendingAds: number;
  expiredAds: number;
  history: number;
  mails: number;
  unconfirmedSubscribers: number;
  unsubscribedSubscribers: number;
  eventRegistrations: number;
  formerGardeners: number;
  payments: number;
  fees: number;
  receipts: number;
  bookEntries: number;
  deposits: number;
  statements: number;
  budgetLines: number;
  onlinePayments: number;
  helloassoNotifications: number;
}

/**
 * The treasurer's book is kept ten years after the end of each financial year (the French rule for accounting records,
 * Code de commerce L123-22), attachments included; it is not a setting. An erased person's name is already gone from it.
 */
export const BOOK_RETENTION_YEARS = 10;

/** The first financial year still kept at `now`. */
const bookLimit = (now: Date) => Number(parisDate(now).slice(0, 4)) - BOOK_RETENTION_YEARS;

/** For each kind of record the settings limit: its table and the condition of a record kept too long at `now`. */
function overdue(settings: RetentionSettings, now: Date) {
  return {
    archivedApplications: {
      table: applications,
      where: and(
        eq(applications.archived, true),
        lt(applications.archivedDate, monthsBefore(now, settings.archivedApplicationsMonths)),
      ),
    },
    contactMessages: {
      table: contactMessages,
      where: lt(contactMessages.createdAt, monthsBefore(now, settings.contactMessagesMonths)),
    },
    pendingAds: {
      table: annonces,
      where: and(eq(annonces.statut, "en_attente"), lt(annonces.createdAt, daysBefore(now, settings.pendingAdsDays))),
    },
    expiredAds: {
      table: annonces,
      where: and(
        eq(annonces.statut, "validé"),
        lt(annonces.validatedAt, daysBefore(monthsBefore(now, settings.validatedAdsMonths), EXPIRED_AD_GRACE_DAYS)),
      ),
    },
    history: { table: history, where: lt(history.at, monthsBefore(now, settings.historyMonths)) },
    // An address nobody confirmed is not kept (the newsletter's double opt-in).
    unconfirmedSubscribers: {
      table: newsletterSubscribers,
      where: and(
        eq(newsletterSubscribers.status, "en_attente"),
        lt(newsletterSubscribers.consentAt, daysBefore(now, UNCONFIRMED_SUBSCRIBER_DAYS)),
      ),
    },
    unsubscribedSubscribers: {
      table: newsletterSubscribers,
      where: and(
        eq(newsletterSubscribers.status, "desabonne"),
        lt(
          sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${newsletterSubscribers.consentAt})`,
          monthsBefore(now, 12 * UNSUBSCRIBED_SUBSCRIBER_YEARS),
        ),
      ),
    },
    eventRegistrations: {
      table: eventRegistrations,
      where: sql`${eventRegistrations.eventId} in (select ${events.id} from ${events} where ${lt(events.start, monthsBefore(now, settings.eventRegistrationsMonths))})`,
    },
    // The plot's history and the payments stay, without the person (their references become null).
    formerGardeners: {
      table: gardeners,
      where: lt(gardeners.endDate, parisDate(monthsBefore(now, 12 * settings.gardenersYears))),
    },
    payments: {
      table: gardenerPayments,
      where: lt(gardenerPayments.year, Number(parisDate(now).slice(0, 4)) - settings.paymentsYears),
    },
    // The fees called go with their payments, after the same years.
    fees: {
      table: gardenerFees,
      where: lt(gardenerFees.year, Number(parisDate(now).slice(0, 4)) - settings.paymentsYears),
    },
    // The book after its ten years: receipts first, then the entries (their attachments' files go with the documents'
    // cleanup once no row names them), then the deposits and statements left empty, and the years' budgets.
    receipts: {
      table: treasuryReceipts,
      where: lt(treasuryReceipts.year, bookLimit(now)),
    },
    bookEntries: { table: treasuryEntries, where: lt(treasuryEntries.year, bookLimit(now)) },
    deposits: {
      table: treasuryDeposits,
      where: and(
        lt(treasuryDeposits.depositedOn, `${bookLimit(now)}-01-01`),
        sql`not exists (select 1 from ${treasuryEntries} where ${treasuryEntries.depositId} = ${treasuryDeposits.id})`,
      ),
    },
    statements: {
      table: treasuryStatements,
      where: and(
        lt(treasuryStatements.statementDate, `${bookLimit(now)}-01-01`),
        sql`not exists (select 1 from ${treasuryEntries} where ${treasuryStatements.id} in (${treasuryEntries.statementId}, ${treasuryEntries.toStatementId}))`,
      ),
    },
    budgetLines: { table: treasuryBudgetLines, where: lt(treasuryBudgetLines.year, bookLimit(now)) },
    // Online payments and HelloAsso's notifications are records of the book's income (decision 032): its ten years.
    helloassoNotifications: {
      table: helloassoNotifications,
      where: lt(helloassoNotifications.receivedAt, new Date(`${bookLimit(now)}-01-01T00:00:00Z`)),
    },
    onlinePayments: {
      table: onlinePayments,
      where: lt(onlinePayments.createdAt, new Date(`${bookLimit(now)}-01-01T00:00:00Z`)),
    },
    // A waiting e-mail is kept whatever its age: it has not been delivered yet.
    mails: {
      table: outbox,
      where: or(
        and(eq(outbox.status, "sent"), lt(outbox.sentAt, daysBefore(now, settings.sentMailDays))),
        and(ne(outbox.status, "pending"), lt(outbox.createdAt, daysBefore(now, settings.sentMailDays))),
      ),
    },
  } satisfies Record<keyof RetentionResult, unknown>;
}

/**
 * Deletes what has been kept longer than the settings allow, each kind in its own statement; and the e-mails written
 * as files (without SMTP) after the same time as sent ones.
 */
export async function applyRetention(now = new Date()): Promise<RetentionResult & { mailFiles: number }> {
  const db = getDb();
  const settings = await getRetentionSettings();
  const removed = {} as RetentionResult;
  for (const [kind, { table, where }] of Object.entries(overdue(settings, now))) {
    removed[kind as keyof RetentionResult] = (
      await db
        .delete(table)
        .where(where)
        .returning({ one: sql`1` })
    ).length;
  }
  return { ...removed, mailFiles: await purgeMailFiles(daysBefore(now, settings.sentMailDays)) };
}

/** What `applyRetention` would delete at `now`, counted without deleting (the import's warning). */
export async function countOverdue(now = new Date()): Promise<RetentionResult> {
  const db = getDb();
  const due = {} as RetentionResult;
  for (const [kind, { table, where }] of Object.entries(overdue(await getRetentionSettings(), now))) {
    due[kind as keyof RetentionResult] = await db.$count(table, where);
  }
  return due;
}

/** Personal data kept no longer than the association's settings allow (RGPD). */
export const retentionJob = quarterHourlyJob(
  "durées de conservation",
  () => applyRetention(),
  (removed) => (Object.values(removed).some(Boolean) ? { removed } : undefined),
);
