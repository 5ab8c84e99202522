// `npm run bench:scale`: the site at the scale of ten years of a lively association (`npm run demo:large`: 2,000
// articles, 1,000 events, 5,000 ads, 3,000 applications, 500 messages), on the embedded database and, when
// BENCH_POSTGRES_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.
// - p50/p95 time to the last byte of each page, uncached (PAGE_CACHE_MB=0), 40 requests one after the other over
//   loopback after 3 to warm up: server time, as no network or browser is in it;
// - then, the server stopped, the queries behind the slowest pages, run again in this process and timed with
//   EXPLAIN ANALYZE; the plan of the slowest is printed (an index scan, not a scan of the whole table, is expected).
// Budget: p95 ≤ 100 ms for each page, and none growing with the number of items but the sitemap.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer } from "vite";
import { signIn } from "../tests/fuzz/session";
import { onEachDatabase } from "./lib/databases";
import { startServer } from "./server";

const REQUESTS = Number(process.env.REQUESTS ?? 40);
const PAGES = [
  { path: "/blog", route: "routes/public/blog" },
  { path: "/blog?page=150", route: "routes/public/blog" },
  { path: "/events", route: "routes/public/events" },
  { path: "/search?q=compost", route: "routes/public/search" },
  { path: "/sitemap.xml", route: "routes/resources/sitemap" },
  { path: "/admin/blog", route: "routes/admin/blog", admin: true },
  { path: "/admin/applications", route: "routes/admin/applications", admin: true },
  { path: "/admin", route: "routes/admin/dashboard", admin: true },
];
const root = path.resolve(import.meta.dirname, "..");
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Row {
  path: string;
  p50: number;
  p95: number;
  kb: number;
}

async function timePages(databaseUrl?: string): Promise<{ rows: Row[]; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-scale-"));
  const env = { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) };
  const filled = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo-large.ts"], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (filled.status !== 0) throw new Error(`demo:large a échoué :\n${filled.stdout}${filled.stderr}`);
  console.log(`  ${filled.stdout.trim()}`);
  const password = crypto.randomBytes(12).toString("base64url");
  const server = await startServer({
    dataDir,
    env: { ...env, PAGE_CACHE_MB: "0", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: password },
  });
  const rows: Row[] = [];
  try {
    await server.online;
    const cookie = await signIn(server.url, "bench", password);
    for (const page of PAGES) {
      const headers = page.admin ? { cookie } : undefined;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS + 3; i++) {
        const started = performance.now();
        const response = await fetch(server.url + page.path, { headers, redirect: "manual" });
        const body = await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${page.path} : statut ${response.status}`);
        if (i >= 3) times.push(elapsed);
        bytes = body.byteLength;
      }
      times.sort((a, b) => a - b);
      rows.push({ path: page.path, p50: quantile(times, 0.5), p95: quantile(times, 0.95), kb: bytes / 1024 });
    }
  } finally {
    await server.stop();
  }
  return { rows, dataDir };
}

/** The driver under Drizzle (PGlite, or a pg pool): both answer query(text, params) with { rows }. */
const clientOf = (db: object) =>
  (db as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;

/** The queries each page's loader runs, timed by EXPLAIN ANALYZE in this process; the slowest, with its plan. */
async function explainPages(dataDir: string, databaseUrl?: string) {
  process.env.DATA_DIR = dataDir;
  const captured: { sql: string; params: unknown[] }[] = [];
  // Route modules import components and their stylesheets: Vite loads them, as Vitest does, all in one module graph.
  const vite = await createServer({
    configFile: false,
    root,
    resolve: { alias: { "~": path.join(root, "app") } },
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "error",
  });
  const load = (file: string) => vite.ssrLoadModule(file);
  const { openDatabase, useDatabase } = (await load("/app/db/client.server.ts")) as typeof import("~/db/client.server");
  const { routeArgs } = (await load("/tests/routes.ts")) as typeof import("../tests/routes");
  const handle = await openDatabase({
    url: databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(dataDir, "db"),
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  useDatabase(handle);
  const timed: { page: string; sql: string; ms: number; plan: string }[] = [];
  try {
    for (const page of PAGES) {
      const route = await load(`/app/${page.route}${page.route.includes("resources") ? ".ts" : ".tsx"}`);
      captured.length = 0;
      const request = new Request(`http://localhost:3000${page.path}`);
      await route.loader(routeArgs(request, page.admin ? { admin: { id: 1, username: "bench" } } : {})).catch(() => {});
      const queries = captured.filter((q) => /^\s*(select|with)/i.test(q.sql));
      for (const query of queries) {
        const result = await clientOf(handle.db).query(`explain (analyze, format text) ${query.sql}`, query.params);
        const plan = result.rows.map((row) => Object.values(row)[0]).join("\n");
        const time = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
        timed.push({ page: page.path, sql: query.sql, ms: time, plan });
      }
    }
  } finally {
    useDatabase(undefined);
    await handle.close();
    await vite.close();
  }
  timed.sort((a, b) => b.ms - a.ms);
  console.log(`  requêtes exécutées par les pages : ${timed.length} ; les 5 plus lentes (EXPLAIN ANALYZE) :`);
  for (const query of timed.slice(0, 5))
    console.log(
      `    ${ms(query.ms).padStart(9)}  ${query.page.padEnd(20)} ${query.sql.replace(/\s+/g, " ").trim().slice(0, 100)}…`,
    );
  // PLANS=all: the plan of each page's slowest query, not only of the slowest of all.
  const shown = process.env.PLANS === "all" ? PAGES.map((page) => timed.find((q) => q.page === page.path)) : [timed[0]];
  for (const query of shown) {
    if (!query) continue;
    console.log(`  plan de la plus lente de ${query.page} :`);
    console.log(
      query.plan
        .split("\n")
        .map((line) => `    ${line}`)
        .join("\n"),
    );
  }
}

async function run(kind: string, databaseUrl?: string) {
  console.log(`\n${kind} — ${REQUESTS} requêtes par page, sans cache de pages :`);
  const { rows, dataDir } = await timePages(databaseUrl);
  console.log(`  ${"page".padEnd(22)}${"p50".padStart(10)}${"p95".padStart(10)}${"taille".padStart(10)}`);
  for (const row of rows)
    console.log(
      `  ${row.path.padEnd(22)}${ms(row.p50).padStart(10)}${ms(row.p95).padStart(10)}${`${row.kb.toFixed(0)} Ko`.padStart(10)}${row.p95 > 100 ? "  au-delà du budget" : ""}`,
    );
  await explainPages(dataDir, databaseUrl);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (!fs.existsSync(path.join(root, "build/server/index.js")))
  throw new Error("Construisez d'abord le site : npm run build");
console.log("Budget : p95 ≤ 100 ms par page, quel que soit le nombre d'articles (le plan du site excepté).");
await onEachDatabase(run);
