// What the command-line tools share: their output, a refusal in one French line, and the configured database.
// No static import of the application here: each tool reads .env first (./load-env.ts), then loads the application.
import type { DatabaseHandle } from "~/db/client.server";

export const print = (line: string) => process.stdout.write(`${line}\n`);

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function open(holder: string) {
  const { openConfiguredDatabase } = await import("~/startup/database.server");
  const { useDatabase } = await import("~/db/client.server");
  const handle = await openConfiguredDatabase(holder);
  useDatabase(handle);
  return handle;
}

/**
 * Opens the configured database for this command (`holder` is how a process refused names it) and points the
 * application at it; a setting or a busy data directory stops the command with its one-line reason.
 */
export async function openDatabaseFor(holder: string) {
  try {
    return await open(holder);
  } catch (error) {
    fail(reason(error));
  }
}

/** The same, but null when the running server holds the embedded database: the command then asks the server. */
export async function openDatabaseUnlessServerHolds(holder: string) {
  const { DataDirBusyError } = await import("~/db/data-dir-lock.server");
  try {
    return await open(holder);
  } catch (error) {
    if (error instanceof DataDirBusyError) return null;
    fail(reason(error));
  }
}

/** Points the application away from the database, then closes it (and releases the data directory). */
export async function closeDatabase(handle: DatabaseHandle) {
  const { useDatabase } = await import("~/db/client.server");
  useDatabase(undefined);
  await handle.close();
}
