import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { getDb, type Executor } from "~/db/client.server";
import { env } from "~/env.server";
import { sessionSecretFile } from "~/modules/auth/auth.server";
import { getMediaDir } from "~/modules/media/media.server";

/**
 * One portable archive of everything Potager keeps: each table as JSON lines (written and read by PostgreSQL itself,
 * so an archive made on PGlite loads into PostgreSQL and back), the image files, the server's secret (which keys
 * session ids, invitation links and recovery codes) and a manifest with the schema version and a SHA-256 of each part.
 */
const ROOT = "potager-sauvegarde";
const FORMAT = "potager-sauvegarde";
/** Rows that mean nothing on another server, or a minute later, or that the database keeps itself: not archived. */
const LEFT_OUT = new Set(["sessions", "rate_limit_hits", "site_version"]);

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  /** The last migration applied: an archive loads into the same schema only. */
  schema: string;
  source: "pglite" | "postgres";
  /** In an order that respects foreign keys. */
  tables: { name: string; rows: number; sha256: string }[];
  media: { name: string; bytes: number; sha256: string }[];
  secret: { sha256: string } | null;
}

export class BackupError extends Error {}

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** The tag of the newest migration, as the build ships them. */
export function currentSchemaVersion(): string {
  const journal = fileURLToPath(new URL("../../../drizzle/meta/_journal.json", import.meta.url));
  const fallback = path.resolve("drizzle/meta/_journal.json");
  const file = fs.existsSync(journal) ? journal : fallback;
  const entries = (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { tag: string }[] }).entries;
  return entries[entries.length - 1]!.tag;
}

