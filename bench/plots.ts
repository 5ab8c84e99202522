// `npm run bench:plots`: the « Parcelles » back-office at the scale of ten years (bench/plots-db.ts: 4 sites, 400
// plots, 600 gardeners, three years of fees, twelve monthly rounds per site), on the embedded database and, when
// BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.
// - p50/p95 time to the last byte of each screen and CSV export, signed in, 30 requests one after the other over
//   loopback after 3 to warm up: server time, as no network or browser is in it;
// - the size of each answer (the CSV files' rows too), and the server's peak memory (VmHWM) at the end.
// Budget: p95 ≤ 100 ms for each screen.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onEachDatabase } from "./lib/databases";
import { signIn } from "../tests/fuzz/session";
import { memoryOf } from "./lib/memory";
import { startServer } from "./server";

const REQUESTS = Number(process.env.REQUESTS ?? 30);
const WARM_UP = 3;
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The register's filler, in its own process: the embedded database is held by one process at a time. */
function fill(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/plots-db.ts"], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`plots-db a échoué :\n${child.stdout}${child.stderr}`);
  return JSON.parse(child.stdout.trim()) as { siteId: number; search: string; summary: string };
}

async function run(label: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-plots-"));
  // No demo content: the register is the filler's alone (the demo's has two sites of its own).
  const env = { DATA_DIR: dataDir, SEED_DEMO: "false", ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  try {
    const started = performance.now();
    const { siteId, search, summary } = fill(env);
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
      const screens = [
        { path: "/admin/parcelles" },
        { path: `/admin/parcelles/jardins/${siteId}` },
        { path: "/admin/jardiniers" },
        { path: `/admin/jardiniers?q=${search}` },
        { path: "/admin/cotisations" },
        { path: `/admin/parcelles/jardins/${siteId}/imprimer` },
        { path: "/admin/jardiniers/export", csv: true },
        { path: "/admin/parcelles/export", csv: true },
        { path: "/admin/cotisations/export", csv: true },
      ];
      console.log(`  ${"écran".padEnd(42)}${"p50".padStart(10)}${"p95".padStart(10)}${"taille".padStart(10)}`);
      for (const screen of screens) {
        const times: number[] = [];
        let body = "";
        for (let i = 0; i < WARM_UP + REQUESTS; i++) {
          const begun = performance.now();
          // The exports answer a form's POST only, from this site (the same-origin check).
          const response = await fetch(server.url + screen.path, {
            method: screen.csv ? "POST" : "GET",
            headers: screen.csv ? { cookie, Origin: origin } : { cookie },
            body: screen.csv ? new URLSearchParams() : undefined,
            redirect: "manual",
          });
          body = await response.text();
          const elapsed = performance.now() - begun;
          if (response.status !== 200) throw new Error(`${screen.path} : statut ${response.status}`);
          if (screen.csv && !response.headers.get("content-type")?.startsWith("text/csv"))
            throw new Error(`${screen.path} : pas de CSV`);
          if (i >= WARM_UP) times.push(elapsed);
        }
        times.sort((a, b) => a - b);
        const [p50, p95] = [quantile(times, 0.5), quantile(times, 0.95)];
        const kb = `${(Buffer.byteLength(body) / 1024).toFixed(0)} Ko`;
        // One line per row, the header's included (a cell's line breaks are inside quotes: none in these files).
        const rows = screen.csv ? `  ${body.trimEnd().split("\n").length - 1} lignes` : "";
        const verdict = p95 > 100 ? "  au-delà du budget" : "";
        const name = `${screen.csv ? "POST" : "GET"} ${screen.path}`;
        console.log(
          `  ${name.padEnd(42)}${ms(p50).padStart(10)}${ms(p95).padStart(10)}${kb.padStart(10)}${rows}${verdict}`,
        );
      }
      const memory = memoryOf(server.process.pid!);
      console.log(`  mémoire du serveur au plus haut (VmHWM) : ${memory.peakMiB} Mio (RSS ${memory.rssMiB} Mio)`);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Budget : p95 ≤ 100 ms par écran ; ${REQUESTS} requêtes par écran après ${WARM_UP} d'échauffement.`);
await onEachDatabase(run);
