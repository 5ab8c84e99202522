/**
 * Every back-office address of the build, through the real server: without a session a page sends to /login and an
 * action is refused (401, the form kept for a sign-in); from another origin an action is refused (403); in both
 * cases nothing is written. Every admin write records a history entry, so an unchanged history (the one sign-in)
 * shows that none ran.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPattern, readManifest, routePattern } from "../fuzz/actions";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  server = await startServer({
    dataDir: await preparedDataDir("demo"),
    env: { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true" },
  });
  cookie = await signIn(server.url, credentials.username, credentials.password);
}, PREPARED_START_MS);
afterAll(async () => {
  await server?.stop();
});

const ACTIONS: [string, Record<string, string>][] = [
  ["/admin/applications", { intent: "delete", id: "1" }],
  ["/admin/applications", { intent: "toggle", id: "2", processed: "true" }],
  ["/admin/annonces", { intent: "validate", id: "4" }],
  ["/admin/annonces", { intent: "delete", id: "1" }],
  ["/admin/comptes", { intent: "invite", username: "intrus" }],
  ["/admin/comptes", { intent: "totpStart" }],
  ["/admin/blog", { intent: "delete", id: "1" }],
  ["/admin/events", { intent: "delete", id: "1" }],
  ["/admin/settings", { intent: "plots", parcellesOccupees: "1", parcellesTotal: "2" }],
  ["/admin/messages/1", { intent: "delete", id: "1" }],
  ["/admin?index", { intent: "removeDemoContent" }],
  ["/admin/sauvegarde", {}],
];

const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });

// In this order, even in a shuffled run: the refusals first, then the proof nothing was written, then the same
// requests that do write.
describe("the back-office's guard, refusals before writes", { shuffle: false }, () => {
  it.each(ACTIONS)("%s %o: refused without a session and from another origin", async (path, fields) => {
    expect((await post(path, fields, { Origin: server.url })).status).toBe(401);
    expect((await post(path, fields, { Origin: "https://ailleurs.example", Cookie: cookie })).status).toBe(403);
    expect((await post(path, fields, { Origin: "null", Cookie: cookie })).status).toBe(403);
  });

  // Every /admin route of the build, not a list kept by hand: a route added later is checked too.
  const adminRoutes = (() => {
    const routes = readManifest();
    return Object.values(routes)
      .filter((route) => route.hasLoader || route.hasAction)
      .map((route) => ({ route, pattern: routePattern(routes, route) }))
      .filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/"));
  })();

  it("every /admin route of the build, page or action, refuses a request without a session", async () => {
    // The back-office's screens, the printed lists, the previews, the exports and the endpoints pages call.
    expect(adminRoutes.length).toBeGreaterThan(40);
    const answers: [string, string][] = [];
    for (const { route, pattern } of adminRoutes) {
      const url = fillPattern(pattern) + (route.index ? "?index" : "");
      if (route.hasLoader) {
        const page = await fetch(`${server.url}${url}`, { redirect: "manual" });
        answers.push([`GET ${url}`, `${page.status} ${page.headers.get("Location") ?? ""}`.trim()]);
      }
      if (route.hasAction) answers.push([`POST ${url}`, String((await post(url, {}, { Origin: server.url })).status)]);
    }
    // A page sends to the sign-in; an action, or an endpoint a page calls, is refused with 401.
    expect(answers.filter(([, answer]) => answer !== "302 /login" && answer !== "401")).toEqual([]);
    expect(answers.length).toBeGreaterThan(60);
  });

  it("wrote nothing: the history holds only the sign-in, the demo content is all there", async () => {
    const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
    const historyPage = await page("/admin/historique");
    expect(historyPage).toContain("1 entrée");
    expect(historyPage).toContain("Connexion");
    expect(await page("/admin/applications")).toContain("Mehdi Haddad");
    expect(await page("/admin/annonces")).toContain("En attente");
    const accounts = await page("/admin/comptes");
    expect(accounts).not.toContain("intrus");
    expect(accounts).not.toContain("Code QR à scanner");
  });

  it("the same requests, signed in and from the site itself, do write (and the history shows it)", async () => {
    for (const [path, fields] of [ACTIONS[1], ACTIONS[8], ACTIONS[5]]) {
      expect((await post(path, fields, { Origin: server.url, Cookie: cookie })).status).toBe(200);
    }
    const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
    expect(await page("/admin/historique")).toContain("3 entrées");
    expect(await page("/admin/comptes")).toContain("Code QR à scanner");
  });
});
