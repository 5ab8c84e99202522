// Host mode's figures (issue 49, decision 039): N associations with the demo served by one process. Prints the
// process's memory at rest with one association and with N, the first request to each association (its pool empty,
// its cache empty) once the jobs' first minute is over, and the PostgreSQL connections held at rest.
// Usage: npm run build && npx tsx bench/host.ts [N=100]
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { memoryOf } from "./lib/memory";
import { startServer } from "./server";

const count = Number(process.argv[2] ?? 100);
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const stamp = `${process.pid}_${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-bench-host-"));

const urlOf = (name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};
async function onServer<T>(work: (client: Client) => Promise<T>, database = new URL(base).pathname.slice(1)) {
  const client = new Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const registries = [`potager_bench_host_${stamp}`, `potager_bench_one_${stamp}`];
for (const name of registries) await onServer((c) => c.query(`create database ${name}`));

// The associations, made by the hoster's own code: the first with the demo, exported, then imported N − 1 times.
process.env.HOST_DATABASE_URL = urlOf(registries[0]!);
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "warn";
const { createHostedAssociation, exportHostedAssociation, importHostedAssociation } =
  await import("../app/startup/host-commands.server");
const { associationDatabaseName, openRegistry } = await import("../app/startup/host-registry.server");
const hostOf = (i: number) => `jardins-${i}.bench.example`;
const made = performance.now();
await createHostedAssociation({ host: hostOf(1), name: "Jardins 1", email: "bureau@bench.example", demo: true });
const archive = path.join(dataDir, "demo.tar.gz");
await exportHostedAssociation(hostOf(1), archive);
for (let i = 2; i <= count; i++)
  await importHostedAssociation({ host: hostOf(i), name: `Jardins ${i}`, file: archive });
console.log(`${count} associations créées avec la démo en ${Math.round((performance.now() - made) / 1000)} s`);
// The one-association reference: the first association alone in a registry of its own.
const registry = await openRegistry(urlOf(registries[0]!));
const alone = await openRegistry(urlOf(registries[1]!));
await alone.add((await registry.byHost(hostOf(1)))!);
await alone.close();

const get = (port: number, host: string) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: { Host: host } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
      })
      .on("error", reject);
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 15_000));
const connectionsHeld = () =>
  onServer(async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname like 'potager\\_%' and datname not like 'potager\\_bench%' and datname not like 'potager\\_test%' and datname not like 'potager\\_template%'",
    );
    return rows[0]!.n;
  });

const one = await startServer({ dataDir, env: { HOST_DATABASE_URL: urlOf(registries[1]!) } });
await one.online;
await get(Number(new URL(one.url).port), hostOf(1));
await settle();
const aloneMiB = memoryOf(one.process.pid!).rssMiB;
await one.stop();

const all = await startServer({ dataDir, env: { HOST_DATABASE_URL: urlOf(registries[0]!) } });
await all.online;
// Each association's jobs first run at a random moment of their first minute: the figures are those after it.
await new Promise((resolve) => setTimeout(resolve, 75_000));
const atRest = memoryOf(all.process.pid!).rssMiB;
const heldAtRest = await connectionsHeld();
const port = Number(new URL(all.url).port);
const firsts: number[] = [];
for (let i = 1; i <= count; i++) {
  const answer = await get(port, hostOf(i));
  if (answer.status !== 200) throw new Error(`${hostOf(i)} : ${answer.status}`);
  firsts.push(answer.ms);
}
await settle();
const visited = memoryOf(all.process.pid!).rssMiB;
const heldAfter = await connectionsHeld();
await all.stop();

firsts.sort((a, b) => a - b);
const at = (q: number) => Math.round(firsts[Math.min(firsts.length - 1, Math.floor(q * firsts.length))]!);
const perAssociation = (atRest - aloneMiB) / Math.max(1, count - 1);
console.log(`RSS au repos, 1 association : ${aloneMiB} Mio`);
console.log(
  `RSS au repos, ${count} associations : ${atRest} Mio (${perAssociation.toFixed(1)} Mio par association au-delà de la première)`,
);
console.log(`RSS après une visite de chacune, puis 15 s : ${visited} Mio`);
console.log(`première requête de chaque association : médiane ${at(0.5)} ms, 90 % ${at(0.9)} ms, max ${at(1)} ms`);
console.log(
  `connexions PostgreSQL des associations au repos : ${heldAtRest} au démarrage, ${heldAfter} après les visites`,
);
console.log(
  `objectifs : ≤ 600 Mio en tout ${atRest <= 600 ? "tenu" : "DÉPASSÉ"}, ≤ 4 Mio par association ${perAssociation <= 4 ? "tenu" : "DÉPASSÉ"}, première requête ≤ 300 ms ${at(1) <= 300 ? "tenue" : "DÉPASSÉE"}`,
);

const created = await registry.list();
await registry.close();
await onServer(async (client) => {
  for (const { id } of created)
    await client.query(`drop database if exists ${associationDatabaseName(id)} with (force)`);
  for (const name of registries) await client.query(`drop database if exists ${name} with (force)`);
});
fs.rmSync(dataDir, { recursive: true, force: true });
