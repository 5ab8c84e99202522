import { sql } from "drizzle-orm";
import { getDb } from "./client.server";
import type { Job } from "~/server/jobs.server";

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

/** The embedded database has no autovacuum: its space and the planner's statistics are kept up by this job. */
export const upkeepJob: Job = {
  name: "entretien de la base",
  everyMs: UPKEEP_INTERVAL_MS,
  run: () => vacuumAndAnalyze(),
};
