import { CsvUploadError, foldHeader, readCsvUpload } from "~/modules/forms/csv-upload.server";
import { parseSignedEuros } from "./reconciliation.schema";
import { calendarDay } from "~/lib/paris-time";

// « Importer le relevé »: a bank statement as French banks export it, in CSV (`;`, dates jj/mm/aaaa, amounts
// « -1 234,56 » in one column or in « Débit » and « Crédit ») or in OFX, read to suggest the ticks: each line of the
// bank matched to one entry of the statement not yet ticked, of the same amount and sign, dated within 10 days.
// Nothing is saved: the treasurer checks the boxes ticked and saves them.

export const STATEMENT_CSV_MAX_LINES = 2000;
const MATCH_DAYS = 10;

export interface BankLine {
  /** 2026-03-31. */
  on: string;
  label: string;
  /** Signed: credit above zero, debit below. */
  cents: number;
}

const HEADERS = {
  date: ["date", "dateoperation", "datedoperation", "datedeloperation", "dateope", "datecomptable"],
  label: ["libelle", "libelleoperation", "libellesimplifie", "operation", "description", "detail"],
  amount: ["montant", "montanteur", "montanteuros", "montanteneuros", "montanteneur", "somme"],
  debit: ["debit", "debiteur", "debiteuros", "montantdebit"],
  credit: ["credit", "crediteur", "crediteuros", "montantcredit"],
};

const columnOf = (header: string[], names: string[]) => header.findIndex((cell) => names.includes(foldHeader(cell)));

/** 2026-03-31 from « 31/03/2026 », « 31/03/26 », « 31-03-2026 » or « 2026-03-31 »; null otherwise. */
export function parseBankDate(text: string): string | null {
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const [year, month, day] = french
    ? [french[3]!.length === 2 ? 2000 + Number(french[3]) : Number(french[3]), Number(french[2]), Number(french[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year) return null;
  const date = calendarDay(year, month, day);
  // A day the month does not have (31/04) runs into the next month: refused.
  return date === `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` ? date : null;
}

/** Cents from a bank's amount: « -1 234,56 », « 1234.56 », « +12,40 € »; null when it is none. */
export function parseBankAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, "").replace(/^\+/, "");
  if (!cleaned) return null;
  // « 1.234,56 »: the dot groups thousands when a comma marks the cents.
  const normal = /,\d{1,2}$/.test(cleaned) ? cleaned.replace(/\./g, "") : cleaned;
  return parseSignedEuros(normal);
}

/** A line of the bank's file that is no transaction (a balance, a total), left out and named to the treasurer. */
export interface SkippedLine {
  /** The line's number in the file. */
  line: number;
  text: string;
}

/** What a statement's file gives: its transactions, and the lines around them left out. */
export interface BankStatement {
  lines: BankLine[];
  skipped: SkippedLine[];
}

/** A balance or a total, as banks write them between or after the transactions: « Solde au 31/03/2026 », « Total ». */
const NOT_A_TRANSACTION = /^(?:(?:ancien|nouveau)\s+)?solde\b|^(?:sous-)?totale?s?\b|^montant\s+total\b/i;

/**
 * The lines of a bank's CSV: the header is the first row naming a date and an amount (or debit and credit) column —
 * banks put the account's details above it. After it, lines without a date are left out silently (blank, a
 * continuation); lines that are balances or totals (« Solde au 31/03/2026 », « Total des opérations », a date cell in
 * words) are left out and named. Refused with a French message naming a transaction's line that cannot be read.
 */
export function parseBankCsv(text: string): BankStatement {
  const rows = readCsvUpload(text, STATEMENT_CSV_MAX_LINES, "lignes");
  const headerAt = rows.findIndex(
    ({ cells: row }) =>
      columnOf(row, HEADERS.date) >= 0 &&
      (columnOf(row, HEADERS.amount) >= 0 || (columnOf(row, HEADERS.debit) >= 0 && columnOf(row, HEADERS.credit) >= 0)),
  );
  if (headerAt < 0)
    throw new CsvUploadError(
      "Ce fichier ne ressemble pas à un relevé : il lui faut une colonne « Date » et une colonne « Montant » (ou « Débit » et « Crédit »).",
    );
  const header = rows[headerAt]!.cells;
  const at = {
    date: columnOf(header, HEADERS.date),
    label: columnOf(header, HEADERS.label),
    amount: columnOf(header, HEADERS.amount),
    debit: columnOf(header, HEADERS.debit),
    credit: columnOf(header, HEADERS.credit),
  };
  const lines: BankLine[] = [];
  const skipped: SkippedLine[] = [];
  // Each line's number in the file, blank lines counted, as the treasurer's spreadsheet shows it.
  for (const { cells: row, line: n } of rows.slice(headerAt + 1)) {
    const dateText = row[at.date] ?? "";
    const label = at.label >= 0 ? (row[at.label] ?? "").trim() : "";
    // A date cell in words (« Solde au 31/03/2026 », « Total »), or a balance's label beside a date.
    if (/\p{L}/u.test(dateText) || NOT_A_TRANSACTION.test(label)) {
      skipped.push({
        line: n,
        text: row
          .map((cell) => cell.trim())
          .filter(Boolean)
          .join(" ")
          .slice(0, 120),
      });
      continue;
    }
    if (!dateText.trim()) continue;
    const on = parseBankDate(dateText);
    if (!on) throw new CsvUploadError(`Ligne ${n} : la date « ${dateText} » n'est pas au format jj/mm/aaaa.`);
    let cents: number | null;
    if (at.amount >= 0) cents = parseBankAmount(row[at.amount] ?? "");
    else {
      const debit = parseBankAmount(row[at.debit] ?? "");
      const credit = parseBankAmount(row[at.credit] ?? "");
      cents = debit ? -Math.abs(debit) : credit !== null ? Math.abs(credit) : debit;
    }
    if (cents === null)
      throw new CsvUploadError(`Ligne ${n} : le montant n'est pas lisible (il faut un nombre comme -1 234,56).`);
    if (cents === 0) continue;
    lines.push({ on, label, cents });
  }
  return { lines, skipped };
}

