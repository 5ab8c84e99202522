import { TIME_ZONE } from "~/lib/constants";

/**
 * Conversions between instants and the Europe/Paris wall-clock strings of `<input type="datetime-local">`.
 * Safe for the browser; independent of the machine's own time zone.
 */

const formatter = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function parisWallClock(date: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** Offset of Paris from UTC at the instant `utcMs`, in milliseconds (1 h in winter, 2 h in summer). */
function parisOffsetMs(utcMs: number): number {
  const w = parisWallClock(new Date(utcMs));
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(utcMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const LOCAL_FORMAT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a Paris wall-clock time 'YYYY-MM-DDTHH:mm' designates; null when the text is not one.
 * A time repeated when clocks go back takes its first (summer) occurrence; a time skipped when clocks go
 * forward is moved forward by the hour skipped (02:30 → 03:30), as Temporal does by default.
 */
export function parisLocalToDate(local: string): Date | null {
  const m = LOCAL_FORMAT.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  if (year < 1900 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const hours12 = 12 * 3600 * 1000;
  const before = parisOffsetMs(wall - hours12);
  const after = parisOffsetMs(wall + hours12);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => parisOffsetMs(t) === wall - t)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? wall - before);
}

/** The Paris wall-clock time of `date` as 'YYYY-MM-DDTHH:mm', the value of a datetime-local input. */
export function dateToParisLocal(date: Date): string {
  const w = parisWallClock(date);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The Paris calendar date of `date` as 'YYYY-MM-DD'. */
export function parisDateOf(date: Date): string {
  const w = parisWallClock(date);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Today's Paris calendar date ('YYYY-MM-DD'), or the one of `now`. */
export const parisToday = (now = new Date()) => parisDateOf(now);

/** The current year in Paris: fees and accounts go by it. */
export const parisYear = (now = new Date()) => Number(parisDateOf(now).slice(0, 4));

/** The same day a year before `day` ('YYYY-MM-DD'); 29 February gives 28 February. */
export function aYearBefore(day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${String(year - 1).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(date, last)).padStart(2, "0")}`;
}

/** The calendar day `year`-`month`-`day` ('YYYY-MM-DD'); a day past the month's end runs into the next months. */
export function calendarDay(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  return date.toISOString().slice(0, 10);
}

/** `day` ('YYYY-MM-DD') moved by `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return calendarDay(year, month, date + days);
}

/** `day` moved by `months` calendar months; the 31st of a shorter month runs into the next (as `Date` does). */
export function addMonths(day: string, months: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return calendarDay(year, month + months, date);
}
