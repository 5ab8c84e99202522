import { test as base, expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME!,
  password: process.env.E2E_ADMIN_PASSWORD!,
};

/** Which of the run's sets of sites is this worker's (playwright.config.ts starts one set per worker). */
const slot = process.env.TEST_PARALLEL_INDEX ?? "0";
/** This worker's main server, with the demo content (its port is chosen by playwright.config.ts). */
export const SITE = `http://localhost:${process.env[`E2E_PORT_${slot}`]}`;
/** This worker's second server: no content at all and sessions that expire after 3 idle seconds. */
export const EMPTY_SITE = `http://localhost:${process.env[`E2E_EMPTY_SITE_PORT_${slot}`]}`;
/** Where this worker's main server writes its e-mails (it runs without SMTP: .eml files). */
export const MAIL_DIR = `${process.env.E2E_RUN_DIR}/main-${slot}/mail`;

export async function loginAsAdmin(page: Page, baseURL = "") {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel("Identifiant").fill(ADMIN.username);
  await page.getByLabel("Mot de passe").fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
}

/**
 * Each test is a visitor of its own, behind the site's proxy (X-Forwarded-For, which the server trusts from
 * loopback): the per-address limits of the public forms apply to each test, not to the whole run.
 */
export function visitorAddress() {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/** A browser context of a visitor of its own (see `visitorAddress`), on the main site unless told otherwise. */
export function visitorContext(browser: Browser, options: BrowserContextOptions = {}) {
  return browser.newContext({
    baseURL: SITE,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    ...options,
    extraHTTPHeaders: { "X-Forwarded-For": visitorAddress(), ...options.extraHTTPHeaders },
  });
}

/**
 * The trace of a screen that previews images as blob: addresses: screenshots but no DOM snapshots, since to draw one
 * the recorder fetches those previews, and for a file that is no image the CSP (connect-src 'self') refuses the fetch
 * and logs an error no visitor would ever see. On CI, no setting at all: there is no trace there (playwright.config.ts),
 * and a file that set its own would need workers of its own, each with a browser to launch.
 */
export const TRACES_WITHOUT_SNAPSHOTS = process.env.CI
  ? {}
  : { trace: { mode: "retain-on-failure" as const, snapshots: false } };

/**
 * The test's own context and page, for the tests that ask for them (one that only opens contexts of its own, or only
 * sends requests, makes no browser window for nothing). Every test is a visitor of its own (`visitorAddress`); and
 * fails if its page logs an error or throws (CSP violations and hydration errors included).
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern, empty or not.
  // oxlint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(SITE),
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    // A rich-text field is a plain textarea until Quill replaces it, taller and with its toolbar: what is below moves.
    // A person waits for the screen to settle before clicking; so does every action and assertion here, once such a
    // field shows (with JavaScript off it stays a textarea, and nothing waits).
    if (javaScriptEnabled !== false)
      await page.addLocatorHandler(page.locator("textarea:has(+ .rich-text-editor)").first(), async () => {});
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // A 4xx/5xx answer that a test provokes on purpose is reported by Chromium as a console error; so is the test
      // tool's own script, refused by a frame sandboxed without scripts (the letter's preview).
      const text = message.text();
      const tooling =
        /status of (4\d\d|5\d\d)/.test(text) || text.startsWith("Blocked script execution in 'about:srcdoc'");
      if (message.type() === "error" && !tooling) errors.push(text);
    });
    await use(page);
    expect(errors, "errors in the browser console").toEqual([]);
  },
});
export { expect };
