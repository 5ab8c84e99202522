// Removes the stored images no content references any more (and interrupted uploads):
// `npm run media:cleanup`. The server also does it once a day when started with it.
import "./load-env.ts";
import { closeDatabase, openDatabaseFor, print } from "./command.ts";

const handle = await openDatabaseFor(`le nettoyage des images (processus ${process.pid})`);
const { cleanupUnusedMedia } = await import("~/modules/media/media-cleanup.server");
const { getMediaDir } = await import("~/modules/media/media.server");
try {
  const result = await cleanupUnusedMedia();
  print(
    `${result.removedImages.length} image(s) inutilisée(s) et ${result.removedFiles} fichier(s) supprimés dans ${getMediaDir()}.`,
  );
} finally {
  await closeDatabase(handle);
}
