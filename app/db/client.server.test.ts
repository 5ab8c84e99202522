import { describe, expect, it, onTestFinished, vi } from "vitest";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describeEachDatabase, testDatabases } from "../../tests/db";
import { getDb } from "./client.server";

describeEachDatabase("database", () => {
  it("applies the migrations", async () => {
    const result = (await getDb().execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('annonces', 'outbox', 'association_content')`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(3);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL connection pool", () => {
  it("survives the server dropping an idle connection and reconnects on the next query", async () => {
    const handle = await testDatabases.find((d) => d.name === "postgres")!.open();
    onTestFinished(() => handle.close());
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => errors.mockRestore());
    const pid = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    // Another session kills the idle backend, as a PostgreSQL restart would.
    const killer = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    await killer.query("select pg_terminate_backend($1)", [pid.rows[0].pid]);
    await killer.end();
    await vi.waitFor(() => expect(errors).toHaveBeenCalledWith("Connexion PostgreSQL perdue :", expect.any(String)));
    const after = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0].one).toBe(1);
  });
});
