import fs from "node:fs";
import path from "node:path";
import { openDatabase, useDatabase, type DatabaseHandle } from "~/db/client.server";
import { lockDataDir, setLockRequestHandler } from "~/db/data-dir-lock.server";
import { makeDataDirPrivate } from "~/db/data-dir-permissions.server";
import { UPKEEP_INTERVAL_MS, vacuumAndAnalyze } from "~/db/upkeep.server";
import { assemblyLinksJob } from "~/modules/assembly/assembly.server";
import { backupJob, backupNow } from "~/modules/backup/backup-schedule.server";
import { env, mailSettingWarnings } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { countAdmins, createAdmin, purgeExpiredSessions } from "~/modules/auth/auth.server";
import { passwordWeakness } from "~/modules/accounts/password-policy.server";
import { seedDemoContent } from "~/modules/demo/demo.server";
import { createMailWorker, type MailWorker } from "~/modules/mail/mail-worker.server";
import { releaseOutboxLeases } from "~/modules/mail/outbox.server";
import { createBounceReader, type BounceReader } from "~/modules/mail/bounces.server";
import { letterCounts, letterDelivery } from "~/modules/newsletter/letters.server";
import { sendDigestIfDue } from "~/modules/newsletter/digest.server";
import { queueReminders } from "~/modules/registrations/registrations.server";
import { mediaCleanupJob } from "~/modules/media/media-cleanup.server";
import { documentFilesCleanupJob } from "~/modules/documents/document-files.server";
import { publicationJob } from "~/modules/publishing/scheduler.server";
import { purgeOldHits } from "~/modules/rate-limits/rate-limits.server";
import { purgeGardenerSignIns } from "~/modules/garden-space/gardener-auth.server";
import { checkPendingOnlinePayments } from "~/modules/helloasso/online-payments.server";
import { applyRetention } from "~/modules/retention/retention.server";
import { weatherRefreshJob } from "~/modules/weather/weather.server";
import { startJobs, type Job, type JobRunner } from "~/server/jobs.server";
import { StartupError } from "~/server/startup-error";
import { withFirstOfMonth } from "~/lib/dates";

let started: Promise<DatabaseHandle> | undefined;
let jobs: JobRunner | undefined;
/** `npm run backup`'s archives being written for it, and what stops them. */
let requestedBackups: AbortController | undefined;
const requestedBackupRuns = new Set<Promise<string>>();
let mailWorker: MailWorker | undefined;
let bounceReader: BounceReader | undefined;

/** Opens the database, applies migrations, creates the first admin and demo content. Idempotent. */
export function startServices() {
  started ??= start();
  return started;
}

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

const since = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

async function start() {
  for (const warning of mailSettingWarnings(env)) logger.warn(warning);
  const handle = await openConfiguredDatabase(
    `le serveur Potager (processus ${process.pid}, port ${env.PORT}, démarré le ${withFirstOfMonth(since.format(new Date()))})`,
  );
  useDatabase(handle);
  await bootstrapAdmin();
  if (env.SEED_DEMO) await seedDemoContent();
  // Mail left in the outbox by a crash is sent now (on PGlite, where this process is alone, even a message a killed
  // process had claimed); weather is fetched before the first visitor asks.
  if (handle.kind === "pglite") await releaseOutboxLeases(letterCounts);
  mailWorker = createMailWorker({ letters: letterDelivery() });
  // Bounces sent back later by the relay (BOUNCE_IMAP_URL) are counted like a refusal at sending.
  bounceReader = env.BOUNCE_IMAP_URL
    ? createBounceReader({ imapUrl: env.BOUNCE_IMAP_URL, letters: letterDelivery() })
    : undefined;
  jobs = startJobs(serverJobs(handle.kind, mailWorker, bounceReader));
  // `npm run backup` while the server holds the embedded database: the server writes the archive for it.
  // It is not a job, so the stop waits for it here: the archive ends (or is abandoned) before the database closes.
  requestedBackups = new AbortController();
  const { signal } = requestedBackups;
  setLockRequestHandler(async (request) => {
    if (request !== "sauvegarde") return "erreur demande inconnue";
    const run = backupNow(handle.kind, new Date(), signal);
    requestedBackupRuns.add(run);
    try {
      return `ok ${await run}`;
    } finally {
      requestedBackupRuns.delete(run);
    }
  });
  logger.info({ database: handle.kind }, "services started");
  return handle;
}

/** Every job the server runs by itself (app/server/jobs.server.ts): the runner starts them and waits for them. */
function serverJobs(kind: DatabaseHandle["kind"], mail: MailWorker, bounces: BounceReader | undefined): Job<any>[] {
  const every15Minutes = 15 * 60_000;
  return [
    mail.job,
    ...(bounces ? [bounces.job] : []),
    publicationJob,
    weatherRefreshJob,
    mediaCleanupJob,
    documentFilesCleanupJob,
    assemblyLinksJob,
    backupJob(kind),
    {
      name: "sessions expirées",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => purgeExpiredSessions(),
    },
    // Online payments whose notification and return were both lost: read back from HelloAsso (decision 032).
    {
      name: "paiements en ligne en attente",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => checkPendingOnlinePayments(),
      report: (checked) => (checked.checked > 0 ? checked : undefined),
    },
    {
      name: "connexions à Mon jardin expirées",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => purgeGardenerSignIns(),
    },
    {
      name: "limites de fréquence",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => purgeOldHits(),
    },
    {
      // Personal data kept no longer than the association's settings allow (RGPD).
      name: "durées de conservation",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => applyRetention(),
      report: (removed) => (Object.values(removed).some(Boolean) ? { removed } : undefined),
    },
    // The reminder of the day before, once per event with sign-ups.
    {
      name: "rappels d'événements",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => queueReminders(),
    },
    // The automatic letter, when it is set and due.
    {
      name: "lettre automatique",
      everyMs: every15Minutes,
      firstAfterMs: every15Minutes,
      once: true,
      run: () => sendDigestIfDue(),
    },
    // The embedded database has no autovacuum: its space and the planner's statistics are kept up here.
    ...(kind === "pglite"
      ? [{ name: "entretien de la base", everyMs: UPKEEP_INTERVAL_MS, run: () => vacuumAndAnalyze() }]
      : []),
  ];
}

export async function stopServices() {
  if (!started) return;
  setLockRequestHandler(undefined);
  requestedBackups?.abort();
  await Promise.allSettled(requestedBackupRuns);
  // Every run in progress ends before the database closes.
  await jobs?.stop();
  await mailWorker?.stop();
  await bounceReader?.stop();
  jobs = mailWorker = bounceReader = undefined;
  // A start that failed has nothing open left to close.
  const handle = await started.catch(() => undefined);
  started = undefined;
  useDatabase(undefined);
  await handle?.close();
}

async function bootstrapAdmin() {
  if ((await countAdmins()) > 0) return;
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    // The same rule as every other password: the first account is the one an attacker tries first.
    const weakness = await passwordWeakness(env.ADMIN_PASSWORD, [env.ADMIN_USERNAME, "potager", "jardin"]);
    if (weakness) throw new StartupError(`ADMIN_PASSWORD est refusé : ${weakness}`);
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
