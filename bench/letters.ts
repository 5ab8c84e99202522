// `npm run bench:letters`, to a local SMTP server, unthrottled (MAIL_RATE_PER_HOUR=0), on the embedded database (and
// on PostgreSQL with BENCH_POSTGRES_URL); BENCH_LETTERS=abonnes or =jardiniers runs one part only.
// Subscribers: a letter to 2,000 of them (SUBSCRIBERS=)
// - the pages' p50/p95 (/, /blog, /events, uncached) without any sending, then while the letter goes out;
// - the sending's throughput and the server's peak memory (VmHWM);
// - a second letter, the server killed (SIGKILL) halfway and started again: duplicates and losses counted from what
//   the SMTP server received, and the letter's own counts (« interrompu »).
// Gardeners: an information letter to 600 current gardeners (GARDENERS=), sent from its screen as the bureau does
// - the time the « Envoyer la lettre » form takes (the audience resolved and every message queued);
// - the letter's page and the home page (p50/p95, signed in, uncached) before and while the worker sends;
// - « Lettres à imprimer » for those without an address; the server's memory (RSS at the end, VmHWM).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onEachDatabase } from "./lib/databases";
import { startFakeSmtp, type FakeSmtp } from "../tests/fakes/smtp";
import { signIn } from "../tests/fuzz/session";
import { startServer } from "./server";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 2000);
const GARDENERS = Number(process.env.GARDENERS ?? 600);
const PART = process.env.BENCH_LETTERS ?? "";
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

function peakMemoryMb(pid: number, field: "VmHWM" | "VmRSS" = "VmHWM") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
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

/** One signed-in GET, read to the end; its time in ms. */
async function timedGet(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} : ${response.status}`);
  return performance.now() - started;
}

/** The letter's page and the home page, one after the other, until `until()` (at least `minimum` rounds). */
async function timeScreens(url: string, cookie: string, letterPath: string, until: () => boolean, minimum = 20) {
  const letter: number[] = [];
  const home: number[] = [];
  for (let round = 0; round < minimum || !until(); round++) {
    letter.push(await timedGet(url + letterPath, cookie));
    home.push(await timedGet(`${url}/`, cookie));
  }
  const figures = (times: number[]) => {
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), requests: times.length };
  };
  return { letter: figures(letter), home: figures(home) };
}

async function runGardeners(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-letters-"));
  const smtp = await startFakeSmtp();
  const admin = { username: "banc", password: "Banc-d-essai-des-lettres-2026" };
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Jardins partagés <contact@jardins.example>",
    MAIL_RATE_PER_HOUR: "0",
    PAGE_CACHE_MB: "0",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  try {
    // The schema, the first account and the demo, then the register filled while the server is stopped.
    let server = await startServer({ dataDir, env });
    await server.online;
    await server.stop();
    const [id, emails] = database(env, "gardeners", String(GARDENERS)).split(" ");
    const queued = Number(emails);
    server = await startServer({ dataDir, env });
    await server.online;
    const startRss = peakMemoryMb(server.process.pid!, "VmRSS");
    const cookie = await signIn(server.url, admin.username, admin.password);
    const letterPath = `/admin/lettre/${id}`;
    // A few rounds first: the first requests of a route compile its code.
    await timeScreens(server.url, cookie, letterPath, () => true, 5);
    const quiet = await timeScreens(server.url, cookie, letterPath, () => true, 40);

    // « Envoyer la lettre », as the screen posts it.
    const form = new URLSearchParams([
      ["subject", "Journée de travail collectif samedi"],
      [
        "message",
        "<p>Bonjour à toutes et à tous,</p><p>La journée de travail collectif aura lieu samedi à 9 h : paillage des allées, réparation du récupérateur d'eau et taille de la haie. Apportez gants et sécateur, la soupe est offerte à midi.</p>",
      ],
      ["presents", "non"],
      ["gardeners", "actuels"],
      ["nature", "information"],
      ["intent", "send"],
      ["confirm", "on"],
    ]);
    const started = performance.now();
    const sent = await fetch(server.url + letterPath, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: server.url },
      redirect: "manual",
    });
    const queueMs = performance.now() - started;
    if (!sent.headers.get("Location")?.endsWith("?fait=envoi"))
      throw new Error(`la lettre n'est pas partie : ${sent.status} ${sent.headers.get("Location")}`);
    const sendingStarted = performance.now();
    const arrived = () => smtp.messages.length >= queued;
    const busy = await timeScreens(server.url, cookie, letterPath, arrived, 10);
    await waitFor(arrived, 600_000);
    const seconds = (performance.now() - sendingStarted) / 1000;
    const prints: number[] = [];
    for (let i = 0; i < 7; i++) prints.push(await timedGet(`${server.url}${letterPath}/imprimer`, cookie));
    const printMs = quantile(
      prints.sort((a, b) => a - b),
      0.5,
    );
    const printed = await fetch(`${server.url}${letterPath}/imprimer`, { headers: { Cookie: cookie } })
      .then((r) => r.text())
      .then((html) => (html.match(/<article /g) ?? []).length);
    const rss = peakMemoryMb(server.process.pid!, "VmRSS");
    const peak = peakMemoryMb(server.process.pid!);
    await server.stop();
    const report = JSON.parse(database(env, "report", id!)) as Record<string, number | string>;

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const line = (name: string, f: { p50: number; p95: number; requests: number }) =>
      `${name} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  (${f.requests} requêtes)`;
    console.log(
      `\n${label} — lettre d'information à ${report.gardenerCount} jardiniers actuels, envoi sans limite de rythme`,
    );
    console.log(
      `  « Envoyer la lettre » (destinataires arrêtés et mis en file) : ${ms(queueMs)} — ${report.total} e-mails, ` +
        `${printed} lettres à imprimer, ${report.optedOut} désabonnés laissés de côté`,
    );
    console.log(`  avant l'envoi   ${line("page de la lettre", quiet.letter)}   ${line("accueil", quiet.home)}`);
    console.log(`  pendant l'envoi ${line("page de la lettre", busy.letter)}   ${line("accueil", busy.home)}`);
    console.log(
      `  envoi : ${queued} messages en ${seconds.toFixed(1)} s, ${(queued / seconds).toFixed(0)} messages/s ; ` +
        `la lettre compte envoyés ${report.sent}, statut ${report.status}`,
    );
    console.log(`  « Lettres à imprimer » (${printed} pages) : ${ms(printMs)} (médiane de 7)`);
    console.log(
      `  mémoire du serveur (RSS) : ${startRss.toFixed(0)} Mio au départ, ${rss.toFixed(0)} Mio à la fin, ${peak.toFixed(0)} Mio au plus haut (VmHWM)`,
    );
  } finally {
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (PART !== "jardiniers") await onEachDatabase(run, "PGlite");
if (PART !== "abonnes") await onEachDatabase(runGardeners, "PGlite");
