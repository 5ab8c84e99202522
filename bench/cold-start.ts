// Cold start of the built server: first start on an empty data directory (database creation, migrations,
// demo content), then restarts on the same directory, which is what a reboot or a deployment costs.
// Usage: npm run build && npx tsx bench/cold-start.ts
import { startServer } from "./server";

const first = await startServer();
console.log(`premier démarrage (base neuve + démo) : ${Math.round(first.readyMs)} ms`);
await first.stop();

const runs: number[] = [];
for (let i = 0; i < 5; i++) {
  const server = await startServer({ dataDir: first.dataDir });
  runs.push(server.readyMs);
  await server.stop();
}
runs.sort((a, b) => a - b);
console.log(
  `redémarrage (5 essais) : médiane ${Math.round(runs[2])} ms, min ${Math.round(runs[0])} ms, max ${Math.round(runs[4])} ms`,
);
console.log(`budget : 2000 ms — ${runs[2] <= 2000 ? "respecté" : "DÉPASSÉ"}`);
