// A URL under load with autocannon, and the server process's memory meanwhile.
import fs from "node:fs";
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  peakRssMiB: number;
}

function rssMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export async function load(url: string, options: { pid: number; connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  // Warm-up: JIT, caches, database pages.
  await autocannon({ url, connections: 8, duration: 3, headers: options.headers });
  let peak = rssMiB(options.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(options.pid))), 200);
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  clearInterval(sampler);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    peakRssMiB: Math.round(peak),
  };
}
