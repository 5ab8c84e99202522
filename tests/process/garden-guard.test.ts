/**
 * « Mon jardin »'s session and the back-office's are two things, through the real server and every route of the build:
 * a gardener signed in by their e-mailed link is, for every /admin route, an anonymous visitor (a page sends to
 * /login, an action is refused with 401), and an administrator's session opens nothing of « Mon jardin » (every
 * /mon-jardin route answers them as it answers an anonymous visitor).
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fillPattern, readManifest, routePattern } from "../fuzz/actions";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
// A current demo gardener with an e-mail address.
const GARDENER = { name: "Karim Benali", email: "karim.benali@example.fr" };
let server: ServerProcess;
let adminCookie: string;
let gardenerCookie: string;

const send = (url: string, { cookie, post }: { cookie?: string; post?: Record<string, string> } = {}) =>
  fetch(`${server.url}${url}`, {
    method: post ? "POST" : "GET",
    body: post ? new URLSearchParams(post) : undefined,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(post ? { Origin: server.url } : {}) },
    redirect: "manual",
  });

/** The sign-in link's token the server wrote to `to` (an .eml file: no SMTP), once the outbox has sent it. */
async function linkTokenTo(to: string) {
  const dir = path.join(server.dataDir, "mail");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      const text = (await fs.readFile(path.join(dir, name), "utf8")).replace(/=\r?\n/g, "");
      const token = /\/mon-jardin\/connexion\/([\w-]{40,})/.exec(text)?.[1];
      if (text.includes(`To: ${to}`) && token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("no sign-in link e-mailed");
}

beforeAll(async () => {
  server = await startServer({
    dataDir: await preparedDataDir("demo"),
    env: { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true" },
  });
  adminCookie = await signIn(server.url, credentials.username, credentials.password);
  const asked = await send("/mon-jardin", { post: { intent: "lien", email: GARDENER.email } });
  if (asked.status !== 200) throw new Error(`lien refusé (${asked.status})`);
  const signedIn = await send(`/mon-jardin/connexion/${await linkTokenTo(GARDENER.email)}`, { post: {} });
  if (signedIn.status !== 302) throw new Error(`connexion à Mon jardin refusée (${signedIn.status})`);
  gardenerCookie = signedIn.headers.get("Set-Cookie")?.split(";")[0] ?? "";
}, PREPARED_START_MS);
afterAll(async () => {
  await server?.stop();
});

// Every route of the build under `prefix` with a loader or an action, not a list kept by hand.
const routesUnder = (prefix: string) => {
  const routes = readManifest();
  return Object.values(routes)
    .filter((route) => route.hasLoader || route.hasAction)
    .map((route) => ({ route, pattern: routePattern(routes, route) }))
    .filter(({ pattern }) => pattern === prefix || pattern.startsWith(`${prefix}/`));
};

/** How each route under `prefix` answers a GET (its page) and a POST (its action) with `cookie`, or without any. */
async function answersUnder(prefix: string, cookie?: string) {
  const answers: Record<string, string> = {};
  for (const { route, pattern } of routesUnder(prefix)) {
    const url = fillPattern(pattern) + (route.index ? "?index" : "");
    if (route.hasLoader) {
      const page = await send(url, { cookie });
      answers[`GET ${url}`] = `${page.status} ${page.headers.get("Location") ?? ""}`.trim();
    }
    if (route.hasAction) answers[`POST ${url}`] = String((await send(url, { cookie, post: {} })).status);
  }
  return answers;
}

it("the gardener's cookie is a session: /mon-jardin shows them signed in", async () => {
  expect(gardenerCookie).toMatch(/^__Host-jardin=[\w-]{40,}$/);
  const page = await (await send("/mon-jardin", { cookie: gardenerCookie })).text();
  expect(page).toContain(`Connecté(e) : <strong class="font-semibold text-stone-900">${GARDENER.name}</strong>`);
});

it("a gardener's session opens no /admin route: each answers as to an anonymous visitor", async () => {
  const answers = await answersUnder("/admin", gardenerCookie);
  expect(Object.keys(answers).length).toBeGreaterThan(60);
  expect(Object.entries(answers).filter(([, answer]) => answer !== "302 /login" && answer !== "401")).toEqual([]);
  // Read-only on purpose: the administrator's history shows only their own sign-in and the gardener's.
  const history = await (await send("/admin/historique", { cookie: adminCookie })).text();
  expect(history).toContain("2 entrées");
});

it("an administrator's session opens nothing of « Mon jardin »: each route answers as to an anonymous visitor", async () => {
  const anonymous = await answersUnder("/mon-jardin");
  expect(Object.keys(anonymous).length).toBeGreaterThanOrEqual(3);
  expect(await answersUnder("/mon-jardin", adminCookie)).toEqual(anonymous);
  const page = await (await send("/mon-jardin", { cookie: adminCookie })).text();
  expect(page).toContain("Recevoir un lien de connexion");
  expect(page).not.toContain("Connecté(e)");
  // The gardener is still signed in: none of those requests touched their session.
  expect(await (await send("/mon-jardin", { cookie: gardenerCookie })).text()).toContain("Connecté(e)");
});

it("a members' document is a download, sandboxed, never a page under the site's policy", async () => {
  const page = await (await send("/mon-jardin", { cookie: gardenerCookie })).text();
  const link = /href="(\/mon-jardin\/documents\/\d+)"/.exec(page)?.[1];
  expect(link).toBeDefined();
  const served = await send(link!, { cookie: gardenerCookie });
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Disposition")).toMatch(/^attachment; filename="/);
  expect(served.headers.get("Content-Security-Policy")).toMatch(/^sandbox; default-src 'none'; frame-ancestors 'none'/);
  expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
  // A page still carries the site's own policy.
  expect((await send("/mon-jardin", { cookie: gardenerCookie })).headers.get("Content-Security-Policy")).toContain(
    "script-src",
  );
});
