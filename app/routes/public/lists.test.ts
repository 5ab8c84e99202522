import ICAL from "ical.js";
import Parser from "rss-parser";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { blogPosts, events } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertBlogPost, insertEvent } from "../../../tests/factories";
import { routeArgs } from "../../../tests/routes";
import { loader as blog } from "./blog";
import { loader as blogPost } from "./blog-post";
import { loader as event } from "./event";
import { loader as eventList } from "./events";
import { loader as search } from "./search";
import { loader as rss } from "../resources/rss";
import { loader as calendar } from "../resources/calendar";

const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost:3000${path}`), { params });
const redirected = (result: Promise<unknown>) =>
  result.then(
    () => null,
    (thrown: Response) => [thrown.status, thrown.headers.get("location")],
  );

/** `n` published articles, the newest first by id too, each mentioning compost. */
async function articles(n: number) {
  await getDb()
    .insert(blogPosts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        title: `Article ${i + 1}`,
        content: `<p>Le compost, épisode ${i + 1}</p>`,
        plainText: `Le compost, épisode ${i + 1}`,
        createdAt: at(i),
      })),
    );
}

describeEachDatabase("public lists at scale", () => {
  it("/blog shows 12 articles a page, newest first; ?page=N past the end or not a page goes back to /blog", async () => {
    await articles(30);
    const first = await blog(get("/blog"));
    expect([first.page, first.pages, first.posts.length]).toEqual([1, 3, 12]);
    expect(first.posts[0]!.title).toBe("Article 30");
    const third = await blog(get("/blog?page=3"));
    expect(third.posts.map((p) => p.title)).toEqual([
      "Article 6",
      "Article 5",
      "Article 4",
      "Article 3",
      "Article 2",
      "Article 1",
    ]);
    for (const page of ["4", "0", "-1", "deux", "1.5", "99999999"])
      expect(await redirected(blog(get(`/blog?page=${page}`)))).toEqual([302, "/blog"]);
  });

  it("an empty blog has one page, and /blog?page=1 is that page", async () => {
    expect(await blog(get("/blog?page=1"))).toEqual({ posts: [], page: 1, pages: 1 });
  });

  it("/events shows 12 events a page; a page past the end goes back to /events", async () => {
    for (let i = 0; i < 13; i++) await insertEvent({ createdAt: at(i) });
    expect((await eventList(get("/events?page=2"))).events).toHaveLength(1);
    expect(await redirected(eventList(get("/events?page=3")))).toEqual([302, "/events"]);
  });

  it("a draft's or a scheduled item's address leads back to its list, as an unknown one does", async () => {
    const draft = await insertBlogPost({ state: "brouillon" });
    const scheduled = await insertEvent({ state: "programme", publishAt: at(60 * 24) });
    expect(await redirected(blogPost(get(`/blog/${draft.id}`, { id: String(draft.id) })))).toEqual([302, "/blog"]);
    expect(await redirected(event(get(`/events/${scheduled.id}`, { id: String(scheduled.id) })))).toEqual([
      302,
      "/events",
    ]);
  });

  it("an article links to the published articles before and after it", async () => {
    const older = await insertBlogPost({ title: "Plus ancien", createdAt: at(0) });
    const middle = await insertBlogPost({ title: "Celui-ci", createdAt: at(10) });
    await insertBlogPost({ title: "Brouillon entre les deux", createdAt: at(15), state: "brouillon" });
    const newer = await insertBlogPost({ title: "Plus récent", createdAt: at(20) });
    const page = await blogPost(get(`/blog/${middle.id}`, { id: String(middle.id) }));
    expect(page.neighbours).toEqual({
      older: { id: older.id, title: "Plus ancien" },
      newer: { id: newer.id, title: "Plus récent" },
    });
  });

  it("/search counts every match and shows 20 a page", async () => {
    await articles(45);
    const first = await search(get("/search?q=compost"));
    expect([first.total, first.results.length, first.pages]).toEqual([45, 20, 3]);
    const last = await search(get("/search?q=compost&page=3"));
    expect(last.results).toHaveLength(5);
    expect(await redirected(search(get("/search?q=compost&page=4")))).toEqual([302, "/search?q=compost"]);
  });

  it("the RSS feed holds the latest 30 articles; the calendar, events from a year back on", async () => {
    await articles(40);
    const feed = await new Parser().parseString(await (await rss()).text());
    expect(feed.items).toHaveLength(30);
    expect(feed.items[0]!.title).toBe("Article 40");

    const day = 86_400_000;
    await getDb()
      .insert(events)
      .values(
        [-400, -300, 10].map((days, i) => {
          const start = new Date(Date.now() + days * day);
          return { title: `Événement ${i}`, content: "<p>x</p>", start, endDate: start, date: "2026-01-01" };
        }),
      );
    const ics = ICAL.Component.fromString(await (await calendar()).text());
    expect(ics.getAllSubcomponents("vevent").map((e) => e.getFirstPropertyValue("summary"))).toEqual([
      "Événement 1",
      "Événement 2",
    ]);
  });
});
