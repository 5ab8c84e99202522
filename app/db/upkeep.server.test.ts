import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "./client.server";
import { describeEachDatabase } from "../../tests/db";
import { at } from "../../tests/factories";
import { blogPosts } from "./schema";
import { vacuumAndAnalyze } from "./upkeep.server";

describeEachDatabase("database upkeep", () => {
  it("gives the planner the tables' real sizes, so a page of 12 reads the index instead of sorting every article", async () => {
    await getDb()
      .insert(blogPosts)
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          title: `Article ${i}`,
          content: `<p>${"Semis de radis et de laitues sous voile, arrosage léger le matin. ".repeat(10)}</p>`,
          createdAt: at(i),
        })),
      );
    const plan = async () =>
      (
        (await getDb().execute(
          sql`explain select id from blog_posts where state = 'publie' order by published_at desc, id desc limit 12`,
        )) as unknown as { rows: Record<string, string>[] }
      ).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    await vacuumAndAnalyze();
    const [{ reltuples }] = (
      (await getDb().execute(
        sql`select reltuples::int as reltuples from pg_class where relname = 'blog_posts'`,
      )) as unknown as {
        rows: { reltuples: number }[];
      }
    ).rows;
    expect(Number(reltuples)).toBe(2000);
    const planned = await plan();
    expect(planned).toMatch(/Index (Only )?Scan using blog_posts_published_idx/);
    expect(planned).not.toMatch(/Sort/);
  });
});
