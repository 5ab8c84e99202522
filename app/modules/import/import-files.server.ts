import fsp from "node:fs/promises";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { foldColumn, sourceRow, type SourceRow } from "./import-values";

/** The previous site's tables, as its export names them (product §3 and §7), in the order they are imported. */
export const SOURCE_TABLES = [
  "association_content",
  "form_fields",
  "blogPosts",
  "events",
  "annonces",
  "applications",
] as const;
export type SourceTable = (typeof SOURCE_TABLES)[number];

export interface SourceFile {
  table: SourceTable;
  /** The file's name in the export folder. */
  file: string;
  rows: SourceRow[];
}

export class ImportFileError extends Error {}

/** Text of a file: UTF-8 (with or without its byte-order mark), else Windows-1252, as a French spreadsheet saves CSV. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of a CSV file: the one of ';' ',' and tab its header line uses most. */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [";", ",", "\t"].map((sep) => [sep, header.split(sep).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

function readCsv(text: string): Record<string, unknown>[] {
  return parseCsv(text, {
    columns: (header: string[]) => header.map((name) => name.trim()),
    delimiter: separatorOf(text),
    bom: true,
    skip_empty_lines: true,
    relax_quotes: true,
    trim: false,
  }) as Record<string, unknown>[];
}

/** A JSON export: an array of rows, or an object holding one (`{ "data": […] }`, as table services answer). */
function readJson(text: string): Record<string, unknown>[] {
  const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object"
      ? Object.values(value).find(Array.isArray)
      : undefined;
  if (!list) throw new Error("le fichier ne contient pas de liste de lignes");
  if (list.some((row) => !row || typeof row !== "object" || Array.isArray(row)))
    throw new Error("une ligne n'est pas un objet");
  return list as Record<string, unknown>[];
}

/**
 * The tables found in `dir`: one `<table>.csv` or `<table>.json` per table, names compared without case or '_'
 * (`blogPosts.json`, `blog_posts.csv`). Throws ImportFileError for a folder or file that cannot be read.
 */
export async function readExport(dir: string): Promise<{ found: SourceFile[]; missing: SourceTable[] }> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    throw new ImportFileError(`Dossier introuvable ou illisible : ${dir}`);
  }
  const found: SourceFile[] = [];
  const missing: SourceTable[] = [];
  for (const table of SOURCE_TABLES) {
    const file = names.find((name) => {
      const ext = path.extname(name).toLowerCase();
      return (
        (ext === ".csv" || ext === ".json") && foldColumn(path.basename(name, path.extname(name))) === foldColumn(table)
      );
    });
    if (!file) {
      missing.push(table);
      continue;
    }
    const text = decode(await fsp.readFile(path.join(dir, file)));
    try {
      const records = path.extname(file).toLowerCase() === ".csv" ? readCsv(text) : readJson(text);
      found.push({ table, file, rows: records.map(sourceRow) });
    } catch (error) {
      throw new ImportFileError(`${file} est illisible : ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { found, missing };
}
