import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { importedRecords } from "~/modules/import/import.tables";
import { COMMAND_LINE_ACTOR, recordHistory } from "~/modules/history/history.server";
import { readExport, type SourceTable } from "./import-files.server";
import { ImageImporter } from "./import-images.server";
import { TABLE_IMPORTS, type MappedRow } from "./import-tables.server";
import { column, integerValue, textValue, type SourceRow } from "./import-values";

export interface TableReport {
  table: SourceTable;
  file: string;
  rows: number;
  imported: number;
  /** Brought in by an earlier run: left as they are. */
  already: number;
  skipped: number;
  /** Images stored (or to fetch, in a dry run) and images left out. */
  images: number;
  imagesMissing: number;
  /** One line per remark: which row, what was done or left out and why. */
  notes: string[];
}

export interface ImportReport {
  dryRun: boolean;
  tables: TableReport[];
  missing: SourceTable[];
}

/** How a row is known across runs: its id in the old site, or a fingerprint of its content when it has none. */
function sourceKey(row: SourceRow): string {
  const id = textValue(column(row, "id"));
  if (id) return `id:${id}`;
  const content = JSON.stringify([...row.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return `sha256:${crypto.createHash("sha256").update(content).digest("hex")}`;
}

/** Rows by their old id, so new ids keep the old order; rows without one keep their place in the file. */
function inIdOrder(rows: SourceRow[]) {
  return rows
    .map((row, index) => ({ row, index, id: integerValue(column(row, "id")) }))
    .sort((a, b) => (a.id !== null && b.id !== null ? a.id - b.id : a.index - b.index));
}

async function alreadyImported(table: SourceTable, key: string) {
  const [found] = await getDb()
    .select({ id: importedRecords.recordId })
    .from(importedRecords)
    .where(and(eq(importedRecords.sourceTable, table), eq(importedRecords.sourceKey, key)));
  return found !== undefined;
}

async function importTable(
  table: SourceTable,
  file: string,
  rows: SourceRow[],
  images: ImageImporter,
  now: Date,
): Promise<TableReport> {
  const report: TableReport = {
    table,
    file,
    rows: rows.length,
    imported: 0,
    already: 0,
    skipped: 0,
    images: 0,
    imagesMissing: 0,
    notes: [],
  };
  const { dryRun } = images;
  const { read } = TABLE_IMPORTS[table];
  const csv = file.toLowerCase().endsWith(".csv");
  for (const { row, index } of inIdOrder(rows)) {
    const id = textValue(column(row, "id"));
    // How the association finds the row in its export: by its id, else by its place in the file.
    const where = id ? `id ${id}` : csv ? `ligne ${index + 2}` : `élément ${index + 1}`;
    const key = sourceKey(row);
    if (await alreadyImported(table, key)) {
      report.already++;
      continue;
    }
    const context = {
      now,
      note: (remark: string) => report.notes.push(`${where} : ${remark}`),
      async image(address: unknown, what: string) {
        const wanted = textValue(address);
        const outcome = await images.bring(wanted);
        if (outcome.problem) {
          report.imagesMissing++;
          context.note(`${what} laissée de côté, ${wanted} : ${outcome.problem}`);
        } else if (outcome.fetched) report.images++;
        return outcome.url;
      },
    };
    let mapped: MappedRow;
    try {
      mapped = await read(row, context);
    } catch (error) {
      mapped = `illisible (${error instanceof Error ? error.message : String(error)})`;
    }
    if (typeof mapped === "string") {
      report.skipped++;
      context.note(`non importée : ${mapped}`);
      continue;
    }
    if (dryRun) {
      report.imported++;
      continue;
    }
    try {
      // The record and the mark that it came in are written together: a second run finds the mark, or neither exists.
      await getDb().transaction(async (tx) => {
        const recordId = await mapped.write(tx);
        await tx.insert(importedRecords).values({ sourceTable: table, sourceKey: key, recordId });
      });
      report.imported++;
    } catch (error) {
      report.skipped++;
      context.note(`non importée, la base l'a refusée : ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!dryRun && report.imported > 0) {
    await recordHistory(getDb(), COMMAND_LINE_ACTOR, { kind: "import", target: file, detail: summary(report) });
  }
  return report;
}

/** One line for a table: "12 lignes : 10 importées, 2 déjà importées ; 14 images, 1 laissée de côté". */
export function summary(report: TableReport, dryRun = false): string {
  const parts = [`${report.imported} ${dryRun ? "à importer" : "importée(s)"}`];
  if (report.already) parts.push(`${report.already} déjà importée(s)`);
  if (report.skipped) parts.push(`${report.skipped} écartée(s)`);
  let line = `${report.rows} ligne(s) : ${parts.join(", ")}`;
  if (report.images || report.imagesMissing) {
    line += ` ; ${report.images} image(s) ${dryRun ? "à télécharger" : "enregistrée(s)"}`;
    if (report.imagesMissing) line += `, ${report.imagesMissing} laissée(s) de côté`;
  }
  return line;
}

/**
 * Imports the previous site's export found in `dir` (see readExport), table by table. Each row is written with
 * its images in one transaction, marked as imported so a second run skips it. With `dryRun`, nothing is written
 * and nothing downloaded: the report says what would be done. Throws ImportFileError for an unreadable export.
 */
export async function importExport(dir: string, { dryRun = false, now = new Date() } = {}): Promise<ImportReport> {
  const { found, missing } = await readExport(dir);
  const tables: TableReport[] = [];
  // One per run: an address used by several tables is downloaded once.
  const images = new ImageImporter(dryRun);
  for (const { table, file, rows } of found) tables.push(await importTable(table, file, rows, images, now));
  return { dryRun, tables, missing };
}
