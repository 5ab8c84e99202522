import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * A counter the database moves on at every write to what public pages show (association_content, blog_posts, events,
 * annonces, form_fields: statement triggers, migration 0010), whoever writes: the site, another instance, a command.
 * The cache of rendered pages compares it (server/page-cache.ts).
 */
export const siteVersion = pgTable("site_version", {
  id: integer("id").primaryKey().default(1),
  version: integer("version").notNull().default(0),
  changedAt: timestamptz("changed_at").notNull().defaultNow(),
});

/**
 * The jobs that run once across instances (`Job.once` in app/server/jobs.server.ts): who may run each now. A claim
 * is a lease: an instance killed during a run lets another take the job once it has passed.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamptz("started_at").notNull(),
  leaseUntil: timestamptz("lease_until").notNull(),
  finishedAt: timestamptz("finished_at"),
});
