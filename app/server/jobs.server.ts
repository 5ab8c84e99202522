import { and, eq, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { jobRuns } from "~/db/runtime.tables";
import { env } from "./env.server";
import { logger } from "./logger.server";

/**
 * What the server does by itself, on a clock: publish what is due, send the outbox, read bounces, purge, back up.
 * Every job runs through one runner (`startJobs`), so that each is written the same way, logged the same way, never
 * overlaps itself, and is waited for when the server stops (docs/architecture.md, « Tâches »).
 */
/** The period of most upkeep jobs: often enough that nothing waits long, rarely enough to cost nothing. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * A job of upkeep every quarter of an hour, the first a quarter of an hour after start, on one instance only: the
 * shape of most of the server's jobs.
 */
export function quarterHourlyJob<Result>(
  name: string,
  run: Job<Result>["run"],
  report?: Job<Result>["report"],
): Job<Result> {
  return {
    name,
    everyMs: QUARTER_HOUR_MS,
    firstAfterMs: QUARTER_HOUR_MS,
    once: true,
    run,
    ...(report ? { report } : {}),
  };
}

export interface Job<Result = unknown> {
  /** Its name in the logs, in French (« publication programmée »). */
  name: string;
  /** The wait between the end of one run and the start of the next. */
  everyMs: number;
  /** The wait before the first run (default: none). */
  firstAfterMs?: number;
  /**
   * Runs once across the instances that share one PostgreSQL database: before each run the runner claims the job in
   * `job_runs`; an instance that finds it claimed, or run less than half a period ago, skips its turn.
   */
  once?: boolean;
  /** The wait after a run when it depends on what the run found (the outbox: none after a full batch). */
  nextAfterMs?: (result: Result) => number;
  /** What a run did, worth a line in the log; nothing for a run that found nothing to do. */
  report?: (result: Result) => Record<string, unknown> | undefined;
  /** The work. `signal` is aborted when the server stops: a long run may end early, cleanly. */
  run: (signal: AbortSignal) => Promise<Result>;
}

/** A claim held no longer than this: an instance killed during a run frees its jobs after it. */
const CLAIM_LEASE_MS = 60 * 60_000;

/** Takes the job for this run, unless another instance holds it or ran it less than half a period ago. */
async function claim(job: Job) {
  const leaseUntil = new Date(Date.now() + CLAIM_LEASE_MS);
  const recent = new Date(Date.now() - job.everyMs / 2);
  const taken = await getDb()
    .insert(jobRuns)
    .values({ name: job.name, startedAt: sql`now()`, leaseUntil })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { startedAt: sql`now()`, leaseUntil },
      setWhere: and(lte(jobRuns.leaseUntil, sql`now()`), lte(jobRuns.startedAt, recent)),
    })
    .returning({ name: jobRuns.name });
  return taken.length > 0;
}

async function release(job: Job) {
  await getDb()
    .update(jobRuns)
    .set({ leaseUntil: sql`now()`, finishedAt: sql`now()` })
    .where(eq(jobRuns.name, job.name));
}

export interface JobRunner {
  /** Runs a job now (or waits for its run in progress) and returns what it did; its clock starts again after. */
  runNow(name: string): Promise<unknown>;
  /** No new run starts; resolves once every run in progress has ended (the database can then be closed). */
  stop(): Promise<void>;
}

interface JobRunnerOptions {
  /** No job waits longer than this for its first run; by default JOBS_FIRST_RUN_SECONDS, else each its own delay. */
  firstRunWithinMs?: number;
  /**
   * Host mode, a runner per association: no job runs more often than this (a form's mail still leaves at once:
   * `runNow`), and each first run comes at a random moment of its period, so that a hundred associations' runs
   * spread over the minute instead of all starting together.
   */
  atMostEveryMs?: number;
}

export function startJobs(given: Job<any>[], options: JobRunnerOptions = {}): JobRunner {
  const slowest = options.atMostEveryMs;
  const jobs = slowest
    ? given.map((job) => {
        const everyMs = Math.max(job.everyMs, slowest);
        return { ...job, everyMs, firstAfterMs: Math.max(job.firstAfterMs ?? 0, Math.random() * everyMs) };
      })
    : given;
  const controller = new AbortController();
  const state = new Map(
    jobs.map((job) => [
      job.name,
      { job, timer: undefined as NodeJS.Timeout | undefined, current: null as Promise<unknown> | null, failing: false },
    ]),
  );

  async function execute(entry: NonNullable<ReturnType<typeof state.get>>) {
    const { job } = entry;
    let result: unknown;
    try {
      if (job.once && !(await claim(job))) {
        logger.debug({ job: job.name }, `tâche « ${job.name} » laissée à une autre instance`);
        return undefined;
      }
      try {
        // Stopped while claiming: no run starts once the stop has begun.
        if (controller.signal.aborted) return undefined;
        // Said at debug level only: the outbox's worker starts every few seconds.
        logger.debug({ job: job.name }, `tâche « ${job.name} » commencée`);
        result = await job.run(controller.signal);
      } finally {
        if (job.once) await release(job);
      }
      if (entry.failing) logger.info({ job: job.name }, "tâche de nouveau possible");
      entry.failing = false;
      const report = job.report?.(result);
      if (report) logger.info({ job: job.name, ...report }, `tâche « ${job.name} » faite`);
    } catch (err) {
      // A run cut short by the stop is not a failure; a failure is said once, until the job works again.
      if (!controller.signal.aborted && !entry.failing) logger.warn({ err, job: job.name }, "tâche impossible");
      if (!controller.signal.aborted) entry.failing = true;
    }
    return result;
  }

  function runEntry(entry: NonNullable<ReturnType<typeof state.get>>) {
    clearTimeout(entry.timer);
    entry.current ??= execute(entry).then((result) => {
      entry.current = null;
      schedule(entry, entry.job.nextAfterMs && result !== undefined ? entry.job.nextAfterMs(result) : undefined);
      return result;
    });
    return entry.current;
  }

  function schedule(entry: NonNullable<ReturnType<typeof state.get>>, delayMs = entry.job.everyMs) {
    if (controller.signal.aborted) return;
    entry.timer = setTimeout(() => void runEntry(entry), delayMs);
    entry.timer.unref();
  }

  const firstRunWithinMs = options.firstRunWithinMs ?? (env.JOBS_FIRST_RUN_SECONDS ?? Infinity) * 1000;
  for (const entry of state.values()) schedule(entry, Math.min(entry.job.firstAfterMs ?? 0, firstRunWithinMs));

  return {
    runNow(name) {
      const entry = state.get(name);
      if (!entry) throw new Error(`Tâche inconnue : ${name}`);
      return controller.signal.aborted ? Promise.resolve(undefined) : runEntry(entry);
    },
    async stop() {
      controller.abort();
      for (const entry of state.values()) clearTimeout(entry.timer);
      await Promise.all([...state.values()].map((entry) => entry.current));
    },
  };
}
