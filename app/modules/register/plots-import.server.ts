import { and, eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { plots } from "~/modules/register/register.tables";
import { CsvUploadError, foldHeader as fold, readCsvUpload, type CsvRow } from "~/modules/forms/csv-upload.server";
import { PLOT_NUMBER_MAX } from "./plots.schema";

/** A file that cannot be imported: nothing was written, and the message says which line and why. */
export class PlotsCsvError extends CsvUploadError {}

export const PLOTS_CSV_MAX_LINES = 2000;

/** The columns read, by the folded headers a spreadsheet may give them. */
const COLUMNS: Record<string, "number" | "area" | "kind" | "cabin" | "state" | "notes"> = {
  numero: "number",
  n: "number",
  parcelle: "number",
  surface: "area",
  surfacem2: "area",
  surfacem: "area",
  type: "kind",
  cabane: "cabin",
  etat: "state",
  notes: "notes",
  remarques: "notes",
};

const KINDS: Record<string, "familiale" | "partagee"> = {
  familiale: "familiale",
  "": "familiale",
  partagee: "partagee",
};
const STATES: Record<string, "libre" | "reservee" | "remise_en_etat"> = {
  "": "libre",
  libre: "libre",
  reservee: "reservee",
  enremiseenetat: "remise_en_etat",
  remiseenetat: "remise_en_etat",
};

/**
 * Plots from a spreadsheet's CSV (`;` or `,`, a header line: numéro, surface, and optionally type, cabane, état,
 * notes), for one site, all or nothing: a number already there is updated (an attributed plot keeps its state),
 * a new one created. « cabane »: empty or « non » for none, « oui » or the takeover value in euros.
 */
export async function importPlotsCsv(siteId: number, text: string, executor: Executor) {
  let rows: CsvRow[];
  try {
    rows = readCsvUpload(text, PLOTS_CSV_MAX_LINES, "parcelles");
  } catch (error) {
    throw error instanceof CsvUploadError ? new PlotsCsvError(error.message) : error;
  }
  const header = rows[0]!.cells.map((h) => COLUMNS[fold(h)]);
  if (!header.includes("number") || !header.includes("area"))
    throw new PlotsCsvError("La première ligne doit nommer les colonnes, dont « numéro » et « surface ».");
  let created = 0;
  let updated = 0;
  const seen = new Set<number>();
  for (const { cells: row, line } of rows.slice(1)) {
    const cell = (column: string) => row[header.indexOf(column as never)] ?? "";
    const fail = (what: string) => {
      throw new PlotsCsvError(`Ligne ${line} : ${what} Rien n'a été importé.`);
    };
    const number = Number(cell("number"));
    if (!/^\d+$/.test(cell("number")) || number < 1 || number > PLOT_NUMBER_MAX) fail("numéro de parcelle invalide.");
    if (seen.has(number)) fail(`la parcelle n° ${number} apparaît deux fois.`);
    seen.add(number);
    const area = Number(cell("area").replace(",", "."));
    if (!Number.isInteger(area) || area < 1 || area > 10_000) fail("surface invalide (un nombre entier de m²).");
    const kind = KINDS[fold(cell("kind"))];
    if (!kind) fail("type invalide (familiale ou partagée).");
    const cabinText = cell("cabin").replace(/\s*€$/, "");
    const cabinWord = fold(cabinText);
    const cabinValue =
      cabinWord === "" || cabinWord === "non"
        ? null
        : cabinWord === "oui"
          ? 0
          : /^\d{1,3}$/.test(cabinText)
            ? Number(cabinText)
            : NaN;
    if (cabinValue !== null && (Number.isNaN(cabinValue) || cabinValue > 300))
      fail("cabane invalide (vide, « non », « oui » ou sa valeur de reprise, 300 € au plus).");
    const state = STATES[fold(cell("state"))];
    if (!state) fail("état invalide (libre, réservée ou en remise en état ; « attribuée » vient d'une attribution).");
    const fields = { area, kind: kind!, cabinValue, notes: cell("notes").slice(0, 2000) };
    const [existing] = await executor
      .select()
      .from(plots)
      .where(and(eq(plots.siteId, siteId), eq(plots.number, number)))
      // An allotment at the same moment waits, or is waited for: an attributed plot keeps its state.
      .for("update");
    if (existing) {
      await executor
        .update(plots)
        .set({
          ...fields,
          state: existing.state === "attribuee" ? "attribuee" : state!,
          isDemo: false,
          updatedAt: new Date(),
        })
        .where(eq(plots.id, existing.id));
      updated++;
    } else {
      await executor.insert(plots).values({ siteId, number, ...fields, state: state! });
      created++;
    }
  }
  return { created, updated };
}
