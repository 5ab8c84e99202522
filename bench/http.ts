// Server-rendered home page under load: requests per second, latency and memory of the server process.
// Usage: npm run build && npx tsx bench/http.ts [path] [connections] [seconds] [node flags for the server…]
// ACCEPT_ENCODING="gzip, deflate, br, zstd" sends what Chromium sends, so the server compresses each page.
import fs from "node:fs";
import autocannon from "autocannon";
import { startServer } from "./server";

const [target = "/", connections = "32", seconds = "15", ...nodeArgs] = process.argv.slice(2);
// The first start creates the database and the demo content; the measured server is a restart, as in production.
const first = await startServer();
await first.stop();
const server = await startServer({ dataDir: first.dataDir, nodeArgs });
const pid = server.process.pid!;

function rssMiB() {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

// Warm-up: JIT, caches, database pages.
const headers: Record<string, string> = process.env.ACCEPT_ENCODING ? { "accept-encoding": process.env.ACCEPT_ENCODING } : {};
await autocannon({ url: server.url + target, connections: 8, duration: 3, headers });
let peakRss = rssMiB();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB())), 200);
const result = await autocannon({ url: server.url + target, connections: Number(connections), duration: Number(seconds), headers });
clearInterval(sampler);
await server.stop();

console.log(`${target} — ${connections} connexions, ${seconds} s${headers["accept-encoding"] ? `, Accept-Encoding: ${headers["accept-encoding"]}` : ""}`);
console.log(`  débit : ${Math.round(result.requests.average)} req/s (${result.requests.total} requêtes, ${result.non2xx} hors 2xx, ${result.errors} erreurs)`);
console.log(`  latence : p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
console.log(`  mémoire du serveur (RSS) : pic ${Math.round(peakRss)} MiB`);
console.log(`  budget : ≥ 330 req/s, p99 ≤ 100 ms, ≤ 200 MiB`);
