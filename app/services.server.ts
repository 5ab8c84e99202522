import fs from "node:fs";
import path from "node:path";
import { openDatabase, useDatabase, type DatabaseHandle } from "./db/client.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { countAdmins, createAdmin, purgeExpiredSessions } from "./modules/auth/auth.server";
import { seedDemoContent } from "./modules/demo/demo.server";
import { startMailWorker, stopMailWorker } from "./modules/mail/mail.server";
import { startMediaCleanup, stopMediaCleanup } from "./modules/media/media-cleanup.server";
import { startWeatherRefresh, stopWeatherRefresh } from "./modules/weather/weather.server";

let started: Promise<DatabaseHandle> | undefined;
let sweeper: ReturnType<typeof setInterval> | undefined;

/** Opens the database, applies migrations, creates the first admin and demo content. Idempotent. */
export function startServices() {
  started ??= start();
  return started;
}

// PGlite allows one process per data directory: the server marks it while running.
const pidFile = () => path.join(env.dataDir, "server.pid");

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops with a clear message when a running server already holds the embedded database. */
export function assertDataDirFree() {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(pidFile(), "utf8").trim());
  } catch {
    return; // no marker: nobody holds it
  }
  if (pid && pid !== process.pid && isRunning(pid)) {
    throw new Error(
      `Le serveur (processus ${pid}) utilise déjà la base de ${env.dataDir}. Arrêtez-le d'abord, ou utilisez DATABASE_URL.`,
    );
  }
}

/** The database the settings name: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR/db (if no server holds it). */
export function openConfiguredDatabase() {
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL });
  assertDataDirFree();
  return openDatabase({ dataDir: path.join(env.dataDir, "db") });
}

async function start() {
  const handle = await openConfiguredDatabase();
  if (!env.DATABASE_URL) {
    fs.mkdirSync(env.dataDir, { recursive: true });
    fs.writeFileSync(pidFile(), String(process.pid));
  }
  useDatabase(handle);
  await bootstrapAdmin();
  if (env.SEED_DEMO) await seedDemoContent();
  sweeper = setInterval(() => {
    purgeExpiredSessions().catch((err) => logger.warn({ err }, "session purge failed"));
  }, 15 * 60 * 1000);
  sweeper.unref();
  // Mail left in the outbox by a crash is sent now; weather is fetched before the first visitor asks.
  startMailWorker();
  startWeatherRefresh();
  startMediaCleanup();
  logger.info({ database: handle.kind }, "services started");
  return handle;
}

export async function stopServices() {
  if (!started) return;
  clearInterval(sweeper);
  stopWeatherRefresh();
  stopMediaCleanup();
  await stopMailWorker();
  const handle = await started;
  started = undefined;
  useDatabase(undefined);
  await handle.close();
  fs.rmSync(pidFile(), { force: true });
}

async function bootstrapAdmin() {
  if ((await countAdmins()) > 0) return;
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await createAdmin(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    logger.info({ username: env.ADMIN_USERNAME }, "first administrator created");
    return;
  }
  // No built-in password exists: tell the person starting the site how to create one.
  console.warn(
    "\nAucun administrateur n'existe encore. Pour vous connecter sur /login, créez-en un :\n" +
      "  npm run admin -- create <identifiant>   (le mot de passe est demandé)\n" +
      "ou démarrez avec ADMIN_USERNAME et ADMIN_PASSWORD définis.\n",
  );
}
