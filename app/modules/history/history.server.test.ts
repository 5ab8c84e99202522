import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { blogPosts, history } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { countHistory, historyActors, listHistory, recordHistory, withHistory } from "./history.server";

const marie = { id: null, username: "marie" };

describeEachDatabase("history", () => {
  it("writes the entry with the change, or neither when the change fails", async () => {
    const created = await withHistory(
      marie,
      async (tx) => (await tx.insert(blogPosts).values({ title: "Semis", content: "<p>x</p>" }).returning())[0],
      (post) => ({ kind: "article.creation", target: `article n° ${post.id}` }),
    );
    expect((await getDb().select().from(history)).map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["marie", "article.creation", `article n° ${created.id}`],
    ]);

    await expect(
      withHistory(
        marie,
        async (tx) => {
          await tx.insert(blogPosts).values({ title: "Perdu", content: "<p>x</p>" });
          throw new Error("échec");
        },
        () => ({ kind: "article.creation" }),
      ),
    ).rejects.toThrow("échec");
    expect(await getDb().select().from(blogPosts)).toHaveLength(1);
    expect(await getDb().select().from(history)).toHaveLength(1);
  });

  it("writes nothing when the change changed nothing", async () => {
    await withHistory(
      marie,
      async () => undefined,
      (row) => (row ? { kind: "article.suppression" } : null),
    );
    expect(await getDb().select().from(history)).toEqual([]);
  });

  it("lists newest first, filtered by person and kind, a page at a time", async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await recordHistory(getDb(), marie, { kind: "connexion" }, at(30));
    await recordHistory(
      getDb(),
      { id: null, username: "alain" },
      { kind: "article.creation", target: "article n° 1" },
      at(20),
    );
    await recordHistory(getDb(), marie, { kind: "article.suppression", target: "article n° 1" }, at(10));
    await recordHistory(getDb(), marie, { kind: "connexion" }, at(60 * 24 * 400));

    expect((await listHistory({}, { limit: 2, offset: 0 })).map((e) => e.kind)).toEqual([
      "article.suppression",
      "article.creation",
    ]);
    expect((await listHistory({ actor: "marie" }, { limit: 10, offset: 0 })).map((e) => e.kind)).toEqual([
      "article.suppression",
      "connexion",
      "connexion",
    ]);
    expect(await countHistory({ actor: "marie", kind: "connexion" })).toBe(2);
    expect(await historyActors()).toEqual(["alain", "marie"]);
    expect(await countHistory({})).toBe(4);
  });
});
