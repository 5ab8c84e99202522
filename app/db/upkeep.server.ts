import { sql } from "drizzle-orm";
import { getDb, type DatabaseHandle } from "./client.server";

/** How often the embedded database is vacuumed and its statistics renewed. */
export const UPKEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has no background workers: reclaims the space
 * of updated and deleted rows and renews the planner's statistics. Without statistics the planner guesses a few
 * dozen rows per table and sorts all 2,000 articles for a page of 12 instead of reading the index (issue 18's scale
 * measurement).
 */
export async function vacuumAndAnalyze() {
  await getDb().execute(sql`vacuum (analyze)`);
}

/**
 * On the embedded database: upkeep now (off the start's path), then every day; nothing on PostgreSQL. The function
 * returned stops it, and resolves once a pass under way is over (the database can then be closed).
 */
export function startDatabaseUpkeep(kind: DatabaseHandle["kind"], onError: (error: unknown) => void) {
  if (kind !== "pglite") return async () => {};
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = vacuumAndAnalyze().catch(onError);
  };
  const first = setTimeout(run, 0);
  const daily = setInterval(run, UPKEEP_INTERVAL_MS);
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
    return running;
  };
}
