import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { describeEachDatabase } from "../../tests/db";
import { getDb } from "./client.server";

describeEachDatabase("database", () => {
  it("applies the migrations", async () => {
    const result = (await getDb().execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('annonces', 'outbox', 'association_content')`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(3);
  });
});
