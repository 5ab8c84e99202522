// Random bodies sent to every action of the built server, with the figures: inputs per action, answers in 5xx,
// connections dropped, and how often the server stopped (it is then restarted so that counting can go on).
// Usage: npm run build && npx tsx bench/fuzz.ts [inputs per action = 200] [seed]
import crypto from "node:crypto";
import { prepare, isFailure, describeCase, describeOutcome, sample, sendCase, sendSequence } from "../tests/fuzz/run";
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

const { sessions, targets } = await prepare(server.url, credentials);
console.log(`graine ${seed}, ${runs} entrées par action, ${targets.length} actions`);
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
await alive();
const health = await fetch(`${server.url}/healthz`).then(
  (r) => r.status,
  () => 0,
);
console.log(
  `total : ${total} requêtes, ${totalErrors} en 5xx, ${totalDropped} connexions perdues, ${crashes} arrêt(s) du serveur ; /healthz ${health}`,
);
await server.stop();
