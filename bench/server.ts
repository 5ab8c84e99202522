// Starts the built server on a private data directory and reports how long it takes to answer.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { productionRuntime } from "../scripts/production-runtime";
import { freePort } from "../tests/process/server";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /healthz. */
  readyMs: number;
  /** Resolves once the server says it is online: start-up tasks (demo content included) are done. */
  online: Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(
  options: { dataDir?: string; port?: number; env?: Record<string, string>; nodeArgs?: string[] } = {},
) {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("Construisez d'abord le site : npm run build");
  // A port nobody listens on, so that two benches (or a bench and a site) never meet.
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "potager-bench-"));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The server runs as `npm start` runs it; flags given on the command line come after, so they win.
  const runtime = productionRuntime();
  const child = spawn(process.execPath, [...runtime.nodeArgs, ...(options.nodeArgs ?? []), "server.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      ...runtime.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: "bench",
      ADMIN_PASSWORD: crypto.randomBytes(12).toString("base64url"),
      WEATHER_URL: "http://127.0.0.1:2/forecast",
      AIR_QUALITY_URL: "http://127.0.0.1:2/air-quality",
      ...options.env,
    },
  });
  let printed = "";
  const online = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      printed += chunk;
      if (printed.includes("Potager est en ligne")) resolve();
    });
    child.once("exit", () => reject(new Error(`le serveur s'est arrêté :\n${printed}`)));
  });
  online.catch(() => {});
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("le serveur n'a pas démarré en 60 s");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    online,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
