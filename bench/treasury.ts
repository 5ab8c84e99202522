// `npm run bench:treasury`: the treasurer's screens on a year of the book (bench/treasury-db.ts: 2,000 entries of this
// year, 400 of them the register's payments of 440 fees, 300 of last year, budgets), on the embedded database and,
// when BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.
// - p50/p95 time to the last byte of each screen, signed in, uncached (PAGE_CACHE_MB=0), 30 requests one after the
//   other over loopback after 3 to warm up; a screen not in the build (answered 404, or sent elsewhere) is said absent;
// - the year's accounts as a PDF and the entries as a CSV (the same), with their size;
// - the server's memory at the end (VmHWM, the most it held), under the production runtime's limits.
// Budgets: p95 ≤ 100 ms a screen, the PDF under 2 s, the server within 384 MiB.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onEachDatabase } from "./lib/databases";
import { memoryOf } from "./lib/memory";
import { signIn } from "../tests/fuzz/session";
import { startServer } from "./server";

const REQUESTS = Number(process.env.REQUESTS ?? 30);
const WARM_UP = 3;
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The treasury's screens, by the year filled; add a line for a new one. */
const screens = (year: number): { path: string; kind?: "pdf" | "csv"; budget?: number }[] => [
  { path: "/admin/tresorerie" },
  { path: `/admin/tresorerie/ecritures?annee=${year}` },
  { path: `/admin/tresorerie/ecritures?annee=${year}&sens=depense&moyen=cheque` },
  { path: "/admin/tresorerie/remises" },
  { path: "/admin/tresorerie/rapprochement" },
  { path: "/admin/tresorerie/recus" },
  { path: `/admin/tresorerie/comptes-annuels?annee=${year}` },
  { path: `/admin/tresorerie/budget?annee=${year + 1}` },
  { path: "/admin/tresorerie/parametres" },
  { path: `/admin/tresorerie/comptes-annuels/pdf?annee=${year}`, kind: "pdf", budget: 2000 },
  { path: `/admin/tresorerie/ecritures/export?annee=${year}`, kind: "csv", budget: 2000 },
];

/** The book's filler, in its own process: the embedded database is held by one process at a time. */
function fill(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/treasury-db.ts"], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`treasury-db a échoué :\n${child.stdout}${child.stderr}`);
  return JSON.parse(child.stdout.trim()) as { year: number; summary: string };
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-treasury-"));
  // No demo content: the book is the filler's alone.
  const env = { DATA_DIR: dataDir, SEED_DEMO: "false", ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  try {
    const started = performance.now();
    const { year, summary } = fill(env);
    console.log(`\n${label} — ${summary} ; rempli en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const password = crypto.randomBytes(12).toString("base64url");
    const server = await startServer({
      dataDir,
      env: { ...env, PAGE_CACHE_MB: "0", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: password },
    });
    try {
      await server.online;
      const cookie = await signIn(server.url, "bench", password);
      const origin = new URL(server.url).origin;
      console.log(`  ${"écran".padEnd(70)}${"p50".padStart(10)}${"p95".padStart(10)}${"taille".padStart(10)}`);
      for (const screen of screens(year)) {
        const post = screen.kind === "csv";
        const name = `${post ? "POST" : "GET"} ${screen.path}`;
        const times: number[] = [];
        let body = Buffer.alloc(0);
        let absent = false;
        for (let i = 0; i < WARM_UP + REQUESTS && !absent; i++) {
          const begun = performance.now();
          // The export answers a form's POST only, from this site (the same-origin check).
          const response = await fetch(server.url + screen.path, {
            method: post ? "POST" : "GET",
            headers: post ? { cookie, Origin: origin } : { cookie },
            body: post ? new URLSearchParams() : undefined,
            redirect: "manual",
          });
          body = Buffer.from(await response.arrayBuffer());
          const elapsed = performance.now() - begun;
          if (response.status === 404 || (response.status >= 300 && response.status < 400)) absent = true;
          else if (response.status !== 200) throw new Error(`${screen.path} : statut ${response.status}`);
          else if (screen.kind === "pdf" && response.headers.get("content-type") !== "application/pdf")
            throw new Error(`${screen.path} : pas de PDF`);
          else if (post && !response.headers.get("content-type")?.startsWith("text/csv"))
            throw new Error(`${screen.path} : pas de CSV`);
          if (i >= WARM_UP) times.push(elapsed);
        }
        if (absent) {
          console.log(`  ${name.padEnd(70)}${"absent de cette version".padStart(30)}`);
          continue;
        }
        times.sort((a, b) => a - b);
        const [p50, p95] = [quantile(times, 0.5), quantile(times, 0.95)];
        const kb = `${(body.length / 1024).toFixed(0)} Ko`;
        const detail =
          screen.kind === "csv"
            ? `  ${body.toString("utf8").trimEnd().split("\n").length - 1} lignes`
            : screen.kind === "pdf"
              ? `  ${(body.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length} pages`
              : "";
        const verdict = p95 > (screen.budget ?? 100) ? "  au-delà du budget" : "";
        console.log(
          `  ${name.padEnd(70)}${ms(p50).padStart(10)}${ms(p95).padStart(10)}${kb.padStart(10)}${detail}${verdict}`,
        );
      }
      const memory = memoryOf(server.process.pid!);
      console.log(
        `  mémoire du serveur au plus haut (VmHWM) : ${memory.peakMiB} Mio (RSS ${memory.rssMiB} Mio)` +
          (memory.peakMiB > 384 ? "  au-delà des 384 Mio" : ""),
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `Budgets : p95 ≤ 100 ms par écran, PDF et CSV ≤ 2 s, 384 Mio ; ${REQUESTS} requêtes par écran après ${WARM_UP} d'échauffement.`,
);
await onEachDatabase(run);
