import { DateTime } from "luxon";
import { cleanText, listFromText } from "~/lib/text";

// How the values of the previous site's export are read. Exports from table tools, spreadsheets and scripts
// disagree: a missing value may be an empty string, 'null' or 'NULL'; a boolean 't', 'true', '1' or 'oui'; a date
// ISO with or without its offset, PostgreSQL's text form or a French 'JJ/MM/AAAA HH:MM'.

/** One row of the export, its column names folded (lower case, no '_'): 'created_at', 'createdAt' → 'createdat'. */
export type SourceRow = Map<string, unknown>;

export const foldColumn = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[_\s-]/g, "");

export function sourceRow(record: Record<string, unknown>): SourceRow {
  return new Map(Object.entries(record).map(([key, value]) => [foldColumn(key), value]));
}

const NULL_WORDS = new Set(["", "null", "undefined", "none", "nan"]);

/** A text, trimmed and cleaned of control characters; null for every spelling of "nothing". */
export function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = cleanText(
    typeof value === "string"
      ? value
      : typeof value === "number" || typeof value === "boolean"
        ? String(value)
        : JSON.stringify(value),
  ).trim();
  return NULL_WORDS.has(text.toLowerCase()) ? null : text;
}

const TRUE_WORDS = new Set(["true", "t", "1", "oui", "o", "yes", "y", "vrai", "x", "on"]);
const FALSE_WORDS = new Set(["false", "f", "0", "non", "n", "no", "faux", "off"]);

/** A boolean; null when missing or not recognisable. */
export function booleanValue(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  const text = textValue(value)?.toLowerCase();
  if (text === undefined || text === null) return null;
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return null;
}

/** A whole number; null when missing or not one. */
export function integerValue(value: unknown): number | null {
  const text = textValue(value);
  if (text === null || !/^-?\d{1,9}$/.test(text.replace(/\s/g, ""))) return null;
  return Number(text.replace(/\s/g, ""));
}

const PARIS = { zone: "Europe/Paris" };
const FRENCH_FORMATS = ["d/M/yyyy H:mm:ss", "d/M/yyyy H:mm", "d/M/yyyy", "d-M-yyyy H:mm", "d-M-yyyy", "d.M.yyyy"];

/**
 * An instant. Texts without an offset are Paris wall-clock times (what the association typed); a date alone is
 * midnight in Paris. Numbers are Unix times (seconds or milliseconds). Null when missing or not a date.
 */
export function instantValue(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value > 1e11 ? value : value * 1000);
  const text = textValue(value)?.replace(/\s+/g, " ");
  if (!text) return null;
  if (/^\d{10,13}$/.test(text)) return instantValue(Number(text));
  const french = text.replace(/ à /i, " ").replace(/(\d{1,2}) ?h ?(\d{2})$/i, "$1:$2");
  const candidates = [
    DateTime.fromISO(text.replace(" ", "T"), PARIS),
    DateTime.fromSQL(text, PARIS),
    ...FRENCH_FORMATS.map((format) => DateTime.fromFormat(french, format, PARIS)),
  ];
  const parsed = candidates.find((candidate) => candidate.isValid && candidate.year >= 1900 && candidate.year <= 2200);
  return parsed ? parsed.toJSDate() : null;
}

/**
 * A list of image addresses: a JSON array (or its text, possibly 'null'), one address, or several separated by
 * spaces, line breaks, ';' or a ',' before the next address (a comma inside an address, as image hosts write
 * their transformations, stays). Empty entries are null.
 */
export function addressListValue(value: unknown): (string | null)[] {
  const list = listFromText(value, (text) => text.split(/\s*(?:;|,(?=\s*(?:https?:|\/)))\s*|\s+/));
  if (!Array.isArray(list)) return [];
  // Empty places stay, so a remark can name an image by its place in the list.
  return list.map(textValue);
}

/** The value of the first of `names` (folded) present in the row. */
export function column(row: SourceRow, ...names: string[]): unknown {
  for (const name of names) {
    const key = foldColumn(name);
    if (row.has(key)) return row.get(key);
  }
  return undefined;
}
