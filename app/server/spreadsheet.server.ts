import { stringify } from "csv-stringify/sync";

/**
 * A text starting like a formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe, so that a
 * visitor's name never runs as a formula on the bureau's computer.
 */
function spreadsheetCell(value: string | number): string | number {
  return typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file as a French spreadsheet opens it: a BOM, semicolons, a header row, no cell read as a formula. */
export function spreadsheetCsv(columns: string[], rows: (string | number)[][]) {
  return `\uFEFF${stringify(
    rows.map((row) => row.map(spreadsheetCell)),
    { delimiter: ";", header: true, columns },
  )}`;
}
