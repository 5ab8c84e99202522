import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { connectionLimit, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createPostgresDatabase } from "../db";

// Host mode bounds the connections of a whole process, every association's pool together (decision 039).
describe("a connection limit shared by pools", () => {
  it("grants slots in turn, and refuses a wait longer than its bound", async () => {
    const limit = connectionLimit(2, 100);
    await limit.acquire();
    await limit.acquire();
    const order: string[] = [];
    const third = limit.acquire().then(() => order.push("troisième"));
    const fourth = limit.acquire().then(() => order.push("quatrième"));
    expect(limit.open).toBe(2);
    limit.release();
    limit.release();
    await Promise.all([third, fourth]);
    expect(order).toEqual(["troisième", "quatrième"]);
    expect(limit.open).toBe(2);
    await expect(limit.acquire()).rejects.toThrow("Aucune connexion PostgreSQL libre en 0.1 s (2 au plus).");
    limit.release();
    await limit.acquire();
    expect(limit.open).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("host mode's pools on PostgreSQL", () => {
  const limit = connectionLimit(2, 5_000);
  const databases: { drop(): Promise<void> }[] = [];
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, inject("postgresTemplate"));
      databases.push(database);
      handles.push(await openDatabase({ url: database.url, maxConnections: 2, limit }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const database of databases) await database.drop();
  });

  it("never open more connections than the limit across the pools, and give them back once idle", async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, limit.open)), 5);
    const started = performance.now();
    // Two slow reads on each of three databases: six connections wanted, two at a time.
    await Promise.all(handles.flatMap((handle) => [0, 1].map(() => handle.db.execute(sql`select pg_sleep(0.2)`))));
    const elapsed = performance.now() - started;
    clearInterval(watch);
    expect(most).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(550);
    // Idle connections close after 2 s: an association nobody visits holds none.
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(limit.open).toBe(0);
  });
});
