import { and, asc, eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { annonces, applications, associationContent, contactMessages, history } from "~/db/schema";

/** How long personal data is kept, as the association sets it (RGPD); these are the defaults. */
export interface RetentionSettings {
  archivedApplicationsMonths: number;
  contactMessagesMonths: number;
  pendingAdsDays: number;
  validatedAdsMonths: number;
  historyMonths: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = {
  archivedApplicationsMonths: 24,
  contactMessagesMonths: 12,
  pendingAdsDays: 60,
  validatedAdsMonths: 6,
  historyMonths: 24,
};

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
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** The SQL condition of a validated ad still public: validated less than the set number of months ago. */
export function notExpired() {
  return sql`${annonces.validatedAt} >= now() - make_interval(months => coalesce((select ${associationContent.retentionValidatedAdsMonths} from ${associationContent} order by ${associationContent.id} limit 1), ${RETENTION_DEFAULTS.validatedAdsMonths}))`;
}

export interface RetentionResult {
  archivedApplications: number;
  contactMessages: number;
  pendingAds: number;
  expiredAds: number;
  history: number;
}

/** Deletes what has been kept longer than the settings allow; each kind in its own statement. */
export async function applyRetention(now = new Date()): Promise<RetentionResult> {
  const settings = await getRetentionSettings();
  const db = getDb();
  const count = (rows: unknown[]) => rows.length;
  return {
    archivedApplications: count(
      await db
        .delete(applications)
        .where(and(eq(applications.archived, true), lt(applications.archivedDate, monthsBefore(now, settings.archivedApplicationsMonths))))
        .returning({ id: applications.id }),
    ),
    contactMessages: count(
      await db.delete(contactMessages).where(lt(contactMessages.createdAt, monthsBefore(now, settings.contactMessagesMonths))).returning({ id: contactMessages.id }),
    ),
    pendingAds: count(
      await db
        .delete(annonces)
        .where(and(eq(annonces.statut, "en_attente"), lt(annonces.createdAt, daysBefore(now, settings.pendingAdsDays))))
        .returning({ id: annonces.id }),
    ),
    expiredAds: count(
      await db
        .delete(annonces)
        .where(
          and(
            eq(annonces.statut, "validé"),
            lt(annonces.validatedAt, daysBefore(monthsBefore(now, settings.validatedAdsMonths), EXPIRED_AD_GRACE_DAYS)),
          ),
        )
        .returning({ id: annonces.id }),
    ),
    history: count(await db.delete(history).where(lt(history.at, monthsBefore(now, settings.historyMonths))).returning({ id: history.id })),
  };
}
