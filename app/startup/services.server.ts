import { currentAssociation, isHostMode, withAssociation } from "~/db/association.server";
import { useDatabase, type DatabaseHandle } from "~/db/client.server";
import { setLockRequestHandler } from "~/db/data-dir-lock.server";
import { upkeepJob } from "~/db/upkeep.server";
import { assemblyLinksJob } from "~/modules/assembly/assembly.server";
import { plannedAllotmentsJob } from "~/modules/register/planned-allotments.server";
import { backupJob, backupNow } from "~/modules/backup/backup-schedule.server";
import { env, mailSettingWarnings } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { countAdmins, createAdmin, expiredSessionsJob } from "~/modules/auth/auth.server";
import { passwordWeakness, releasePasswordEstimator } from "~/modules/accounts/password-policy.server";
import { seedDemoContent } from "~/modules/demo/demo.server";
import { createMailWorker, type MailWorker } from "~/modules/mail/mail-worker.server";
import { releaseOutboxLeases } from "~/modules/mail/outbox.server";
import { createBounceReader, type BounceReader } from "~/modules/mail/bounces.server";
import { letterCounts, letterDelivery } from "~/modules/newsletter/letters.server";
import { digestJob } from "~/modules/newsletter/digest.server";
import { eventRemindersJob } from "~/modules/registrations/registrations.server";
import { mediaCleanupJob } from "~/modules/media/media-cleanup.server";
import { documentFilesCleanupJob } from "~/modules/documents/document-files.server";
import { publicationJob } from "~/modules/publishing/scheduler.server";
import { rateLimitsJob } from "~/modules/rate-limits/rate-limits.server";
import { gardenerSignInsJob } from "~/modules/garden-space/gardener-auth.server";
import { pendingOnlinePaymentsJob } from "~/modules/helloasso/online-payments.server";
import { retentionJob } from "~/modules/retention/retention.server";
import { weatherRefreshJob } from "~/modules/weather/weather.server";
import { startJobs, type Job } from "~/server/jobs.server";
import { withFirstOfMonth } from "~/lib/dates";
import { StartupError } from "~/server/startup-error";
import { openConfiguredDatabase } from "./database.server";

let started: Promise<DatabaseHandle> | undefined;
/** `npm run backup`'s archives being written for it, and what stops them. */
let requestedBackups: AbortController | undefined;
const requestedBackupRuns = new Set<Promise<string>>();
/** The single association's jobs, outbox and bounce reader. */
let services: AssociationServices | undefined;

/** What runs by itself for one association: its jobs, its outbox, its bounce reader. */
export interface AssociationServices {
  /** The outbox's turn now (see `sendMailSoon`). */
  sendMailSoon(): void;
  /** No new run starts; resolves once every run in progress has ended. */
  stop(): Promise<void>;
}

/** Host mode: an association's jobs run at most once a minute (the outbox too, but at once after a form). */
const HOSTED_JOBS_AT_MOST_EVERY_MS = 60_000;

/**
 * Starts the jobs of the current association (the single one, or in host mode the one whose context this runs in: its
 * timers keep it). Hosted, they run at most once a minute, spread: a hundred associations cost a few queries a
 * second. The bounce mailbox (BOUNCE_IMAP_URL) is read only for a single association: a shared one would mix
 * associations' bounces.
 */
export function startAssociationServices(kind: DatabaseHandle["kind"], hosted: boolean): AssociationServices {
  const mailWorker = createMailWorker({
    letters: letterDelivery(),
    ...(hosted ? { pollMs: HOSTED_JOBS_AT_MOST_EVERY_MS } : {}),
  });
  // Bounces sent back later by the relay (BOUNCE_IMAP_URL) are counted like a refusal at sending.
  const bounceReader =
    !hosted && env.BOUNCE_IMAP_URL
      ? createBounceReader({ imapUrl: env.BOUNCE_IMAP_URL, letters: letterDelivery() })
      : undefined;
  const jobs = startJobs(
    serverJobs(kind, mailWorker, bounceReader),
    hosted ? { atMostEveryMs: HOSTED_JOBS_AT_MOST_EVERY_MS } : {},
  );
  const association = currentAssociation();
  let soon: NodeJS.Timeout | undefined;
  return {
    sendMailSoon() {
      if (soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        void withAssociation(association, () => jobs.runNow(mailWorker.job.name));
      }, 100);
      soon.unref();
    },
    async stop() {
      clearTimeout(soon);
      soon = undefined;
      // Every run in progress ends before the database closes.
      await jobs.stop();
      await mailWorker.stop();
      await bounceReader?.stop();
    },
  };
}

/**
 * Opens the database, applies migrations, creates the first admin and demo content. Idempotent. A host-mode server
 * has no database of its own: its associations' are opened by host.server.ts.
 */
export async function startServices() {
  if (isHostMode()) return;
  started ??= start();
  await started;
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
  services = startAssociationServices(handle.kind, false);
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
  return [
    mail.job,
    ...(bounces ? [bounces.job] : []),
    publicationJob,
    weatherRefreshJob,
    mediaCleanupJob,
    documentFilesCleanupJob,
    assemblyLinksJob,
    plannedAllotmentsJob,
    backupJob(kind),
    expiredSessionsJob,
    pendingOnlinePaymentsJob,
    gardenerSignInsJob,
    rateLimitsJob,
    retentionJob,
    eventRemindersJob,
    digestJob,
    ...(kind === "pglite" ? [upkeepJob] : []),
  ];
}

/**
 * Called when a form has been answered: what it queued (a confirmation, a receipt, a link to sign in) leaves now
 * rather than at the outbox's next turn, up to 5 s later, while the person watches their mailbox. Answers a few
 * moments apart share one run; a letter's messages still keep their pace (mail-worker.server.ts).
 */
export function sendMailSoon() {
  services?.sendMailSoon();
}

export async function stopServices() {
  if (!started) return;
  setLockRequestHandler(undefined);
  requestedBackups?.abort();
  await Promise.allSettled(requestedBackupRuns);
  await services?.stop();
  services = undefined;
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
    const weakness = await passwordWeakness(env.ADMIN_PASSWORD, [env.ADMIN_USERNAME, "potager", "jardin"]).finally(
      releasePasswordEstimator,
    );
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
