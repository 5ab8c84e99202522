import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { productionRuntime } from "./scripts/production-runtime";

// Each run gets fresh data directories and a throw-away administrator password.
// Chosen once by the main process, like the ports: the tests read the e-mails the main site writes there.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "potager-e2e-"));
const runDir = process.env.E2E_RUN_DIR;
process.env.E2E_ADMIN_USERNAME ??= "admin-e2e";
process.env.E2E_ADMIN_PASSWORD ??= crypto.randomBytes(12).toString("base64url");

/** A port nobody listens on now, so that the tests never collide with whatever else runs on the machine. */
async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}
/**
 * Workers, each with sites of its own (the demo site, the empty one and the HelloAsso stand-in that notifies it): tests
 * change what the demo site shows, so two workers never share one. Two on this project's two-core machines.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Chosen once by the main process; the workers, which load this file again, inherit them.
process.env.E2E_WEATHER_PORT ??= await freePort();
for (let slot = 0; slot < WORKERS; slot++) {
  process.env[`E2E_PORT_${slot}`] ??= await freePort();
  process.env[`E2E_EMPTY_SITE_PORT_${slot}`] ??= await freePort();
  process.env[`E2E_HELLOASSO_PORT_${slot}`] ??= await freePort();
}
const WEATHER_PORT = Number(process.env.E2E_WEATHER_PORT);

// Every site runs with the environment and flags of `npm start`.
const runtime = productionRuntime();

function server(port: number, name: string, extra: Record<string, string> = {}) {
  return {
    command: `node ${runtime.nodeArgs.join(" ")} server.ts`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
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
  };
}

export default defineConfig({
  testDir: "e2e",
  // The tests of a file run in order on one worker (some follow on from each other); files spread over the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two workers share two cores: a long scenario takes longer than alone.
  timeout: 60_000,
  // A loaded CI machine can take longer than the default 5 s to navigate and hydrate a back-office screen.
  expect: { timeout: 10_000 },
  use: {
    // Each worker's own demo site (e2e/fixtures.ts).
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // A trace records every action's snapshots and screencast: about a tenth of the run's time, for files nobody
    // reads on CI, which keeps no test-results/. Kept on a developer's machine for a test that fails.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `tsx e2e/weather-upstream.ts ${WEATHER_PORT}`,
      port: WEATHER_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    ...Array.from({ length: WORKERS }, (_, slot) => {
      const port = Number(process.env[`E2E_PORT_${slot}`]);
      const helloAssoPort = Number(process.env[`E2E_HELLOASSO_PORT_${slot}`]);
      return [
        {
          command: `tsx e2e/helloasso-upstream.ts ${helloAssoPort} http://localhost:${port}/api/helloasso/notification`,
          port: helloAssoPort,
          reuseExistingServer: false,
          stdout: "ignore" as const,
          stderr: "pipe" as const,
        },
        server(port, `main-${slot}`, {
          HELLOASSO_API_URL: `http://127.0.0.1:${helloAssoPort}`,
          WEATHER_URL: `http://127.0.0.1:${WEATHER_PORT}/v1/forecast`,
          AIR_QUALITY_URL: `http://127.0.0.1:${WEATHER_PORT}/air-quality/v1/air-quality`,
          // Letters go at once (their spreading over the hour is tested in Vitest).
          MAIL_RATE_PER_HOUR: "0",
        }),
        // No content, 3-second sessions and no weather service: default texts, expiry, failures.
        server(Number(process.env[`E2E_EMPTY_SITE_PORT_${slot}`]), `empty-site-${slot}`, {
          SESSION_IDLE_SECONDS: "3",
          SEED_DEMO: "false",
        }),
      ];
    }).flat(),
  ],
});
