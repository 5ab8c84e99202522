import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { fileURLToPath } from "node:url";
import { inSeededOrder } from "./scripts/seeded-order";

/** Files that run the built server or the tools as processes: minutes each, so first, never one alone at the end. */
const RUNS_PROCESSES = /\/tests\/process\/|\/scripts\/[^/]+\.test\.ts$/;

class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const { shuffle, seed } = this.ctx.config.sequence;
    // `--sequence.shuffle --sequence.seed=N`: each group in an order drawn from the seed (the default sequencer's
    // would be replaced by this one), so that a file depending on another's leftovers shows.
    const sorted = shuffle
      ? inSeededOrder(
          [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1)),
          seed,
        )
      : await super.sort(files);
    const slow = (spec: TestSpecification) => RUNS_PROCESSES.test(spec.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((spec) => !slow(spec))];
  }
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["tests/setup.ts"],
    globalSetup: ["tests/global-setup.ts"],
    sequence: { sequencer: ProcessesFirst },
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default on 2 cores is one file at a time; most files wait on a database, a spawned server or a
    // timer, so several at once finish the suite sooner: on a quiet two-core machine, 480 s with three, 456 with four.
    maxWorkers: 4,
    // PGlite's WebAssembly as `npm start` runs it (decision 007): a test file's process ends before the optimising
    // compiler's work on PGlite pays back. 21 % less CPU for the database's integration tests.
    execArgv: ["--liftoff-only"],
    // drizzle-orm's package.json is 179 KB of export paths, and Node reads its package scope for each of the
    // hundreds of files a test file loads, 5 ms each; Vite's module runner loads it without asking. A third less CPU
    // for an integration test file.
    server: { deps: { inline: ["drizzle-orm"] } },
  },
});
