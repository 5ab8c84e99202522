import { and, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import type { blogPosts } from "~/modules/blog/blog.tables";
import type { events } from "~/modules/events/events.tables";

/**
 * Publishes the scheduled rows of `table` (articles or events) whose time has come (`at`, the database's clock by
 * default), each once: the update re-checks the state, so two instances running this together publish a row once
 * between them. Returns their ids. The scheduler (`scheduler.server.ts`) calls it for articles and events.
 */
export async function publishDueRows(
  executor: Executor,
  table: typeof blogPosts | typeof events,
  at?: Date,
): Promise<number[]> {
  const due = and(eq(table.state, "programme"), lte(table.publishAt, at ?? sql`now()`));
  // Nothing due writes nothing: a write would move the site version and empty the page cache.
  const [any] = await executor.select({ id: table.id }).from(table).where(due).limit(1);
  if (!any) return [];
  const rows = await executor
    .update(table)
    .set({ state: "publie", publishedAt: sql`coalesce(${table.publishedAt}, ${table.publishAt})`, publishAt: null })
    .where(due)
    .returning({ id: table.id });
  return rows.map((row) => row.id);
}
