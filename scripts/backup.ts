// A backup archive of the whole site: `npm run backup -- [FILE]` (default: DATA_DIR/backups/potager-<date>.tar.gz).
// It works while the server runs: on PostgreSQL directly; on the embedded database, the server writes it.
import "./load-env.ts";
import fsp from "node:fs/promises";
import path from "node:path";
import { closeDatabase, fail, openDatabaseUnlessServerHolds, print } from "./command.ts";

const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (target && !target.endsWith(".tar.gz")) fail("Le fichier de sauvegarde doit finir par .tar.gz.");

// Imported after .env is read, so that a wrong setting is reported in one line like any other refusal.
const { env } = await import("~/server/env.server");
const { askDataDirHolder } = await import("~/db/data-dir-lock.server");
const { backupDir, backupNow } = await import("~/modules/backup/backup-schedule.server");
const { createBackup } = await import("~/modules/backup/backup.server");

let written: string;
const handle = await openDatabaseUnlessServerHolds(`la sauvegarde (processus ${process.pid})`);
if (handle) {
  try {
    written = target ? (await createBackup(target, handle.kind), target) : await backupNow(handle.kind);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    await closeDatabase(handle);
  }
} else {
  // The server holds the embedded database: it writes the archive into DATA_DIR/backups, copied from there.
  // The request carries the token the server keeps in the data directory: only its account can read it.
  const answer = await askDataDirHolder(env.dataDir, "sauvegarde").catch((e: Error) => fail(e.message));
  if (!answer?.startsWith("ok "))
    fail(`Le serveur n'a pas pu écrire la sauvegarde : ${answer?.replace(/^erreur /, "") ?? "il ne répond pas"}.`);
  const made = answer.slice(3);
  if (path.dirname(made) !== backupDir()) fail("Réponse inattendue du serveur.");
  if (target) {
    await fsp.copyFile(made, target);
    await fsp.chmod(target, 0o600);
  }
  written = target ?? made;
}
const size = (await fsp.stat(written)).size;
print(`Sauvegarde écrite : ${written} (${(size / 2 ** 20).toFixed(1)} Mo). Gardez-en une copie hors du serveur.`);
