// Random bodies sent to every action of the built server, then hostile addresses asked of every page, with the
// figures: inputs per action or page, answers in 5xx, connections dropped, and how often the server stopped (it is
// then restarted so that counting can go on).
// Usage: npm run build && npx tsx bench/fuzz.ts [inputs per action or page = 200] [seed]
import * as fc from "fast-check";
import crypto from "node:crypto";
import { describeQueryCase, queryCaseFor } from "../tests/fuzz/queries";
import {
  describeCase,
  describeOutcome,
  isFailure,
  prepare,
  sample,
  sendCase,
  sendQueryCase,
  sendSequence,
} from "../tests/fuzz/run";
import { startServer, tempDataDir, type ServerProcess } from "../tests/process/server";

const runs = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000);
const credentials = { username: "fuzz", password: crypto.randomBytes(12).toString("base64url") };
const dataDir = tempDataDir("potager-fuzz-");
const env = { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true" };

let server: ServerProcess = await startServer({ dataDir, env });
let crashes = 0;
async function alive() {
  if (server.child.exitCode === null && server.child.signalCode === null) return;
  crashes++;
  server = await startServer({ dataDir, env, port: server.port });
}

const { sessions, targets, pages, cookie } = await prepare(server.url, credentials);
console.log(`graine ${seed}, ${runs} entrées par action et par page, ${targets.length} actions, ${pages.length} pages`);
let total = 0;
let totalErrors = 0;
let totalDropped = 0;
for (const target of targets) {
  const statuses = new Map<string, number>();
  let errors = 0;
  let dropped = 0;
  const examples: string[] = [];
  const cases = sample(target, runs, seed);
  for (const [i, fuzz] of cases.entries()) {
    // One in ten goes in a sequence of four on one keep-alive connection.
    const outcomes =
      i % 10 === 0
        ? await sendSequence(server.url, sessions, target, cases.slice(i, i + 4))
        : [await sendCase(server.url, sessions, target, fuzz)];
    for (const outcome of outcomes) {
      const key = describeOutcome(outcome).split(" ")[0];
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (outcome.kind === "dropped") dropped++;
      else if (outcome.status >= 500) errors++;
      if (isFailure(outcome) && examples.length < 3)
        examples.push(`${describeOutcome(outcome)} ← ${describeCase(fuzz)}`);
    }
    total += outcomes.length;
    await alive();
  }
  totalErrors += errors;
  totalDropped += dropped;
  const summary = [...statuses]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  console.log(
    `${target.path.padEnd(22)} ${String(cases.length).padStart(4)} entrées   5xx ${String(errors).padStart(3)}   perdues ${String(dropped).padStart(3)}   ${summary}`,
  );
  for (const example of examples) console.log(`    ${example}`);
}
for (const page of pages) {
  const statuses = new Map<string, number>();
  let errors = 0;
  let dropped = 0;
  const examples: string[] = [];
  for (const fuzz of fc.sample(queryCaseFor(page), { numRuns: runs, seed })) {
    const outcome = await sendQueryCase(server.url, cookie, fuzz);
    const key = describeOutcome(outcome).split(" ")[0]!;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    // The weather's answer while its service is out of reach (none is, here) is a 503 by design.
    const unavailable = page.pattern === "/api/meteo" && outcome.kind === "response" && outcome.status === 503;
    if (outcome.kind === "dropped") dropped++;
    else if (outcome.status >= 500 && !unavailable) errors++;
    if (isFailure(outcome) && !unavailable && examples.length < 3)
      examples.push(`${describeOutcome(outcome)} ← ${describeQueryCase(fuzz)}`);
    total++;
    await alive();
  }
  totalErrors += errors;
  totalDropped += dropped;
  const summary = [...statuses]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  console.log(
    `GET ${page.pattern.padEnd(34)} ${String(runs).padStart(4)} adresses   5xx ${String(errors).padStart(3)}   perdues ${String(dropped).padStart(3)}   ${summary}`,
  );
  for (const example of examples) console.log(`    ${example}`);
}
await alive();
const health = await fetch(`${server.url}/healthz`).then(
  (r) => r.status,
  () => 0,
);
console.log(
  `total : ${total} requêtes, ${totalErrors} en 5xx, ${totalDropped} connexions perdues, ${crashes} arrêt(s) du serveur ; /healthz ${health}`,
);
await server.stop();
