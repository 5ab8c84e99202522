import { createPostgresDatabase } from "../../tests/db";

/**
 * Runs a bench on the embedded database, then on a scratch PostgreSQL database (dropped afterwards) when
 * BENCH_POSTGRES_URL, or TEST_DATABASE_URL, names a server.
 */
export async function onEachDatabase(
  run: (label: string, databaseUrl?: string) => Promise<void>,
  embeddedLabel = "PGlite (base embarquée)",
) {
  await run(embeddedLabel);
  const postgres = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  if (!postgres) return;
  const scratch = await createPostgresDatabase(postgres);
  try {
    await run("PostgreSQL", scratch.url);
  } finally {
    await scratch.drop();
  }
}
