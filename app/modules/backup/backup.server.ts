import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { sql, type SQL } from "drizzle-orm";
import * as tar from "tar";
import { associationDir } from "~/db/association.server";
import { getDb, type Executor } from "~/db/client.server";
import { secretFromSettings, sessionSecretFile } from "~/server/server-secret.server";
import { getMediaDir } from "~/modules/media/media.server";
import { getDocumentsDir } from "~/modules/documents/document-files.server";

/**
 * One portable archive of everything Potager keeps: each table as JSON lines (written and read by PostgreSQL itself,
 * so an archive made on PGlite loads into PostgreSQL and back), the image files, the association's documents' files,
 * the server's secret (which keys session ids, invitation links and recovery codes) and a manifest with the schema
 * version and a SHA-256 of each part.
 */
const ROOT = "potager-sauvegarde";
const FORMAT = "potager-sauvegarde";
/** Rows that mean nothing on another server, or a minute later, or that the database keeps itself: not archived. */
const LEFT_OUT = new Set(["sessions", "rate_limit_hits", "site_version", "gardener_sessions", "gardener_links"]);

/**
 * Rows a new site has from its migrations alone, which do not make a database « not empty » for a restore: the chart
 * of accounts and the book's first two accounts untouched (decision 031). The condition picks the rows that do count.
 */
