import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describeEachDatabase, testDatabases } from "../../tests/db";
import { getDb, openDatabase, readAll } from "./client.server";
import { createFromTemplate } from "./pglite-template.server";

describeEachDatabase("database", () => {
  it("applies the migrations", async () => {
    const result = (await getDb().execute(
      sql`select count(*)::int as n from information_schema.tables where table_name in ('annonces', 'outbox', 'association_content')`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(3);
  });

  it("reads together on the database, one after the other in a transaction", async () => {
    let running = 0;
    let most = 0;
    const read = async () => {
      running++;
      most = Math.max(most, running);
      // A read that takes its time (outside the database: the transaction holds PGlite's one connection).
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return running;
    };
    expect(await readAll(getDb(), [read, read, read])).toHaveLength(3);
    expect(most).toBe(3);
    most = 0;
    await getDb().transaction((tx) => readAll(tx, [read, read, read]));
    expect(most).toBe(1);
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

describe("an embedded database from before search folded accents itself (migration 0032)", () => {
  it("is migrated with the unaccent extension its triggers called, then finds words typed without accents", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-avant-0032-"));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    // The migrations as they stood before 0032, run as the server did then: with the extension.
    const before = path.join(dir, "migrations");
    fs.cpSync(fileURLToPath(new URL("../../drizzle", import.meta.url)), before, { recursive: true });
    const journalFile = path.join(before, "meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < "0032");
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const dataDir = path.join(dir, "db");
    await createFromTemplate(dataDir);
    const { PGlite } = await import("@electric-sql/pglite");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const old = await PGlite.create({ dataDir, extensions: { unaccent } });
    await migrate(drizzle(old), { migrationsFolder: before });
    await old.exec(
      `insert into blog_posts (title, content, plain_text) values ('Récolte des côtes de blettes', '', 'Œillets et fèves.')`,
    );
    await old.close();

    const handle = await openDatabase({ dataDir });
    onTestFinished(() => handle.close());
    const found = (await handle.db.execute(
      sql`select title from blog_posts where search_text like ${"%recolte des cotes%"} and search_text like ${"%oeillets et feves%"}
          and search_vector @@ plainto_tsquery('french', fold_accents(${"côte"}))`,
    )) as unknown as { rows: { title: string }[] };
    expect(found.rows).toEqual([{ title: "Récolte des côtes de blettes" }]);
    // A post written now is folded by the new function.
    await handle.db.execute(sql`insert into blog_posts (title, content) values ('Éclaircir les carottes', '')`);
    const folded = (await handle.db.execute(
      sql`select search_text from blog_posts where title = ${"Éclaircir les carottes"}`,
    )) as unknown as { rows: { search_text: string }[] };
    expect(folded.rows[0]!.search_text).toBe("eclaircir les carottes  ");
  });
});