/** Whether an uploaded statement is OFX (« Relevé OFX », « format Money »), by its header or its root element. */
export const isOfx = (text: string) => /^\uFEFF?\s*OFXHEADER:/i.test(text) || /<OFX>/i.test(text);

const OFX_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

/** A transaction's elements read here: each up to the next tag or line end (OFX 1's SGML leaves tags unclosed). */
const OFX_FIELDS = {
  DTPOSTED: /<DTPOSTED>([^<\r\n]*)/i,
  TRNAMT: /<TRNAMT>([^<\r\n]*)/i,
  NAME: /<NAME>([^<\r\n]*)/i,
  MEMO: /<MEMO>([^<\r\n]*)/i,
};

/** An OFX element's text in one transaction, its entities decoded. */
function ofxField(block: string, tag: keyof typeof OFX_FIELDS) {
  const value = OFX_FIELDS[tag].exec(block)?.[1] ?? "";
  return value.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => OFX_ENTITIES[entity]!).trim();
}

/**
 * The lines of an OFX statement, version 1 (SGML) or 2 (XML), as French banks export it: each transaction's
 * <DTPOSTED> (its day, « 20260331… »), <TRNAMT> (signed, « -12.40 », some banks « -12,40 ») and <NAME> with its
 * <MEMO>. Read here rather than by a package: ofx-js 1.1.1 backtracks exponentially on a long tag name (24 letters
 * took 250 ms, each more doubles it), ofx-data-extractor 1.5.0 nests the statement wrongly; a transaction's few
 * fields need no more than this, read in one pass. Refused with a French message naming the transaction.
 */
export function parseBankOfx(text: string): BankStatement {
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  if (blocks.length === 0)
    throw new CsvUploadError("Ce fichier OFX ne contient aucune opération : vérifiez la période demandée à la banque.");
  if (blocks.length > STATEMENT_CSV_MAX_LINES)
    throw new CsvUploadError(`Au plus ${STATEMENT_CSV_MAX_LINES} opérations par fichier.`);
  const lines = blocks.flatMap((raw, i) => {
    const block = raw.split(/<\/STMTTRN>/i, 1)[0]!;
    const posted = ofxField(block, "DTPOSTED");
    const day = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
    const on = day ? parseBankDate(`${day[1]}-${day[2]}-${day[3]}`) : null;
    if (!on)
      throw new CsvUploadError(
        posted
          ? `Opération ${i + 1} : la date « ${posted} » n'est pas une date OFX (aaaammjj).`
          : `Opération ${i + 1} : sa date (DTPOSTED) manque.`,
      );
    const amount = ofxField(block, "TRNAMT");
    const cents = parseBankAmount(amount);
    if (cents === null) throw new CsvUploadError(`Opération ${i + 1} : le montant « ${amount} » n'est pas lisible.`);
    if (cents === 0) return [];
    const label = [ofxField(block, "NAME"), ofxField(block, "MEMO")].filter(Boolean).join(" — ");
    return [{ on, label, cents }];
  });
  // OFX keeps balances in their own elements (<LEDGERBAL>), never among the transactions.
  return { lines, skipped: [] };
}

const days = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/**
 * The boxes the bank's lines suggest ticking: each line matched to one box not ticked yet, of the same signed amount,
 * dated within 10 days (the closest first); the lines matched to nothing are listed for the treasurer.
 */
export function suggestTicks<Box extends { name: string; on: string; cents: number; ticked: boolean }>(
  bank: BankLine[],
  boxes: Box[],
) {
  const free = boxes.filter((box) => !box.ticked);
  const taken = new Set<string>();
  const suggested: string[] = [];
  const unmatched: BankLine[] = [];
  for (const line of bank) {
    const match = free
      .filter((box) => !taken.has(box.name) && box.cents === line.cents && days(box.on, line.on) <= MATCH_DAYS)
      .sort((a, b) => days(a.on, line.on) - days(b.on, line.on))[0];
    if (match) {
      taken.add(match.name);
      suggested.push(match.name);
    } else unmatched.push(line);
  }
  return { suggested, unmatched };
}
