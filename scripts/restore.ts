// Loads a backup archive into an empty database: `npm run restore -- FILE [--force]`. The server must be stopped
// when it uses the embedded database. An archive from PGlite loads into PostgreSQL (DATABASE_URL) and back.
import "./load-env.ts";
import { closeDatabase, fail, openDatabaseFor, print } from "./command.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((arg) => arg !== "--force");
if (!file) fail("Usage : npm run restore -- <archive.tar.gz> [--force]");

const { restoreBackup } = await import("~/modules/backup/backup.server");

const handle = await openDatabaseFor(`la restauration (processus ${process.pid})`);
try {
  const { manifest, secret } = await restoreBackup(file, { force });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  print(
    `Sauvegarde du ${new Date(manifest.createdAt).toLocaleString("fr-FR", { timeZone: "Europe/Paris" })} restaurée : ${manifest.tables.length} tables, ${rows} lignes, ${manifest.media.length} fichiers d'images.`,
  );
  if (secret === "kept")
    print(
      "SESSION_SECRET est réglé : les codes de secours et les invitations de l'archive ne fonctionneront qu'avec la même valeur.",
    );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await closeDatabase(handle);
}
