// A process's memory from /proc/PID/status: VmHWM, the most it has held since it started, and VmRSS, what it holds now.
import fs from "node:fs";

export interface Memory {
  peakMiB: number;
  rssMiB: number;
}

export function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]) / 1024);
  return { peakMiB: mib("VmHWM"), rssMiB: mib("VmRSS") };
}

/** Once the server is online and its start-up work has had a moment to finish. */
export async function memoryAfterStart(server: { online: Promise<void>; process: { pid?: number } }): Promise<Memory> {
  await server.online;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return memoryOf(server.process.pid!);
}
