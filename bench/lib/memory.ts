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

/**
 * What holds a process's resident memory (MiB), from /proc/PID/smaps: what each part costs, where the process's own
 * counters cannot be read from outside.
 * - `program`: the node binary's pages in memory (its code, V8's snapshot, ICU's data);
 * - `libraries`: the other mapped files (libvips once an image was processed, libc…);
 * - `wasm`: WebAssembly memories (PGlite's database engine), told apart by the guard region V8 reserves after each;
 * - `code`: compiled JavaScript and WebAssembly (V8's executable mappings);
 * - `mallocHeap`: glibc's main heap (the rest of malloc is in mappings of its own, in `otherAnonymous`);
 * - `otherAnonymous`: the V8 heap, malloc's larger blocks (Buffers such as the page cache's copies), thread stacks.
 */
export interface MemoryParts {
  program: number;
  libraries: number;
  wasm: number;
  code: number;
  mallocHeap: number;
  otherAnonymous: number;
}

export function memoryParts(pid: number): MemoryParts {
  const mappings: { end: number; start: number; perms: string; name: string; rssKiB: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start, end, perms, name] = mapping;
      mappings.push({ start: parseInt(start!, 16), end: parseInt(end!, 16), perms: perms!, name: name!, rssKiB: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.at(-1)!.rssKiB = Number(rss[1]);
  }
  const program = fs.readlinkSync(`/proc/${pid}/exe`);
  const parts: MemoryParts = { program: 0, libraries: 0, wasm: 0, code: 0, mallocHeap: 0, otherAnonymous: 0 };
  const GUARD_BYTES = 4 * 1024 ** 3;
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const part: keyof MemoryParts =
      m.name === program
        ? "program"
        : m.name.startsWith("/")
          ? "libraries"
          : m.name === "[heap]"
            ? "mallocHeap"
            : m.perms.includes("x")
              ? "code"
              : next?.start === m.end && next.perms.startsWith("---") && next.end - m.start >= GUARD_BYTES
                ? "wasm"
                : "otherAnonymous";
    parts[part] += m.rssKiB;
  });
  for (const key of Object.keys(parts) as (keyof MemoryParts)[]) parts[key] = Math.round(parts[key] / 1024);
  return parts;
}
