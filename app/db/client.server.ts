import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { StartupError } from "~/server/startup-error";
import { associationOrNone, currentAssociation, useSingleAssociation } from "./association.server";
import { createFromTemplate } from "./pglite-template.server";

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: module writes accept both so callers can compose them. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// The same relative path holds from app/db/ in development and from build/server/ once built.
const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * PGlite's PostgreSQL keeps its shared memory in WebAssembly memory, which is written in full at start and never
 * given back. An association's database is a few megabytes, and its files stay in the system's cache: an 8 MB buffer
 * cache serves pages for the CPU time 16 MB did, even at ten years of data, and one embedded backend needs no room
 * for a hundred connections, WAL senders, replication slots or extra autovacuum workers (docs/decisions/007).
 */
const PGLITE_SETTINGS = [
  "shared_buffers = 8MB",
  "work_mem = 4MB",
  "maintenance_work_mem = 16MB",
  "max_connections = 4",
  "max_wal_senders = 0",
  "max_replication_slots = 0",
  "max_logical_replication_workers = 0",
  "autovacuum_max_workers = 1",
];

/**
 * Opens PostgreSQL when a URL is given, otherwise an embedded PGlite persisted in `dataDir`
 * (in memory when `dataDir` is undefined), and applies the migrations. `logger` sees every query (the scale bench
 * explains the queries behind a page with it).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  logger?: Logger;
  /** PostgreSQL only: the most connections the pool opens (10 by default). */
  maxConnections?: number;
  /**
   * PostgreSQL only: a bound shared with other pools (host mode: every association's), which then also close a
   * connection idle for 2 s rather than 10, so that the slots go where the requests are.
   */
  limit?: ConnectionLimit;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // node-pg closes a connection idle for 10 s: an association nobody visits holds none.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      ...(options.limit ? { Client: limitedClient(pg.Client, options.limit), idleTimeoutMillis: 2_000 } : {}),
    });
    let closing = false;
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on("error", (error) => {
      if (!closing) console.error("Connexion PostgreSQL perdue :", error.message);
    });
    const db = drizzle(pool, { logger: options.logger });
    try {
      await migrateAlone(pool, () => migrate(db, { migrationsFolder }));
    } catch (error) {
      closing = true;
      await pool.end().catch(() => {});
      throw new StartupError(describeDatabaseError(error, options.url), { cause: error });
    }
    return {
      db: db as unknown as Database,
      kind: "postgres",
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const existing = options.dataDir !== undefined && fs.existsSync(path.join(options.dataDir, "PG_VERSION"));
  if (options.dataDir) {
    fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    await createFromTemplate(options.dataDir);
  }
  const open = async (withUnaccent: boolean) =>
    PGlite.create({
      dataDir: options.dataDir ?? "memory://",
      extensions: withUnaccent ? { unaccent: (await import("@electric-sql/pglite/contrib/unaccent")).unaccent } : {},
      postgresqlconf: PGLITE_SETTINGS,
    });
  // The unaccent extension only for the migrations that create and use it, on a new database or one from before
  // migration 0032 (decision 035): loaded, it slows every request of the process by a fifth, and search no longer
  // calls it. A database on disk is then opened again without it; one in memory (tests, tools) cannot be.
  let withUnaccent = !existing;
  let client = await open(withUnaccent);
  if (!withUnaccent && !(await foldsAccents(client))) {
    await client.close();
    client = await open((withUnaccent = true));
  }
  await migrate(drizzle(client), { migrationsFolder });
  if (withUnaccent && options.dataDir) {
    await client.close();
    client = await open(false);
  }
  const db = drizzle(client, { logger: options.logger });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

export interface ConnectionLimit {
  /** Connections open now, across the pools that share the limit. */
  readonly open: number;
  acquire(): Promise<void>;
  release(): void;
}

/**
 * At most `max` connections open at once across the pools given this limit: a host-mode process serving a hundred
 * associations stays within what its PostgreSQL allows. A connection waits for a free slot at most `waitMs`, then
 * fails (its request answers an error) rather than waiting for ever.
 */
export function connectionLimit(max: number, waitMs = 10_000): ConnectionLimit {
  let open = 0;
  const waiting: (() => void)[] = [];
  return {
    get open() {
      return open;
    },
    acquire() {
      if (open < max) {
        open++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          open++;
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new Error(`Aucune connexion PostgreSQL libre en ${waitMs / 1000} s (${max} au plus).`));
        }, waitMs);
        timer.unref();
        waiting.push(grant);
      });
    },
    release() {
      open--;
      waiting.shift()?.();
    },
  };
}

