/**
 * Playwright's global setup: every worker's sites and the stand-ins they talk to, started all at once. As
 * `webServer` entries they started one after the other, 21 s before the first test; started together, a run of the
 * four weather tests takes 18 s instead of 24 (decision 034).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { productionRuntime } from "../scripts/production-runtime";

interface Program {
  name: string;
  command: string[];
  env?: Record<string, string>;
  port: number;
  /** A path that answers 200 once the program is ready; without one, an accepted connection is enough. */
  healthPath?: string;
}

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const STARTUP_MS = 60_000;

/** The programs of the run: the ports and directories were chosen by playwright.config.ts. */
function programs(workers: number): Program[] {
  const runDir = process.env.E2E_RUN_DIR!;
  const weatherPort = Number(process.env.E2E_WEATHER_PORT);
  // Every site runs with the environment and flags of `npm start`.
  const runtime = productionRuntime();
  const site = (name: string, port: number, extra: Record<string, string>): Program => ({
    name,
    command: [process.execPath, ...runtime.nodeArgs, "server.ts"],
    port,
    healthPath: "/healthz",
    env: {
      ...runtime.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      // Under the run's directory: the tests read the e-mails the demo sites write there (e2e/visitors.ts).
      DATA_DIR: path.join(runDir, name),
      ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME!,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
      LOG_LEVEL: "warn",
      // Nothing leaves the machine during tests: weather points at a local fake, or a closed local port.
      WEATHER_URL: "http://127.0.0.1:2/forecast",
      AIR_QUALITY_URL: "http://127.0.0.1:2/air-quality",
      ...extra,
    },
  });
  const list: Program[] = [
    { name: "weather", command: [tsx, "e2e/weather-upstream.ts", String(weatherPort)], port: weatherPort },
  ];
  for (let slot = 0; slot < workers; slot++) {
    const port = Number(process.env[`E2E_PORT_${slot}`]);
    const helloAssoPort = Number(process.env[`E2E_HELLOASSO_PORT_${slot}`]);
    list.push(
      {
        name: `helloasso-${slot}`,
        // Node strips its types itself, as for the sites: no tsx, whose start costs a second of CPU more.
        command: [
          process.execPath,
          "e2e/helloasso-upstream.ts",
          String(helloAssoPort),
          `http://localhost:${port}/api/helloasso/notification`,
        ],
        port: helloAssoPort,
      },
      site(`main-${slot}`, port, {
        HELLOASSO_API_URL: `http://127.0.0.1:${helloAssoPort}`,
        WEATHER_URL: `http://127.0.0.1:${weatherPort}/v1/forecast`,
        AIR_QUALITY_URL: `http://127.0.0.1:${weatherPort}/air-quality/v1/air-quality`,
        // Letters go at once (their spreading over the hour is tested in Vitest).
        MAIL_RATE_PER_HOUR: "0",
      }),
      // No content, 3-second sessions and no weather service: default texts, expiry, failures.
      site(`empty-site-${slot}`, Number(process.env[`E2E_EMPTY_SITE_PORT_${slot}`]), {
        SESSION_IDLE_SECONDS: "3",
        SEED_DEMO: "false",
      }),
    );
  }
  return list;
}

async function answers(program: Program) {
  if (program.healthPath) {
    const response = await fetch(`http://127.0.0.1:${program.port}${program.healthPath}`).catch(() => undefined);
    return response?.status === 200;
  }
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(program.port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts `program`, its error output shown with its name; resolves once it answers. */
async function start(program: Program, children: ChildProcess[]) {
  const [command, ...args] = program.command;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...program.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk;
    for (const line of String(chunk).trimEnd().split("\n")) process.stderr.write(`[${program.name}] ${line}\n`);
  });
  const deadline = Date.now() + STARTUP_MS;
  while (!(await answers(program))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${program.name} s'est arrêté au démarrage (${child.exitCode ?? child.signalCode}) :\n${errors}`);
    if (Date.now() > deadline)
      throw new Error(`${program.name} n'a pas répondu en ${STARTUP_MS / 1000} s :\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(children: ChildProcess[]) {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
}

export default async function startSites(config: { workers: number }) {
  const children: ChildProcess[] = [];
  // Should the run end without its teardown (interrupted), nothing is left running.
  const killAll = () => children.forEach((child) => child.kill("SIGTERM"));
  process.once("exit", killAll);
  try {
    const list = programs(config.workers);
    await Promise.all(list.map((program) => start(program, children)));
    // A program whose port another one answered on looked started: it has stopped since (its port busy).
    const stopped = list.filter((_, i) => children[i]!.exitCode !== null || children[i]!.signalCode !== null);
    if (stopped.length > 0) throw new Error(`arrêté(s) au démarrage : ${stopped.map((p) => p.name).join(", ")}`);
  } catch (error) {
    await stop(children);
    throw error;
  }
  return async () => {
    process.off("exit", killAll);
    await stop(children);
  };
}
