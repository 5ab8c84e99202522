// Removes the stored images no content references any more (and interrupted uploads):
// `npm run media:cleanup`. The server also does it once a day when started with it.
import { useDatabase } from "~/db/client.server";
import { cleanupUnusedMedia } from "~/modules/media/media-cleanup.server";
import { getMediaDir } from "~/modules/media/media.server";
import { openConfiguredDatabase } from "~/services.server";

const print = (line: string) => process.stdout.write(`${line}\n`);

const handle = await openConfiguredDatabase();
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