/** node-pg's client, taking a slot of `limit` before it connects and giving it back once its connection ends. */
function limitedClient(Base: typeof import("pg").Client, limit: ConnectionLimit) {
  class LimitedClient extends Base {
    // @ts-expect-error -- node-pg's pool calls connect(callback); the promise form is kept for everyone else.
    override connect(callback?: (error: Error | null) => void) {
      let held = false;
      const release = () => {
        if (held) limit.release();
        held = false;
      };
      const connected = limit.acquire().then(async () => {
        held = true;
        this.once("end", release);
        try {
          await super.connect();
        } catch (error) {
          release();
          throw error;
        }
      });
      if (!callback) return connected;
      connected.then(() => callback(null), callback);
      return undefined;
    }
  }
  return LimitedClient as unknown as typeof Base;
}

/** Whether migration 0032 has run: search folds accents with its own function, not the unaccent extension's. */
async function foldsAccents(client: { query: (sql: string) => Promise<{ rows: unknown[] }> }) {
  const { rows } = await client.query("select to_regprocedure('fold_accents(text)') is not null as folds");
  return (rows[0] as { folds: boolean }).folds;
}

/** Any number: the key of the lock instances starting together on one PostgreSQL take to migrate one at a time. */
const MIGRATION_LOCK = 7_346_201_511;

/**
 * Runs the migrations while holding a session lock on the server: instances started together (several behind a load
 * balancer, a restart of all) would otherwise apply the same migration at once and all but one fail.
 */
async function migrateAlone(pool: import("pg").Pool, run: () => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await run();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

// PostgreSQL's and the network's error codes a person can act on, in the words of the one line shown at start.
const DATABASE_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: "connexion refusée (le serveur PostgreSQL est-il démarré ?)",
  ENOTFOUND: "hôte inconnu",
  EAI_AGAIN: "hôte introuvable pour le moment",
  ETIMEDOUT: "pas de réponse",
  EHOSTUNREACH: "hôte injoignable",
  "28P01": "identifiant ou mot de passe refusé",
  "28000": "connexion refusée par le serveur (pg_hba.conf)",
  "3D000": "cette base n'existe pas",
  "42501": "droits insuffisants pour créer les tables",
  "57P03": "le serveur démarre ou s'arrête",
};

/** One French line for a database that cannot be used at start; the address is shown without its password. */
export function describeDatabaseError(error: unknown, url: string) {
  let where = "DATABASE_URL";
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    // an unreadable address: say DATABASE_URL
  }
  const found = [error, (error as { cause?: unknown })?.cause].find((e) => (e as { code?: string })?.code);
  const code = (found as { code?: string } | undefined)?.code;
  const problem =
    (code && DATABASE_PROBLEMS[code]) ?? (error instanceof Error ? error.message.split("\n")[0] : String(error));
  return `Impossible d'utiliser la base PostgreSQL de DATABASE_URL (${where}) : ${problem}.`;
}

/**
 * Makes `handle` the single association's database, which every module uses (set once at start-up, or per test
 * suite). In host mode each request and job has its association's instead (association.server.ts).
 */
export function useDatabase(handle: DatabaseHandle | undefined) {
  useSingleAssociation(handle);
}

/** Which kind of database is open (for a backup's manifest). */
export function getDatabaseKind(): DatabaseHandle["kind"] {
  return currentAssociation().database.kind;
}

/** The current association's database: the single one, or the request's or job's in host mode. */
export function getDb(): Database {
  return currentAssociation().database.db;
}

/**
 * Runs reads of `executor` together: at once on the database (each query on a connection of the pool), one after the
 * other in a transaction, whose one connection takes one query at a time (node-pg warns of a query sent while another
 * runs, and its version 9 refuses it).
 */
export async function readAll<const Reads extends readonly (() => unknown)[]>(
  executor: Executor,
  reads: Reads,
): Promise<{ -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> }> {
  if (executor === associationOrNone()?.database.db) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}

export async function pingDatabase() {
  await getDb().execute(sql`select 1`);
}

/** Whether `error` is PostgreSQL's unique violation (23505), of `constraint` when given, as either driver reports it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
