// `npm run bench:letters`: a letter to 2,000 subscribers, unthrottled (MAIL_RATE_PER_HOUR=0), to a local SMTP
// server, on the embedded database (and on PostgreSQL with BENCH_POSTGRES_URL):
// - the pages' p50/p95 (/, /blog, /events, uncached) without any sending, then while the letter goes out;
// - the sending's throughput and the server's peak memory (VmHWM);
// - a second letter, the server killed (SIGKILL) halfway and started again: duplicates and losses counted from what
//   the SMTP server received, and the letter's own counts (« interrompu »).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onEachDatabase } from "./lib/databases";
import { startFakeSmtp, type FakeSmtp } from "../tests/fakes/smtp";
import { startServer } from "./server";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 2000);
const PAGES = ["/", "/blog", "/events"];
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function database(env: Record<string, string>, ...args: string[]) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/letters-db.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`letters-db ${args[0]} a échoué :\n${child.stdout}${child.stderr}`);
  return child.stdout.trim();
}

/** Requests the pages one after the other until `until()` is true (at least `minimum` rounds); p50/p95 in ms. */
async function timePages(url: string, until: () => boolean, minimum = 20) {
  const times: number[] = [];
  for (let round = 0; round < minimum || !until(); round++) {
    for (const page of PAGES) {
      const started = performance.now();
      const response = await fetch(url + page);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), requests: times.length };
}

function peakMemoryMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024;
}

const received = (smtp: FakeSmtp, subject: string) =>
  smtp.messages.filter((m) => m.raw.includes(subject)).flatMap((m) => m.to);

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("délai dépassé");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-letters-"));
  const smtp = await startFakeSmtp();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Jardins partagés <contact@jardins.example>",
    MAIL_RATE_PER_HOUR: "0",
    PAGE_CACHE_MB: "0",
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  try {
    // Without a sending: the demo's pages, the baseline.
    let server = await startServer({ dataDir, env });
    await server.online;
    const quiet = await timePages(server.url, () => true, 40);
    await server.stop();

    // A letter to SUBSCRIBERS addresses, queued while the server is stopped, sent as soon as it starts.
    const first = "Chantier collectif samedi matin";
    database(env, "seed", String(SUBSCRIBERS), first);
    server = await startServer({ dataDir, env });
    const started = performance.now();
    const busy = await timePages(server.url, () => received(smtp, first).length >= SUBSCRIBERS);
    await waitFor(() => received(smtp, first).length >= SUBSCRIBERS, 600_000);
    const seconds = (performance.now() - started) / 1000;
    const peak = peakMemoryMb(server.process.pid!);
    await server.stop();

    // A second letter, the server killed halfway.
    const second = "Ordre du jour de la prochaine AG";
    const secondId = database(env, "seed", String(SUBSCRIBERS), second);
    server = await startServer({ dataDir, env });
    await waitFor(() => received(smtp, second).length >= SUBSCRIBERS / 2, 600_000);
    server.process.kill("SIGKILL");
    await new Promise((r) => server.process.once("exit", r));
    const atKill = received(smtp, second).length;
    server = await startServer({ dataDir, env });
    // Done when nothing more arrives for 3 s after the server restarted.
    let last = -1;
    while (received(smtp, second).length !== last) {
      last = received(smtp, second).length;
      await new Promise((r) => setTimeout(r, 3000));
    }
    await server.stop();
    const report = JSON.parse(database(env, "report", secondId)) as Record<string, number | string>;
    const copies = new Map<string, number>();
    for (const to of received(smtp, second)) copies.set(to, (copies.get(to) ?? 0) + 1);
    const duplicates = [...copies.values()].filter((n) => n > 1).length;
    const lost = SUBSCRIBERS - copies.size;

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`\n${label} — ${SUBSCRIBERS} abonnés, envoi sans limite de rythme`);
    console.log(`  pages sans envoi      p50 ${ms(quiet.p50)}  p95 ${ms(quiet.p95)}  (${quiet.requests} requêtes)`);
    console.log(`  pages pendant l'envoi p50 ${ms(busy.p50)}  p95 ${ms(busy.p95)}  (${busy.requests} requêtes)`);
    console.log(
      `  envoi : ${SUBSCRIBERS} messages en ${seconds.toFixed(1)} s, ${(SUBSCRIBERS / seconds).toFixed(0)} messages/s`,
    );
    console.log(`  mémoire du serveur au plus haut (VmHWM) : ${peak.toFixed(0)} Mio`);
    console.log(
      `  kill -9 à ${atKill}/${SUBSCRIBERS} : reçus ${copies.size} adresses, doublons ${duplicates}, pertes ${lost}` +
        ` ; la lettre compte envoyés ${report.sent}, interrompus ${report.interrupted}, statut ${report.status}`,
    );
  } finally {
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run, "PGlite");
