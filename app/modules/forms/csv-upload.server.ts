import { parse } from "csv-parse/sync";
import { NOT_TEXT_FILE } from "./form-data.server";

/** A file that cannot be imported: nothing was written, and the message says which line and why. */
export class CsvUploadError extends Error {}

const UNREADABLE = "Ce fichier n'est pas un CSV lisible : enregistrez-le depuis votre tableur au format CSV.";

/** A header or a word as a spreadsheet may spell it: « N° », « Prénom(s) », « E-mail » → « n », « prenoms », « email ». */
export const foldHeader = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A row of an uploaded CSV: its cells, and the number of its line in the file, blank lines counted. */
export interface CsvRow {
  cells: string[];
  /** For a quoted cell over several lines, the row's last line. */
  line: number;
}

/**
 * The rows of an uploaded CSV, as `readFormData` read it (UTF-8 or Windows-1252 by its content): `;` or `,`, whichever
 * the first line uses most, cells trimmed, empty lines skipped, each with its line's number for the messages that
 * name it. The first row is the header. Refused with a French message: no file, a binary file (a spreadsheet's own
 * format), unreadable CSV, more than `maxLines` lines of data.
 */
export function readCsvUpload(text: string, maxLines: number, what: string): CsvRow[] {
  const body = text.replace(/^\uFEFF/, "");
  if (!body.trim()) throw new CsvUploadError("Choisissez un fichier CSV à importer.");
  if (body === NOT_TEXT_FILE) throw new CsvUploadError(UNREADABLE);
  const firstLine = body.split(/\r?\n/, 1)[0]!;
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, csv-parse gives each record with where it was read; its types leave that out.
    rows = parse(body, {
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof rows;
  } catch {
    throw new CsvUploadError(UNREADABLE);
  }
  if (rows.length - 1 > maxLines) throw new CsvUploadError(`Au plus ${maxLines} ${what} par fichier.`);
  return rows.map(({ record, info }) => ({ cells: record, line: info.lines }));
}
