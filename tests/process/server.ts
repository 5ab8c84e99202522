/**
 * The built server as a child process, started exactly as `npm start` starts it (same environment and node flags),
 * for tests that need a real process: start and stop, signals, the data-directory lock, raw HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { productionRuntime } from "../../scripts/production-runtime";

export const root = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far, both streams. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | string>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDataDir(prefix = "potager-process-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface SpawnOptions {
  dataDir?: string;
  port?: number;
  env?: Record<string, string | undefined>;
  /** The command to run instead of `node <flags> server.ts` (e.g. npm start). */
  command?: [string, ...string[]];
  cwd?: string;
}

/** Starts the server; call `waitUntilReady` (or await the exit) next. Never inherits DATABASE_URL unless given. */
export async function spawnServer(options: SpawnOptions = {}): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("Construisez d'abord le site : npm run build");
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDataDir();
  const runtime = productionRuntime();
  const [command, ...args] = options.command ?? [process.execPath, ...runtime.nodeArgs, "server.ts"];
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    ...process.env,
    ...runtime.env,
    DATABASE_URL: undefined,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    WEATHER_URL: "http://127.0.0.1:2/forecast",
    AIR_QUALITY_URL: "http://127.0.0.1:2/air-quality",
    ...options.env,
  })) {
    if (value !== undefined) env[name] = value;
  }
  const child = spawn(command, args, { cwd: options.cwd ?? root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Resolves once GET /healthz answers 200; rejects if the process ends first or after `timeoutMs`. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`le serveur s'est arrêté au démarrage :\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`le serveur n'a pas répondu en ${timeoutMs} ms :\n${server.output()}`);
}

export async function startServer(options: SpawnOptions = {}) {
  return waitUntilReady(await spawnServer(options));
}
