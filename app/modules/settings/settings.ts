/** The forms of /admin/settings, one intent each. Safe for the browser. */
export const SETTINGS_INTENTS = [
  "homeImage",
  "headerIcon",
  "homeTexts",
  "plots",
  "plotMails",
  "association",
  "contact",
  "identity",
  "applicationLabels",
  "retention",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

/** The answer of a settings form. */
export interface SettingsResult {
  intent: SettingsIntent | null;
  ok: boolean;
  message: string | null;
  /** The field a refusal is about, to mark it in the form. */
  field?: string;
  /** What was typed, given back with a refusal so that the form shows it again (without JavaScript too). */
  values?: Record<string, string>;
}

/** The fields of 'Données personnelles', in the order shown. */
export const RETENTION_FIELDS = [
  "retentionArchivedApplicationsMonths",
  "retentionContactMessagesMonths",
  "retentionPendingAdsDays",
  "retentionValidatedAdsMonths",
  "retentionHistoryMonths",
  "retentionSentMailDays",
  "retentionEventRegistrationsMonths",
  "retentionGardenersYears",
  "retentionPaymentsYears",
] as const;
