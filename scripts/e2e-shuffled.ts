/**
 * The browser suite in another order: `npm run test:e2e:shuffled -- <seed> [playwright options]` copies every spec of
 * e2e/ into .e2e-order/, numbered in an order drawn from the seed (its imports pointing back to e2e/), and runs
 * Playwright there, so files meet other files on a worker's shared demo site than in the plain run. A spec that
 * passes only after another, or fails after one, shows here (docs/architecture.md, « Tests that never fail by chance »).
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inSeededOrder } from "./seeded-order";

const root = path.resolve(import.meta.dirname, "..");
const [seedArgument = String(crypto.randomInt(1_000_000)), ...playwrightArgs] = process.argv.slice(2);
const seed = Number(seedArgument);
if (!Number.isInteger(seed)) {
  console.error(`Graine illisible : « ${seedArgument} » (un entier).`);
  process.exit(2);
}

const specs = inSeededOrder(
  fs.readdirSync(path.join(root, "e2e")).filter((name) => name.endsWith(".spec.ts")),
  seed,
);
const dir = path.join(root, ".e2e-order");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir);
specs.forEach((name, index) => {
  const text = fs.readFileSync(path.join(root, "e2e", name), "utf8").replaceAll(/from "\.\//g, 'from "../e2e/');
  fs.writeFileSync(path.join(dir, `${String(index + 1).padStart(2, "0")}-${name}`), text);
});
console.log(`Graine ${seed} : ${specs.join(", ")}`);
const run = spawnSync("npx", ["playwright", "test", ...playwrightArgs], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_TEST_DIR: ".e2e-order" },
});
fs.rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
