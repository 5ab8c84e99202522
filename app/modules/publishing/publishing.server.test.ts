import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { blogPosts, history, siteVersion } from "~/db/schema";
import { describeEachDatabase, createPostgresDatabase } from "../../../tests/db";
import { insertBlogPost, insertEvent } from "../../../tests/factories";
import {
  countPublishedPosts,
  createBlogPost,
  getBlogPost,
  getPublishedPost,
  latestPosts,
  listBlogPosts,
  postNeighbours,
  publishedPostDates,
} from "~/modules/blog/blog.server";
import {
  countPublishedEvents,
  eventsForCalendar,
  getPublishedEvent,
  listEvents,
  nextUpcomingEvent,
  publishedEventDates,
} from "~/modules/events/events.server";
import { searchSite } from "~/modules/search/search.server";
import { publishDueItems, SCHEDULED_PUBLICATION_ACTOR } from "./scheduler.server";

const HOUR = 3_600_000;
const now = new Date("2026-12-01T09:00:00.000Z");
const inHours = (n: number) => new Date(now.getTime() + n * HOUR);

/** One post in each state, all about tomatoes, so that search could find each. */
async function onePostOfEachState() {
  const published = await insertBlogPost({ title: "Tomates publiées", plainText: "tomates", createdAt: inHours(-48) });
  const draft = await insertBlogPost({ title: "Tomates en brouillon", plainText: "tomates", state: "brouillon" });
  const scheduled = await insertBlogPost({
    title: "Tomates programmées",
    plainText: "tomates",
    state: "programme",
    publishAt: inHours(2),
  });
  return { published, draft, scheduled };
}

describeEachDatabase("drafts and scheduled items", ({ handle }) => {
  it("a draft or scheduled article is on no public surface; the published one is on all", async () => {
    const { published, draft, scheduled } = await onePostOfEachState();
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    expect(ids(await listBlogPosts())).toEqual([published.id]);
    expect(ids(await latestPosts(5))).toEqual([published.id]);
    expect(await countPublishedPosts()).toBe(1);
    expect(ids(await publishedPostDates())).toEqual([published.id]);
    expect((await searchSite("tomates")).results.map((r) => r.title)).toEqual(["Tomates publiées"]);
    expect(await getPublishedPost(draft.id)).toBeUndefined();
    expect(await getPublishedPost(scheduled.id)).toBeUndefined();
    expect((await getPublishedPost(published.id))?.id).toBe(published.id);
    // The back-office sees them all.
    expect((await getBlogPost(draft.id))?.state).toBe("brouillon");
    // No neighbour link leads to an article visitors cannot see.
    expect(await postNeighbours(published)).toEqual({ older: null, newer: null });
  });

  it("a draft or scheduled event is on no public surface", async () => {
    const shown = await insertEvent({ title: "Atelier semis", start: inHours(24) });
    await insertEvent({ title: "Atelier brouillon", start: inHours(20), state: "brouillon" });
    await insertEvent({ title: "Atelier programmé", start: inHours(22), state: "programme", publishAt: inHours(1) });
    await insertEvent({ title: "Atelier sans date", start: null, endDate: null, date: null, state: "brouillon" });
    expect((await listEvents(now)).map((e) => e.title)).toEqual(["Atelier semis"]);
    expect(await countPublishedEvents()).toBe(1);
    expect((await nextUpcomingEvent(now))?.id).toBe(shown.id);
    expect((await eventsForCalendar(inHours(-24), now)).map((e) => e.id)).toEqual([shown.id]);
    expect((await publishedEventDates()).map((e) => e.id)).toEqual([shown.id]);
    expect((await searchSite("atelier")).results.map((r) => r.title)).toEqual(["Atelier semis"]);
    expect(await getPublishedEvent(shown.id + 1)).toBeUndefined();
  });

  it("a scheduled article goes public at its time, not before, once, dated at that time, by « publication programmée »", async () => {
    const { scheduled } = await onePostOfEachState();
    const event = await insertEvent({ state: "programme", publishAt: inHours(3), start: inHours(48) });

    expect(await publishDueItems(inHours(1))).toEqual({ articles: [], events: [] });
    expect((await getBlogPost(scheduled.id))?.state).toBe("programme");

    expect(await publishDueItems(inHours(2))).toEqual({ articles: [scheduled.id], events: [] });
    const post = await getBlogPost(scheduled.id);
    expect(post).toMatchObject({ state: "publie", publishedAt: inHours(2), publishAt: null });
    expect((await listBlogPosts()).map((p) => p.id)).toEqual([scheduled.id, expect.any(Number)]);

    expect(await publishDueItems(inHours(2.5))).toEqual({ articles: [], events: [] });
    expect(await publishDueItems(inHours(3))).toEqual({ articles: [], events: [event.id] });
    expect(await publishDueItems(inHours(10))).toEqual({ articles: [], events: [] });

    const entries = await handle().db.select().from(history).orderBy(history.id);
    expect(entries.map((e) => [e.actor, e.kind, e.target])).toEqual([
      [SCHEDULED_PUBLICATION_ACTOR.username, "article.publication-programmee", `article n° ${scheduled.id}`],
      [SCHEDULED_PUBLICATION_ACTOR.username, "evenement.publication-programmee", `événement n° ${event.id}`],
    ]);
  });

  it("a publication moves the site version (the page cache renders again); a look that finds nothing does not", async () => {
    await insertBlogPost({ state: "programme", publishAt: inHours(1) });
    const version = async () => (await handle().db.select().from(siteVersion).where(eq(siteVersion.id, 1)))[0]!.version;
    const before = await version();
    await publishDueItems(inHours(0.5));
    expect(await version()).toBe(before);
    await publishDueItems(inHours(1));
    expect(await version()).toBeGreaterThan(before);
  });

  it("existing rows and imports are published, dated at their creation", async () => {
    const imported = await createBlogPost(
      { title: "Ancien article", content: "<p>Du site d'avant</p>", image: null },
      { createdAt: new Date("2019-04-02T08:00:00Z") },
    );
    expect(imported).toMatchObject({ state: "publie", publishedAt: new Date("2019-04-02T08:00:00Z") });
  });
});

it.runIf(process.env.TEST_DATABASE_URL)(
  "several instances on one PostgreSQL publish each scheduled item once",
  { timeout: 60_000 },
  async () => {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const instances = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: database.url })));
    try {
      const db = instances[0]!.db;
      const due = new Date(Date.now() - 1000);
      const rows = await db
        .insert(blogPosts)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            title: `Programmé ${i}`,
            content: "<p>Bientôt</p>",
            state: "programme" as const,
            publishAt: due,
          })),
        )
        .returning({ id: blogPosts.id });
      // Four instances look at once, twice over, as their timers would.
      const rounds = await Promise.all(
        [...instances, ...instances].map((instance) => publishDueItems(undefined, instance.db)),
      );
      const published = rounds.flatMap((round) => round.articles).sort((a, b) => a - b);
      expect(published).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
      const entries = await db.select().from(history).where(eq(history.kind, "article.publication-programmee"));
      expect(entries).toHaveLength(40);
      const states = await db.select({ state: blogPosts.state }).from(blogPosts);
      expect(new Set(states.map((s) => s.state))).toEqual(new Set(["publie"]));
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    }
  },
);
