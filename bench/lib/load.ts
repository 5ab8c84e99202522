// A URL under load with autocannon, and the server process's memory meanwhile.
import fs from "node:fs";
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Answers with another status than the one expected (200 unless told). */
  unexpected: number;
  errors: number;
  peakRssMiB: number;
}

export interface LoadOptions {
  pid: number;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Each `[<id>]` in the URL becomes a new random id at every request (a new address each time). */
  uniqueIds?: boolean;
  /** 304 for conditional requests. */
  expectedStatus?: number;
}

function rssMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const request = { url, headers: options.headers, idReplacement: options.uniqueIds ?? false };
  // Warm-up: JIT, caches, database pages.
  await autocannon({ ...request, connections: 8, duration: 3 });
  let peak = rssMiB(options.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(options.pid))), 200);
  const result = await autocannon({ ...request, connections: options.connections, duration: options.seconds });
  clearInterval(sampler);
  const expected = result.statusCodeStats?.[`${options.expectedStatus ?? 200}`]?.count ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    unexpected: result.requests.total - expected,
    errors: result.errors,
    peakRssMiB: Math.round(peak),
  };
}
