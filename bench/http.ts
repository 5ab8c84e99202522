// Server-rendered home page under load: requests per second, latency and memory of the server process.
// Usage: npm run build && npx tsx bench/http.ts [path] [connections] [seconds] [node flags for the server…]
// ACCEPT_ENCODING="gzip, deflate, br, zstd" sends what Chromium sends, so the server compresses each page.
import { measureAgainstCeiling } from "./lib/ceiling";
import { load } from "./lib/load";
import { startServer } from "./server";

const [target = "/", connections = "32", seconds = "15", ...nodeArgs] = process.argv.slice(2);
// The first start creates the database and the demo content; the measured server is a restart, as in production.
const first = await startServer();
// Once online: /healthz answers before the demo content is made, and a stop then left the restart to make it.
await first.online;
await first.stop();
const server = await startServer({ dataDir: first.dataDir, nodeArgs });
const headers: Record<string, string> = process.env.ACCEPT_ENCODING
  ? { "accept-encoding": process.env.ACCEPT_ENCODING }
  : {};
try {
  const result = await load(server.url + target, {
    pid: server.process.pid!,
    connections: Number(connections),
    seconds: Number(seconds),
    headers,
  });
  console.log(
    `${target} — ${connections} connexions, ${seconds} s${headers["accept-encoding"] ? `, Accept-Encoding: ${headers["accept-encoding"]}` : ""}`,
  );
  console.log(`  débit : ${result.requestsPerSecond} req/s (${result.non2xx} hors 2xx, ${result.errors} erreurs)`);
  console.log(`  latence : p50 ${result.p50} ms, p99 ${result.p99} ms`);
  console.log(`  mémoire du serveur (RSS) : pic ${result.peakRssMiB} MiB`);
  console.log(`  budget : ≥ 330 req/s, p99 ≤ 100 ms, tenir dans 384 MiB`);
  const encoding = headers["accept-encoding"] ?? "gzip, deflate, br, zstd";
  console.log(
    `\nLe plafond de la machine : wrk, ${connections} connexions, ${seconds} s, Accept-Encoding: ${encoding}`,
  );
  await measureAgainstCeiling(server.url + target, {
    connections: Number(connections),
    seconds: Number(seconds),
    headers: { "accept-encoding": encoding },
    label: `Potager, ${target} gardée en mémoire`,
  });
} finally {
  await server.stop();
}