async function rows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The application's tables, parents before children (foreign keys), archived ones only. */
export async function tablesInOrder(executor: Executor): Promise<string[]> {
  const names = (
    await rows<{ name: string }>(executor, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
  )
    .map((r) => r.name)
    .filter((name) => !LEFT_OUT.has(name));
  const links = await rows<{ child: string; parent: string }>(
    executor,
    sql`select cl.relname as child, pl.relname as parent from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const link of links) if (link.child === name && link.parent !== name && names.includes(link.parent)) visit(link.parent, seen);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/** Writes `file` (a .tar.gz), replacing it only once complete. The tables are read in one snapshot. */
export async function createBackup(file: string, kind: "pglite" | "postgres"): Promise<BackupManifest> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-sauvegarde-"));
  try {
    const root = path.join(staging, ROOT);
    await fsp.mkdir(path.join(root, "tables"), { recursive: true });
    await fsp.mkdir(path.join(root, "media"));
    // One transaction that sees one moment of the database, whatever is written meanwhile.
    const tables = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      // Dates written with their offset as +00:00 whatever the server's zone: the same data gives the same archive.
      await tx.execute(sql`set local time zone 'UTC'`);
      const written: BackupManifest["tables"] = [];
      for (const name of await tablesInOrder(tx)) {
        const lines = await rows<{ line: string }>(tx, sql`select row_to_json(t)::text as line from ${sql.identifier(name)} t order by 1`);
        const text = lines.map((r) => `${r.line}\n`).join("");
        await fsp.writeFile(path.join(root, "tables", `${name}.jsonl`), text);
        written.push({ name, rows: lines.length, sha256: sha256(text) });
      }
      return written;
    });
    const media: BackupManifest["media"] = [];
    const mediaDir = getMediaDir();
    for (const name of fs.existsSync(mediaDir) ? (await fsp.readdir(mediaDir)).sort() : []) {
      const source = path.join(mediaDir, name);
      if (!(await fsp.stat(source)).isFile()) continue;
      const data = await fsp.readFile(source);
      await fsp.writeFile(path.join(root, "media", name), data);
      media.push({ name, bytes: data.length, sha256: sha256(data) });
    }
    const secretText = readSecretFile();
    if (secretText !== null) {
      await fsp.mkdir(path.join(root, "secrets"));
      await fsp.writeFile(path.join(root, "secrets", "session-secret"), secretText, { mode: 0o600 });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      schema: currentSchemaVersion(),
      source: kind,
      tables,
      media,
      secret: secretText === null ? null : { sha256: sha256(secretText) },
    };
    await fsp.writeFile(path.join(root, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside its final name, then renamed: a file under that name is always a whole archive.
    const partial = `${file}.partiel-${process.pid}`;
    await tar.create({ gzip: true, cwd: staging, file: partial, portable: true, mode: 0o600 } as tar.TarOptionsWithAliasesAsyncFile, [ROOT]);
    await fsp.chmod(partial, 0o600);
    await fsp.rename(partial, file);
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

function readSecretFile(): string | null {
  if (env.SESSION_SECRET) return null;
  try {
    return fs.readFileSync(sessionSecretFile(), "utf8");
  } catch {
    return null;
  }
}

/** Unpacks `file` and checks it whole before anything is written: the manifest, then every part's SHA-256. */
async function openArchive(file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`Archive introuvable : ${file}`);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-restauration-"));
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw new BackupError(`Cette archive ne peut pas être lue (${(error as Error).message}).`);
  }
  const root = path.join(dir, ROOT);
  const fail = async (message: string): Promise<never> => {
    await fsp.rm(dir, { recursive: true, force: true });
    throw new BackupError(message);
  };
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(root, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    return fail("Cette archive n'est pas une sauvegarde de Potager (manifest.json absent ou illisible).");
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) return fail("Cette archive n'est pas une sauvegarde de Potager de ce format.");
  const damaged = (part: string) => fail(`L'archive est abîmée : ${part} ne correspond pas à son empreinte. Rien n'a été restauré.`);
  const read = (...parts: string[]) => fsp.readFile(path.join(root, ...parts)).catch(() => null);
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name)) return fail(`Nom de table invalide dans l'archive : ${table.name}`);
    const data = await read("tables", `${table.name}.jsonl`);
    if (!data || sha256(data) !== table.sha256) return damaged(`tables/${table.name}.jsonl`);
  }
  for (const image of manifest.media) {
    if (path.basename(image.name) !== image.name) return fail(`Nom de fichier invalide dans l'archive : ${image.name}`);
    const data = await read("media", image.name);
    if (!data || sha256(data) !== image.sha256) return damaged(`media/${image.name}`);
  }
  if (manifest.secret) {
    const data = await read("secrets", "session-secret");
    if (!data || sha256(data) !== manifest.secret.sha256) return damaged("secrets/session-secret");
  }
  return { manifest, root, cleanup: () => fsp.rm(dir, { recursive: true, force: true }) };
}

export interface RestoreResult {
  manifest: BackupManifest;
  secret: "restored" | "kept" | "none";
}

/**
 * Loads an archive into this database, which must be empty unless `force` (then every table is emptied first, in
 * the same transaction). Checksums and schema version are checked before anything is written.
 */
export async function restoreBackup(file: string, { force = false }: { force?: boolean } = {}): Promise<RestoreResult> {
  const archive = await openArchive(file);
  try {
    const { manifest, root } = archive;
    const schema = currentSchemaVersion();
    if (manifest.schema !== schema) {
      throw new BackupError(
        `Cette archive vient d'une autre version de Potager (schéma ${manifest.schema}, celui-ci est en ${schema}) : restaurez-la avec la même version, puis mettez à jour.`,
      );
    }
    await getDb().transaction(async (tx) => {
      const present = await tablesInOrder(tx);
      const unknown = manifest.tables.find((t) => !present.includes(t.name));
      if (unknown) throw new BackupError(`La table ${unknown.name} de l'archive n'existe pas dans cette base.`);
      const filled: string[] = [];
      for (const name of present) {
        const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(name)}`);
        if (n > 0) filled.push(name);
      }
      if (filled.length > 0 && !force) {
        throw new BackupError(`La base n'est pas vide (${filled.join(", ")}) : rien n'a été restauré. Ajoutez --force pour la remplacer entièrement.`);
      }
      if (filled.length > 0) {
        await tx.execute(sql.raw(`truncate ${[...present, ...LEFT_OUT].map((n) => `"${n}"`).join(", ")} restart identity cascade`));
      }
      for (const table of manifest.tables) {
        const text = await fsp.readFile(path.join(root, "tables", `${table.name}.jsonl`), "utf8");
        const json = `[${text.split("\n").filter(Boolean).join(",")}]`;
        const id = sql.identifier(table.name);
        // PostgreSQL turns each JSON object back into a row of the table's own types.
        await tx.execute(sql`insert into ${id} select * from json_populate_recordset(null::${id}, ${json}::json)`);
      }
      // Serial columns continue after the highest id restored.
      const serials = await rows<{ table_name: string; column_name: string }>(
        tx,
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
      );
      for (const { table_name: table, column_name: column } of serials) {
        const t = sql.identifier(table);
        const c = sql.identifier(column);
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), greatest(coalesce(max(${c}), 0), 1), max(${c}) is not null) from ${t}`,
        );
      }
    });
    const mediaDir = getMediaDir();
    await fsp.mkdir(mediaDir, { recursive: true });
    for (const image of manifest.media) await fsp.copyFile(path.join(root, "media", image.name), path.join(mediaDir, image.name));
    let secret: RestoreResult["secret"] = "none";
    if (manifest.secret) {
      // Session ids, invitation links and recovery codes are keyed with it: it comes back with the rows.
      if (env.SESSION_SECRET) secret = "kept";
      else {
        await fsp.mkdir(env.dataDir, { recursive: true });
        await fsp.copyFile(path.join(root, "secrets", "session-secret"), sessionSecretFile());
        await fsp.chmod(sessionSecretFile(), 0o600);
        secret = "restored";
      }
    }
    return { manifest, secret };
  } finally {
    await archive.cleanup();
  }
}