const WRITTEN_BY_MIGRATIONS: Record<string, SQL> = {
  treasury_categories: sql`not built_in`,
  treasury_accounts: sql`not (name in ('Compte courant', 'Caisse') and opening_cents = 0)`,
};

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
  /** The documents' files (decision 028); absent from an archive made before them. */
  documents?: { name: string; bytes: number; sha256: string }[];
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
    await rows<{ name: string }>(
      executor,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
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
    for (const link of links)
      if (link.child === name && link.parent !== name && names.includes(link.parent)) visit(link.parent, seen);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

/**
 * Writes `file` (a .tar.gz), replacing it only once complete. The tables are read in one snapshot. `signal` stops it
 * early (the server stopping): nothing is left behind, neither the archive nor its parts.
 */
export async function createBackup(
  file: string,
  kind: "pglite" | "postgres",
  signal?: AbortSignal,
): Promise<BackupManifest> {
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-sauvegarde-"));
  try {
    const root = path.join(staging, ROOT);
    await fsp.mkdir(path.join(root, "tables"), { recursive: true });
    await fsp.mkdir(path.join(root, "media"));
    await fsp.mkdir(path.join(root, "documents"));
    // One transaction that sees one moment of the database, whatever is written meanwhile.
    const tables = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      // Dates written with their offset as +00:00 whatever the server's zone: the same data gives the same archive.
      await tx.execute(sql`set local time zone 'UTC'`);
      const written: BackupManifest["tables"] = [];
      for (const name of await tablesInOrder(tx)) {
        signal?.throwIfAborted();
        const lines = await rows<{ line: string }>(
          tx,
          sql`select row_to_json(t)::text as line from ${sql.identifier(name)} t order by 1`,
        );
        const text = lines.map((r) => `${r.line}\n`).join("");
        await fsp.writeFile(path.join(root, "tables", `${name}.jsonl`), text);
        written.push({ name, rows: lines.length, sha256: sha256(text) });
      }
      return written;
    });
    const media = await copyFiles(getMediaDir(), path.join(root, "media"), signal);
    // Every stored file, the unused ones too: the rows and the files are read at slightly different moments.
    const documents = await copyFiles(getDocumentsDir(), path.join(root, "documents"), signal);
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
      documents,
      secret: secretText === null ? null : { sha256: sha256(secretText) },
    };
    await fsp.writeFile(path.join(root, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside its final name, then renamed: a file under that name is always a whole archive.
    const partial = `${file}.partiel-${process.pid}`;
    try {
      // Compressing many images takes a while: a stop must not wait for it (Docker kills 10 s after SIGTERM).
      await pipeline(
        tar.create({ gzip: true, cwd: staging, portable: true }, [ROOT]),
        fs.createWriteStream(partial, { mode: 0o600 }),
        { signal },
      );
      await fsp.chmod(partial, 0o600);
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Copies the files of `dir` (a folder of our own naming: no subfolder, no temporary file) into `target`. */
async function copyFiles(dir: string, target: string, signal?: AbortSignal): Promise<BackupManifest["media"]> {
  const copied: BackupManifest["media"] = [];
  for (const name of fs.existsSync(dir) ? (await fsp.readdir(dir)).sort() : []) {
    signal?.throwIfAborted();
    const source = path.join(dir, name);
    if (name.startsWith(".tmp-") || !(await fsp.stat(source)).isFile()) continue;
    const data = await fsp.readFile(source);
    await fsp.writeFile(path.join(target, name), data);
    copied.push({ name, bytes: data.length, sha256: sha256(data) });
  }
  return copied;
}

function readSecretFile(): string | null {
  if (secretFromSettings()) return null;
  try {
    return fs.readFileSync(sessionSecretFile(), "utf8");
  } catch {
    return null;
  }
}

const MiB = 2 ** 20;
const GiB = 2 ** 30;

/** How much an archive may hold once decompressed: far above any association's, far below a zip bomb's (014). */
export const ARCHIVE_LIMITS = {
  /** One file: a table is read back as one string, which V8 caps near 512 MiB; an image or a document at most 10 MB. */
  entryBytes: 512 * MiB,
  /** The whole tar: 100 times the archive (text compresses 5 to 20 times, images not at all; deflate up to 1032)… */
  ratio: 100,
  /** …but at least 64 MiB, however small the archive… */
  floorBytes: 64 * MiB,
  /** …and never more than 16 GiB. */
  maxBytes: 16 * GiB,
};

const size = (bytes: number) =>
  bytes >= GiB ? `${(bytes / GiB).toFixed(1)} Go` : `${Math.max(0.1, bytes / MiB).toFixed(1)} Mo`;
/** A name from the archive, safe to print on one line. */
const shown = (text = "") => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** The only entries an archive of ours has: its folder, the manifest, tables/, media/, documents/, secrets/ and files. */
const ENTRY_TYPES = new Set(["File", "OldFile", "Directory"]);

/**
 * Checks each entry of an archive as its header is read, before its content: links, devices, paths out of the
 * archive's folder and sizes over the bounds are refused. The first problem is kept; the reading stops there.
 */
class ArchiveCheck {
  problem: BackupError | null = null;
  private declared = 0;

  constructor(readonly archiveBytes: number) {}

  /** The decompressed tar may not exceed this. */
  get totalBytes() {
    return Math.min(
      ARCHIVE_LIMITS.maxBytes,
      Math.max(ARCHIVE_LIMITS.floorBytes, ARCHIVE_LIMITS.ratio * this.archiveBytes),
    );
  }

  tooBig() {
    return new BackupError(
      `L'archive dépasse ${size(this.totalBytes)} une fois décompressée, pour ${size(this.archiveBytes)} compressés : une sauvegarde de Potager n'atteint jamais ce rapport. Rien n'a été restauré.`,
    );
  }

  accept(entry: tar.ReadEntry): boolean {
    const message = this.refusal(entry);
    if (message) this.problem ??= new BackupError(`${message} Rien n'a été restauré.`);
    return !this.problem;
  }

  private refusal(entry: tar.ReadEntry): string | null {
    if (entry.type === "SymbolicLink" || entry.type === "Link") {
      return `L'archive contient un lien (${shown(entry.path)} vers ${shown(entry.linkpath)}) : une sauvegarde de Potager n'en contient jamais.`;
    }
    if (!ENTRY_TYPES.has(entry.type))
      return `L'archive contient autre chose qu'un fichier ou un dossier (${shown(entry.path)}, de type ${entry.type}).`;
    const parts = entry.path.replace(/\/$/, "").split("/");
    const outside =
      path.isAbsolute(entry.path) ||
      /^[a-z]:|\\/i.test(entry.path) ||
      parts[0] !== ROOT ||
      parts.length > 3 ||
      parts.some((part) => part === "" || part === "." || part === "..");
    if (outside) return `L'archive contient un chemin hors de son dossier ${ROOT} : ${shown(entry.path)}.`;
    // Copied with its mode into the images folder: no set-user-id file, whoever restores.
    if (entry.type !== "Directory" && (entry.mode ?? 0) & 0o6000)
      return `L'archive contient un fichier aux droits spéciaux (${shown(entry.path)}).`;
    if (entry.size > ARCHIVE_LIMITS.entryBytes) {
      return `L'élément ${shown(entry.path)} de l'archive fait ${size(entry.size)}, plus que les ${size(ARCHIVE_LIMITS.entryBytes)} permis.`;
    }
    this.declared += entry.size;
    if (this.declared > this.totalBytes) return this.tooBig().message.replace(/ Rien n'a été restauré\.$/, "");
    return null;
  }
}

type Filter = (path: string, entry: tar.ReadEntry | fs.Stats) => boolean;

/**
 * Feeds `file`, decompressed by us, to the tar reader `makeSink` builds with the given filter (one that lists, or one
 * that unpacks), and stops at the first refused entry, when the decompressed bytes pass the bound, or at the tar's
 * end: what follows it is never inflated.
 */
function readArchive(file: string, check: ArchiveCheck, makeSink: (filter: Filter) => tar.Parser): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = fs.createReadStream(file);
    const gunzip = zlib.createGunzip();
    let inflated = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        // A second layer of compression would be inflated by the tar reader itself, out of this count.
        if (inflated === 0 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
          return callback(
            new BackupError(
              "Cette archive n'est pas une sauvegarde de Potager (compressée deux fois). Rien n'a été restauré.",
            ),
          );
        }
        inflated += chunk.length;
        callback(inflated > check.totalBytes ? check.tooBig() : null, chunk);
      },
    });
    let settled = false;
    const stopReading = () => {
      counter.unpipe(sink as unknown as NodeJS.WritableStream);
      for (const stream of [source, gunzip, counter]) stream.destroy();
    };
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      stopReading();
      if (error) {
        sink.abort(error);
        reject(check.problem ?? error);
      } else resolve();
    };
    // A refused entry is skipped by the reader (nothing of it is written) and ends the reading.
    const sink = makeSink((_, entry) => {
      if (check.accept(entry as tar.ReadEntry)) return true;
      queueMicrotask(() => finish(check.problem!));
      return false;
    });
    for (const stream of [source, gunzip, counter]) stream.on("error", (error: Error) => finish(error));
    sink.on("error", (error: Error) => finish(error));
    sink.on("close", () => finish(check.problem ?? undefined));
    // The end of the tar: whatever follows (a bomb's zeros, say) stays compressed.
    sink.on("eof", () =>
      setImmediate(() => {
        if (settled) return;
        stopReading();
        sink.end();
      }),
    );
    source
      .pipe(gunzip)
      .pipe(counter)
      .pipe(sink as unknown as NodeJS.WritableStream);
  });
}

