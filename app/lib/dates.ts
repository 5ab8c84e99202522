const TIME_ZONE = "Europe/Paris";

const longDate = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: TIME_ZONE });

type DateInput = Date | string | number;

/** SPEC §9: 'd MMMM yyyy' in French, in Paris time (e.g. « 3 mars 2026 »). */
export function formatDate(value: DateInput): string {
  return longDate.format(new Date(value));
}

/** « 3 mars 2026 à 14:30 », for event start and end. */
export function formatDateTime(value: DateInput): string {
  const d = new Date(value);
  return `${longDate.format(d)} à ${time.format(d)}`;
}

/** ISO 8601 for `<time dateTime>`. */
export function toIso(value: DateInput): string {
  return new Date(value).toISOString();
}
