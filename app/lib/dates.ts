const TIME_ZONE = "Europe/Paris";

const longDate = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: TIME_ZONE,
});
const time = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: TIME_ZONE,
});

type DateInput = Date | string | number;

/** French writes the first of a month « 1er juillet », the other days as numbers: applied to a date Intl wrote. */
export const withFirstOfMonth = (text: string) => text.replace(/^1 /, "1er ");

/** product §9: 'd MMMM yyyy' in French, in Paris time (e.g. « 3 mars 2026 », « 1er juillet 2026 »). */
export function formatDate(value: DateInput): string {
  return withFirstOfMonth(longDate.format(new Date(value)));
}

/** « 14h30 », the French way of writing a time of day, in Paris time. */
export function formatTime(value: DateInput): string {
  return time.format(new Date(value)).replace(":", "h");
}

/** « 3 mars 2026 à 14h30 », for event start and end. */
export function formatDateTime(value: DateInput): string {
  const d = new Date(value);
  return `${formatDate(d)} à ${formatTime(d)}`;
}

/** ISO 8601 for `<time dateTime>`. */
export function toIso(value: DateInput): string {
  return new Date(value).toISOString();
}

const dayMonth = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", timeZone: TIME_ZONE });

/** « 5 décembre à 18h02 »: a moment of the last days, without its year (an autosave). */
export function formatDayTime(value: DateInput): string {
  const d = new Date(value);
  return `${withFirstOfMonth(dayMonth.format(d))} à ${formatTime(d)}`;
}

/** « 3 mars 2026 » from a calendar date ('YYYY-MM-DD', a plot's or a payment's day); "" for none. */
export function formatCalendarDate(day: string | null | undefined): string {
  return day ? formatDate(`${day}T12:00:00Z`) : "";
}