/**
 * Unpacks `file` and checks it whole before anything is written: first every entry's type, path and size, listing
 * the archive without writing; then, unpacked into a temporary folder, the manifest and every part's SHA-256.
 */
async function openArchive(file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`Archive introuvable : ${file}`);
  const unreadable = (error: unknown) =>
    error instanceof BackupError
      ? error
      : new BackupError(`Cette archive ne peut pas être lue (${(error as Error).message}).`);
  const archiveBytes = (await fsp.stat(file)).size;
  const options = { strict: true, brotli: false, zstd: false } as const;
  await readArchive(
    file,
    new ArchiveCheck(archiveBytes),
    (filter) => new tar.Parser({ ...options, filter, onReadEntry: (entry) => entry.resume() }),
  ).catch((error: unknown) => {
    throw unreadable(error);
  });
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-restauration-"));
  try {
    // The same checks again, should the file have changed since.
    await readArchive(
      file,
      new ArchiveCheck(archiveBytes),
      (filter) => new tar.Unpack({ ...options, cwd: dir, preserveOwner: false, filter }),
    );
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw unreadable(error);
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
  if (manifest.format !== FORMAT || manifest.version !== 1)
    return fail("Cette archive n'est pas une sauvegarde de Potager de ce format.");
  const damaged = (part: string) =>
    fail(`L'archive est abîmée : ${part} ne correspond pas à son empreinte. Rien n'a été restauré.`);
  const read = (...parts: string[]) => fsp.readFile(path.join(root, ...parts)).catch(() => null);
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name)) return fail(`Nom de table invalide dans l'archive : ${table.name}`);
    const data = await read("tables", `${table.name}.jsonl`);
    if (!data || sha256(data) !== table.sha256) return damaged(`tables/${table.name}.jsonl`);
  }
  for (const [folder, files] of [
    ["media", manifest.media],
    ["documents", manifest.documents ?? []],
  ] as const) {
    for (const stored of files) {
      if (path.basename(stored.name) !== stored.name)
        return fail(`Nom de fichier invalide dans l'archive : ${stored.name}`);
      const data = await read(folder, stored.name);
      if (!data || sha256(data) !== stored.sha256) return damaged(`${folder}/${stored.name}`);
    }
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
        const [{ n }] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ${sql.identifier(name)} where ${WRITTEN_BY_MIGRATIONS[name] ?? sql`true`}`,
        );
        if (n > 0) filled.push(name);
      }
      if (filled.length > 0 && !force) {
        throw new BackupError(
          `La base n'est pas vide (${filled.join(", ")}) : rien n'a été restauré. Ajoutez --force pour la remplacer entièrement.`,
        );
      }
      // Emptied even when nothing counted as filled: a new site holds the rows its migrations wrote.
      await tx.execute(
        sql.raw(`truncate ${[...present, ...LEFT_OUT].map((n) => `"${n}"`).join(", ")} restart identity cascade`),
      );
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
    for (const image of manifest.media)
      await fsp.copyFile(path.join(root, "media", image.name), path.join(mediaDir, image.name));
    const documentsDir = getDocumentsDir();
    await fsp.mkdir(documentsDir, { recursive: true });
    for (const stored of manifest.documents ?? [])
      await fsp.copyFile(path.join(root, "documents", stored.name), path.join(documentsDir, stored.name));
    let secret: RestoreResult["secret"] = "none";
    if (manifest.secret) {
      // Session ids, invitation links and recovery codes are keyed with it: it comes back with the rows.
      if (secretFromSettings()) secret = "kept";
      else {
        await fsp.mkdir(associationDir(), { recursive: true });
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
