// What the screen benches share (bench/plots.ts, bench/treasury.ts, bench/garden-space.ts): a filler run in its own
// process (the embedded database is held by one process at a time), the server started on what it filled, uncached,
// and each screen timed one request after the other over loopback: server time, as no network or browser is in it.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { memoryOf } from "./memory";
import { startServer } from "../server";

export const REQUESTS = Number(process.env.REQUESTS ?? 30);
export const WARM_UP = 3;
const root = path.resolve(import.meta.dirname, "../..");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A screen to time: a page by default, a CSV export (a form's POST from this site) or a PDF; its p95 budget in ms. */
export interface Screen {
  path: string;
  kind?: "pdf" | "csv";
  budget?: number;
}

/** Runs `bench/<script>` on the database `env` names and returns what it printed last, as JSON. */
function fill<Filled>(script: string, env: Record<string, string>): Filled {
  const child = spawnSync(process.execPath, ["--import", "tsx", `bench/${script}`], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`${script} a échoué :\n${child.stdout}${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Filled;
}

/** Each screen's p50, p95 and size, one line each; a screen not in the build (404, or sent elsewhere) is said absent. */
async function timeScreens(url: string, cookie: string, screens: Screen[], width: number) {
  const origin = new URL(url).origin;
  console.log(`  ${"écran".padEnd(width)}${"p50".padStart(10)}${"p95".padStart(10)}${"taille".padStart(10)}`);
  for (const screen of screens) {
    const post = screen.kind === "csv";
    const name = `${post ? "POST" : "GET"} ${screen.path}`;
    const times: number[] = [];
    let body = Buffer.alloc(0);
    let absent = false;
    for (let i = 0; i < WARM_UP + REQUESTS && !absent; i++) {
      const begun = performance.now();
      // The exports answer a form's POST only, from this site (the same-origin check).
      const response = await fetch(url + screen.path, {
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
      console.log(`  ${name.padEnd(width)}${"absent de cette version".padStart(30)}`);
      continue;
    }
    times.sort((a, b) => a - b);
    const [p50, p95] = [quantile(times, 0.5), quantile(times, 0.95)];
    const kb = `${(body.length / 1024).toFixed(0)} Ko`;
    // One line per row, the header's included (a cell's line breaks are inside quotes: none in these files).
    const detail =
      screen.kind === "csv"
        ? `  ${body.toString("utf8").trimEnd().split("\n").length - 1} lignes`
        : screen.kind === "pdf"
          ? `  ${(body.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length} pages`
          : "";
    const verdict = p95 > (screen.budget ?? 100) ? "  au-delà du budget" : "";
    console.log(
      `  ${name.padEnd(width)}${ms(p50).padStart(10)}${ms(p95).padStart(10)}${kb.padStart(10)}${detail}${verdict}`,
    );
  }
}

/**
 * One bench run on a database (`databaseUrl`, else the embedded one in a new folder): `filler` fills it, the server
 * starts on it without demo content nor page cache, `cookie` signs in (an administrator created with a random
 * password, or what the filler opened), and the screens are timed; then the server's peak memory.
 */
export async function benchScreens<Filled extends { summary: string }>(
  label: string,
  databaseUrl: string | undefined,
  bench: {
    /** bench/ scripts run in turn; the last one's JSON is what the bench gets. */
    filler: string | string[];
    screens: (filled: Filled) => Screen[];
    cookie: (server: { url: string }, filled: Filled, admin: { username: string; password: string }) => Promise<string>;
    width?: number;
  },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-bench-"));
  const env = { DATA_DIR: dataDir, SEED_DEMO: "false", ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  try {
    const started = performance.now();
    const summaries: string[] = [];
    let filled!: Filled;
    for (const script of [bench.filler].flat()) {
      filled = fill<Filled>(script, env);
      summaries.push(filled.summary);
    }
    console.log(
      `\n${label} — ${summaries.join(" ; ")} ; rempli en ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const admin = { username: "bench", password: crypto.randomBytes(12).toString("base64url") };
    const server = await startServer({
      dataDir,
      env: { ...env, PAGE_CACHE_MB: "0", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    });
    try {
      await server.online;
      const cookie = await bench.cookie(server, filled, admin);
      await timeScreens(server.url, cookie, bench.screens(filled), bench.width ?? 60);
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
