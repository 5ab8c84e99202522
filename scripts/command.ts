// What the command-line tools share: their output, a refusal in one French line, and the configured database.
// No static import of the application here: each tool reads .env first (./load-env.ts), then loads the application.

export const print = (line: string) => process.stdout.write(`${line}\n`);

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Opens the configured database for this command (`holder` is how a process refused names it) and points the
 * application at it; a setting or a busy data directory stops the command with its one-line reason.
 */
export async function openDatabaseFor(holder: string) {
  const { openConfiguredDatabase } = await import("~/services.server");
  const { useDatabase } = await import("~/db/client.server");
  try {
    const handle = await openConfiguredDatabase(holder);
    useDatabase(handle);
    return handle;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
