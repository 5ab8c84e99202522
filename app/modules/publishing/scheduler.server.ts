import { getDb, type Database } from "~/db/client.server";
import { blogPosts } from "~/modules/blog/blog.tables";
import { events as eventsTable } from "~/modules/events/events.tables";
import { recordHistory, type Actor } from "~/modules/history/history.server";
import type { Job } from "~/server/jobs.server";
import { publishDueRows } from "./publish-due.server";

/** Who the history names for an item that went public at its scheduled time. */
export const SCHEDULED_PUBLICATION_ACTOR: Actor = { id: null, username: "publication programmée" };

/** How often the server looks for scheduled items due: a scheduled item is public within a minute of its time. */
export const SCHEDULE_CHECK_MS = 15_000;

/**
 * Publishes every article and event whose scheduled time has come (`at`; the database's clock by default, the same
 * for every instance), with their history entries, in one transaction. Several instances may run it at once: an
 * item is published, and recorded, by one of them only. `db`: this instance's connection.
 */
export async function publishDueItems(at?: Date, db: Database = getDb()) {
  return db.transaction(async (tx) => {
    const articles = await publishDueRows(tx, blogPosts, at);
    const events = await publishDueRows(tx, eventsTable, at);
    for (const id of articles)
      await recordHistory(tx, SCHEDULED_PUBLICATION_ACTOR, {
        kind: "article.publication-programmee",
        target: `article n° ${id}`,
      });
    for (const id of events)
      await recordHistory(tx, SCHEDULED_PUBLICATION_ACTOR, {
        kind: "evenement.publication-programmee",
        target: `événement n° ${id}`,
      });
    return { articles, events };
  });
}

/** Scheduled articles and events go public by themselves, within a minute of their time. */
export const publicationJob: Job<Awaited<ReturnType<typeof publishDueItems>>> = {
  name: "publication programmée",
  everyMs: SCHEDULE_CHECK_MS,
  once: true,
  run: () => publishDueItems(),
  report: ({ articles, events }) => (articles.length + events.length > 0 ? { articles, events } : undefined),
};
