import { expect, it, onTestFinished, vi } from "vitest";
import { describeEachDatabase } from "../../tests/db";
import { startJobs, type Job } from "./jobs.server";
import { logger } from "./logger.server";

/** A promise and the function that settles it: a run that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const waitFor = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 5 });

describeEachDatabase("the job runner", () => {
  it("never runs a job twice at once, and its next run waits for the end of the last plus its period", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: Job = {
      name: "test",
      everyMs: 10,
      async run() {
        runs++;
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running--;
      },
    };
    const runner = startJobs([job]);
    onTestFinished(() => runner.stop());
    // A run asked for while one is under way is that run, not a second one.
    await Promise.all([runner.runNow("test"), runner.runNow("test"), runner.runNow("test")]);
    await waitFor(() => runs >= 4);
    expect(most).toBe(1);
  });

  it("hosted, runs no job more often than asked, and runNow at once", async () => {
    const started: number[] = [];
    const job: Job = { name: "fréquente", everyMs: 5, run: async () => void started.push(performance.now()) };
    const runner = startJobs([job], { atMostEveryMs: 200 });
    onTestFinished(() => runner.stop());
    await waitFor(() => started.length >= 3);
    // Every 5 ms, its runs would be 5 ms apart.
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(195);
    expect(started[2]! - started[1]!).toBeGreaterThanOrEqual(195);
    const before = started.length;
    await runner.runNow("fréquente");
    expect(started.length).toBe(before + 1);
  });

  it("stop() waits for the run in progress, and no run starts after it", async () => {
    const release = gate();
    let ended = false;
    let runs = 0;
    let aborted = false;
    const runner = startJobs([
      {
        name: "longue",
        everyMs: 5,
        async run(signal) {
          runs++;
          signal.addEventListener("abort", () => (aborted = true));
          await release.opened;
          ended = true;
        },
      },
    ]);
    await waitFor(() => runs === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The run was told, and the stop waits for it.
    expect(aborted).toBe(true);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(ended).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(1);
  });

  it("starts no run once the stop has begun, not even one whose claim was under way", async () => {
    let runs = 0;
    const runner = startJobs([
      { name: "tardive", everyMs: 60_000, firstAfterMs: 60_000, once: true, run: async () => void runs++ },
    ]);
    const asked = runner.runNow("tardive");
    await runner.stop();
    await asked;
    expect(runs).toBe(0);
  });

  it("brings first runs forward to firstRunWithinMs, never makes one later", async () => {
    const started: string[] = [];
    const job = (name: string, firstAfterMs: number): Job => ({
      name,
      everyMs: 60_000,
      firstAfterMs,
      run: async () => void started.push(name),
    });
    const runner = startJobs([job("dans une heure", 3_600_000), job("tout de suite", 0)], { firstRunWithinMs: 20 });
    onTestFinished(() => runner.stop());
    await waitFor(() => started.length === 2);
    expect(started).toEqual(["tout de suite", "dans une heure"]);
  });

  it("says a failing job once, runs it again at its period, and says when it works again", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    let runs = 0;
    const runner = startJobs([
      {
        name: "fragile",
        everyMs: 5,
        run: async () => {
          runs++;
          if (runs <= 3) throw new Error("injoignable");
          return runs;
        },
        report: (n) => (n === 4 ? { n } : undefined),
      },
    ]);
    onTestFinished(() => runner.stop());
    await waitFor(() => runs >= 5);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ job: "fragile" });
    expect(info.mock.calls.map((call) => call[1])).toEqual(
      expect.arrayContaining(["tâche de nouveau possible", "tâche « fragile » faite"]),
    );
    // Only the run whose report had something to say is logged as done.
    expect(info.mock.calls.filter((call) => call[1] === "tâche « fragile » faite")).toHaveLength(1);
  });

  it("waits what the job asks after a run: at once after a full batch, its period otherwise", async () => {
    const starts: number[] = [];
    const runner = startJobs([
      {
        name: "lots",
        everyMs: 60_000,
        nextAfterMs: (full: boolean) => (full ? 0 : 60_000),
        run: async () => {
          starts.push(Date.now());
          return starts.length < 3;
        },
      },
    ]);
    onTestFinished(() => runner.stop());
    await waitFor(() => starts.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toHaveLength(3);
  });

  it("runs a once-only job on one instance of two sharing the database, once per period", async () => {
    const runs: string[] = [];
    const job = (instance: string): Job => ({
      name: "unique",
      everyMs: 400,
      once: true,
      run: async () => {
        runs.push(instance);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    const first = startJobs([job("a")]);
    const second = startJobs([job("b")]);
    onTestFinished(() => Promise.all([first.stop(), second.stop()]).then(() => undefined));
    // Both start at once: one of them takes the run.
    await waitFor(() => runs.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toHaveLength(1);
    // Asked again within half a period, the other declines too.
    await Promise.all([first.runNow("unique"), second.runNow("unique")]);
    expect(runs).toHaveLength(1);
    // A period later, one of them runs it again, once.
    await waitFor(() => runs.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toHaveLength(2);
  });
});
