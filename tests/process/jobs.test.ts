/**
 * The job runner in the built server (app/server/jobs.server.ts): SIGTERM during a long retention pass or backup ends
 * cleanly — the pass waited for, the backup cut short, the database closed after, no warning or error once the
 * signal is sent, exit 0 within Docker's grace — and two instances on one PostgreSQL database run each once-only job
 * once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { createPostgresDatabase } from "../db";
import { startFakeSmtp } from "../fakes/smtp";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { spawnServer, startServer, tempDataDir, waitUntilReady, type ServerProcess } from "./server";

const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;

/** Every job's first run a second after start instead of 1 to 15 minutes; debug says when each run starts. */
const jobsEnv = { JOBS_FIRST_RUN_SECONDS: "1", LOG_LEVEL: "debug" };

/** Docker's default grace after SIGTERM, before it kills. */
const EXIT_BOUND_MS = 10_000;

/** What the server prints once the database is closed (with the requests it let finish, if any). */
const STOP_LINE = /^Potager est arrêté \(SIGTERM\)(, après \d+ requête\(s\) en cours)?\.$/;

interface Line {
  text: string;
  /** pino's level (30 info, 40 warn, 50 error), for the JSON lines. */
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

function lines(output: string): Line[] {
  return output
    .split("\n")
    .filter((text) => text.trim())
    .map((text) => {
      try {
        return { ...(JSON.parse(text) as object), text };
      } catch {
        return { text };
      }
    });
}

/** Resolves once `done()`; fails with what the server printed if the process ends first or at the deadline. */
async function waitUntil(server: ServerProcess, done: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${what} n'est pas venu :\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once a line carries `msg`. */
const waitForMessage = (server: ServerProcess, msg: string, timeoutMs?: number) =>
  waitUntil(server, () => lines(server.output()).some((line) => line.msg === msg), `« ${msg} »`, timeoutMs);

/**
 * Sends SIGTERM; `stopped` then resolves with the exit, how long it took, and what was printed after the signal (from
 * the last whole line printed before it).
 */
function sigterm(server: ServerProcess) {
  const mark = server.output().lastIndexOf("\n") + 1;
  const sent = Date.now();
  server.child.kill("SIGTERM");
  return {
    stopped: server.exited.then((code) => ({
      code,
      ms: Date.now() - sent,
      after: lines(server.output().slice(mark)),
    })),
  };
}

type Stop = Awaited<ReturnType<typeof sigterm>["stopped"]>;

/**
 * After the signal: the stop line (printed once the database is closed) and nothing but info and debug lines — no
 * warning, no error, before or after it. (The log's lines and the stop line go out through different buffers, so
 * their order in the output proves nothing; none may be a warning at all.)
 */
function expectCleanStop(stop: Stop, output: string) {
  expect(stop.code).toBe(0);
  expect(stop.ms).toBeLessThan(EXIT_BOUND_MS);
  expect(stop.after.filter((line) => STOP_LINE.test(line.text))).toHaveLength(1);
  const unexpected = stop.after.filter(
    (line) => !STOP_LINE.test(line.text) && !(line.level !== undefined && line.level <= 30),
  );
  expect(unexpected.map((line) => line.text)).toEqual([]);
  // Anywhere in the run, not only after the signal.
  expect(output).not.toMatch(/Cannot use a pool|PGlite is closed|Unhandled|unhandledRejection|"level":(50|60)/);
}

/** A database (PostgreSQL's of the test, or the embedded one in `dataDir`) migrated, and `seed` run on it. */
async function prepare(
  kind: (typeof databases)[number],
  seed?: (execute: (query: string) => Promise<unknown>) => Promise<void>,
) {
  const dataDir = tempDataDir("potager-jobs-");
  const pg = kind === "postgres" ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
  if (seed) {
    const handle = await openDatabase(pg ? { url: pg.url } : { dataDir: path.join(dataDir, "db") });
    try {
      await seed((query) => handle.db.execute(sql.raw(query)));
    } finally {
      await handle.close();
    }
  }
  return { dataDir, pg, env: { ...jobsEnv, DATABASE_URL: pg?.url } };
}

describe.each(databases)("SIGTERM during the backup [%s]", (kind) => {
  it("stops the backup early, leaving nothing behind, closes the database after; exit 0, no error after", async () => {
    const { dataDir, pg, env } = await prepare(kind);
    // Images enough for the archive to take seconds to write (random bytes: gzip cannot shrink them).
    fs.mkdirSync(path.join(dataDir, "media"));
    for (let i = 0; i < 24; i++)
      fs.writeFileSync(path.join(dataDir, "media", `${i}.jpg`), crypto.randomBytes(4 * 1024 * 1024));
    const tmp = tempDataDir("potager-jobs-tmp-");
    const server = await spawnServer({ dataDir, env: { ...env, TMPDIR: tmp } });
    try {
      await waitUntilReady(server);
      await waitForMessage(server, "tâche « sauvegarde » commencée");
      const stop = await sigterm(server).stopped;
      expectCleanStop(stop, server.output());
      expect(lines(server.output()).filter((line) => line.msg === "tâche « sauvegarde » faite")).toEqual([]);
      // No archive, whole or partial, and no staging folder.
      const backups = path.join(dataDir, "backups");
      expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([]);
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith("potager-sauvegarde-"))).toEqual([]);
    } finally {
      await server.stop();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});

// PostgreSQL only: on PGlite the statements run on the server's own thread, so neither the log line nor the signal
// gets through before the pass ends, and nothing outside the process can hold the pass up.
describe.runIf(process.env.TEST_DATABASE_URL)("SIGTERM during a long retention pass [postgres]", () => {
  it("stops listening, waits for the pass to end, then closes the database; exit 0, no error after", async () => {
    // History entries three years old, which the pass deletes (24 months kept by default).
    const { dataDir, pg, env } = await prepare("postgres", async (execute) => {
      await execute(
        `insert into history (at, actor, kind) select now() - interval '3 years', 'marie', 'essai' from generate_series(1, 3)`,
      );
    });
    // The test's own session holds one of them: the pass's delete waits for it as long as the test wants, the run
    // long for certain. (A row lock: the backup, running at the same time, reads past it.)
    const holder = new Client({ connectionString: pg!.url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from history order by id limit 1 for update");
    // Another session watches: within the holder's transaction, pg_stat_activity would stay as first read.
    const watcher = new Client({ connectionString: pg!.url });
    await watcher.connect();
    const server = await spawnServer({ dataDir, env });
    try {
      await waitUntilReady(server);
      await waitForMessage(server, "tâche « durées de conservation » commencée");
      const deleteWaiting = async () =>
        (
          await watcher.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'delete from "history"%'`,
          )
        ).rows[0]!.n;
      await expect.poll(deleteWaiting, { timeout: 10_000, interval: 20 }).toBe(1);

      const { stopped } = sigterm(server);
      // It stops taking connections, and the pass goes on: no exit, no stop line yet.
      await expect
        .poll(
          () =>
            fetch(`${server.url}/healthz`).then(
              () => "ouvert",
              () => "fermé",
            ),
          { timeout: 5000, interval: 20 },
        )
        .toBe("fermé");
      expect(server.child.exitCode).toBeNull();
      expect(lines(server.output()).filter((line) => STOP_LINE.test(line.text))).toEqual([]);
      expect(await deleteWaiting()).toBe(1);

      await holder.query("rollback");
      const stop = await stopped;
      expectCleanStop(stop, server.output());
      // The pass went to its end after the signal, and only then did the database close.
      const done = stop.after.find((line) => line.msg === "tâche « durées de conservation » faite");
      expect(done).toMatchObject({ removed: expect.objectContaining({ history: 3 }) });
    } finally {
      await holder.end();
      await watcher.end();
      await server.stop();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/**
 * Once-only jobs the server has had from the start (`serverJobs`, app/startup/services.server.ts). Every once-only
 * job claims its run in job_runs: the others found there are checked the same way.
 */
const KNOWN_ONCE_ONLY = [
  "durées de conservation",
  "lettre automatique",
  "limites de fréquence",
  "nettoyage des images",
  "publication programmée",
  "rappels d'événements",
  "sauvegarde",
  "sessions expirées",
];

// Only where PostgreSQL is available: instances share one database there, never the embedded one.
describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL database", () => {
  it("run each once-only job once at its first due time", async () => {
    const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const servers: ServerProcess[] = [];
    const client = new Client({ connectionString: pg.url });
    try {
      const env = { ...jobsEnv, DATABASE_URL: pg.url };
      // Started together, so that their first runs fall at the same moment.
      servers.push(
        ...(await Promise.all([
          spawnServer({ env, dataDir: tempDataDir("potager-jobs-a-") }),
          spawnServer({ env, dataDir: tempDataDir("potager-jobs-b-") }),
        ])),
      );
      await Promise.all(servers.map((server) => waitUntilReady(server)));
      await client.connect();

      // Each claimed job: whether each instance had its turn (ran it, or left it to the other), how many runs across
      // the two, and whether its claim is finished and given back.
      const claims = async () => {
        const { rows } = await client.query<{ name: string; finished: boolean | null; held: boolean }>(
          "select name, finished_at >= started_at as finished, lease_until > now() as held from job_runs order by name",
        );
        return rows.map(({ name, finished, held }) => {
          const ran = `tâche « ${name} » commencée`;
          const left = `tâche « ${name} » laissée à une autre instance`;
          const turns = servers.map((server) =>
            lines(server.output()).filter((line) => line.msg === ran || line.msg === left),
          );
          const runs = turns.flat().filter((line) => line.msg === ran).length;
          return { name, runs, settled: turns.every((own) => own.length > 0) && finished === true && !held };
        });
      };
      const deadline = Date.now() + 30_000;
      let seen = await claims();
      while (
        !KNOWN_ONCE_ONLY.every((name) => seen.some((claim) => claim.name === name)) ||
        !seen.every((claim) => claim.settled)
      ) {
        if (Date.now() > deadline)
          throw new Error(`tours incomplets : ${JSON.stringify(seen)}\n${servers.map((s) => s.output()).join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await claims();
      }
      expect(seen.map(({ name, runs }) => ({ name, runs }))).toEqual(seen.map(({ name }) => ({ name, runs: 1 })));

      for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);
    } finally {
      await client.end();
      for (const server of servers) await server.stop();
      await pg.drop();
    }
  }, 60_000);
});

describe("the outbox after a form", () => {
  it(
    "sends what an answered form queued at once, not at the outbox's next turn 5 s later",
    async () => {
      const smtp = await startFakeSmtp();
      const server = await startServer({
        dataDir: await preparedDataDir("empty"),
        env: {
          LOG_LEVEL: "debug",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Jardins partagés <contact@jardins.example>",
          CONTACT_TO: "bureau@jardins.example",
        },
      });
      try {
        const turns = () =>
          lines(server.output()).filter((line) => line.msg === "tâche « envoi des e-mails » commencée");
        // Just after one of the outbox's own turns: its next comes 5 s after this one ends.
        const seen = turns().length;
        await waitUntil(server, () => turns().length > seen, "un tour de la file d'envoi");
        const response = await fetch(`${server.url}/contact`, {
          method: "POST",
          body: new URLSearchParams({
            name: "Léa Bernard",
            email: "lea@example.fr",
            subject: "Visite du jardin",
            message: "Bonjour, peut-on visiter samedi ?",
            captcha: "7",
          }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        });
        expect(await response.text()).toContain("Votre message a bien été envoyé");
        const answered = Date.now();
        await waitUntil(server, () => smtp.messages.length > 0, "l'e-mail au bureau");
        expect(smtp.messages[0]!.to).toEqual(["bureau@jardins.example"]);
        expect(Date.now() - answered).toBeLessThan(2_500);
        expect(await server.stop()).toBe(0);
      } finally {
        await server.stop();
        await smtp.stop();
      }
    },
    PREPARED_START_MS,
  );
});
