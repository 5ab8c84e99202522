// Removes the stored images no content references any more (and interrupted uploads):
// `npm run media:cleanup`. The server also does it once a day when started with it.
import "./load-env.ts";

const print = (line: string) => process.stdout.write(`${line}\n`);

// Imported after .env is read, so that a wrong setting is reported in one line like any other refusal.
async function open() {
  const { openConfiguredDatabase } = await import("~/services.server");
  return openConfiguredDatabase(`le nettoyage des images (processus ${process.pid})`);
}

let handle: Awaited<ReturnType<typeof open>>;
try {
  handle = await open();
} catch (error) {
  // A reason the person can act on (the server holds the data, a wrong setting): one line, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const { useDatabase } = await import("~/db/client.server");
const { cleanupUnusedMedia } = await import("~/modules/media/media-cleanup.server");
const { getMediaDir } = await import("~/modules/media/media.server");
useDatabase(handle);
try {
  const result = await cleanupUnusedMedia();
  print(
    `${result.removedImages.length} image(s) inutilisée(s) et ${result.removedFiles} fichier(s) supprimés dans ${getMediaDir()}.`,
  );
} finally {
  useDatabase(undefined);
  await handle.close();
}
