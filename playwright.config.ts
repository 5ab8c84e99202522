import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Each run gets fresh data directories and a throw-away administrator password.
// Chosen once by the main process, like the ports: the tests read the e-mails the main site writes there.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "potager-e2e-"));
process.env.E2E_ADMIN_USERNAME ??= "admin-e2e";
process.env.E2E_ADMIN_PASSWORD ??= crypto.randomBytes(12).toString("base64url");

const chosen = new Set<number>();
/**
 * A port nobody listens on now, once per run, below Linux's ephemeral range (32768–60999): a port from that range,
 * free when chosen, was taken before its site started by a connection's local end, and two workers' tests then went
 * to one site.
 */
async function freePort() {
  for (;;) {
    const port = 20_000 + crypto.randomInt(12_000);
    if (chosen.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      chosen.add(port);
      return String(port);
    }
  }
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

/**
 * Chromium 156 gives every window, so every test's browser context, a renderer for the address bar's suggestions,
 * drawn as a web page (WebUI) that no test sees: 1.5 s of CPU each, a sixth of the run's. Turned off with the other
 * WebUIs of the window's frame. A second `--disable-features` replaces the first, so Playwright's own list is
 * restated, and checked against the launcher installed: an upgrade that changes it stops here, saying what to add.
 */
const DISABLED_FEATURES = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "WebUIReloadButton",
  "PreloadTopChromeWebUI",
  // Playwright 1.65's, as it passes them.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];
{
  const launcher = fs.readFileSync(
    path.resolve(import.meta.dirname, "node_modules/playwright-core/lib/coreBundle.js"),
    "utf8",
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(launcher)?.[1];
  const missing = list
    ? [...list.matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]!).filter((f) => !DISABLED_FEATURES.includes(f))
    : ["?"];
  if (missing.length)
    throw new Error(
      `La liste de fonctions désactivées de Playwright a changé : ajoutez ${missing.join(", ")} à DISABLED_FEATURES.`,
    );
}

export default defineConfig({
  // `E2E_TEST_DIR`: the same specs in another order (scripts/e2e-shuffled.ts).
  testDir: process.env.E2E_TEST_DIR ?? "e2e",
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
        // The compositor in the browser process, in software, instead of a GPU process drawing through SwiftShader:
        // the same pages, a tenth less CPU for the run (3 files, 36 tests: 208 s → 186 s on 2 cores).
        "--in-process-gpu",
        "--disable-gpu-compositing",
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
        // A context's page stays in the renderer it opened in, rather than moving to a second one for the site's
        // origin: a quarter less CPU per context, and the sites under test have nothing to isolate from each other.
        "--disable-site-isolation-trials",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // Every worker's sites and the stand-ins they talk to, started together (e2e/start-sites.ts).
  globalSetup: "./e2e/start-sites.ts",
});
