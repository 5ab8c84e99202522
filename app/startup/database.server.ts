// The database the settings name, opened by the server and by the command-line tools alike; kept apart from the
// services so that a tool loads only what opening it needs.
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { lockDataDir } from "~/db/data-dir-lock.server";
import { makeDataDirPrivate } from "~/db/data-dir-permissions.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { StartupError } from "~/server/startup-error";

const WRITE_PROBLEMS: Record<string, string> = {
  EROFS: "le système de fichiers est en lecture seule",
  EACCES: "permission refusée",
  EPERM: "permission refusée",
  ENOTDIR: "un fichier porte déjà ce nom",
  ENOSPC: "le disque est plein",
};

/**
 * Creates DATA_DIR if needed, private to this account (0700; an existing one is made so, and said once), and checks
 * that files can be written there (database, images, e-mails, session secret all live in it); throws a StartupError
 * with one French line otherwise.
 */
export function ensureWritableDataDir(dir = env.dataDir) {
  const probe = path.join(dir, `.ecriture-${process.pid}`);
  // What this process writes (e-mails, backups, media) is for its own account only.
  process.umask(0o077);
  try {
    const { directoryWasOpen, tightened } = makeDataDirPrivate(dir);
    if (directoryWasOpen || tightened > 0) {
      logger.warn(
        `Le dossier de données ${dir} était accessible à d'autres comptes : il est maintenant privé (droits 0700, ${tightened} fichier(s) resserré(s)).`,
      );
    }
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    let code = (error as NodeJS.ErrnoException).code ?? "";
    // A recursive mkdir on a read-only file system says ENOENT: ask the nearest existing parent what is wrong.
    if (code === "ENOENT") {
      let parent = path.dirname(dir);
      while (!fs.existsSync(parent) && parent !== path.dirname(parent)) parent = path.dirname(parent);
      try {
        fs.accessSync(parent, fs.constants.W_OK);
      } catch (parentError) {
        code = (parentError as NodeJS.ErrnoException).code ?? code;
      }
    }
    throw new StartupError(
      `Le dossier de données ${dir} n'est pas accessible en écriture (${WRITE_PROBLEMS[code] ?? code}) : choisissez-en un autre avec DATA_DIR.`,
      { cause: error },
    );
  }
}

/**
 * The database the settings name: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db, which this process then
 * holds alone (`holder` says who it is to a process refused). Closing the handle releases the data directory.
 */
export async function openConfiguredDatabase(holder: string): Promise<DatabaseHandle> {
  ensureWritableDataDir();
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL });
  const lock = await lockDataDir(env.dataDir, holder);
  // Versions before the lock marked the directory with a pid file; it means nothing now.
  fs.rmSync(path.join(env.dataDir, "server.pid"), { force: true });
  try {
    const handle = await openDatabase({ dataDir: path.join(env.dataDir, "db") });
    // PGlite creates its files readable and writable by all, whatever the umask.
    makeDataDirPrivate(env.dataDir);
    return {
      ...handle,
      async close() {
        await handle.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
