/**
 * Roles, through the real server and every /admin route of the build: each route says what it needs in
 * `app/routes/admin/permissions.ts`, and an account of each role is let in exactly where its role has that permission,
 * and refused everywhere else with a 403 « Accès refusé » page (pages) or a 403 (actions). The accounts are made as the
 * bureau makes them: an invitation with the role, accepted through its link.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_ROUTE_PERMISSIONS } from "~/routes/admin/permissions";
import { can, ROLES, type Role } from "~/modules/auth/roles";
import { fillPattern, readManifest, routePattern } from "../fuzz/actions";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

const administrator = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
let server: ServerProcess;
const cookies = new Map<Role, string>();

const send = (path: string, cookie: string, fields?: URLSearchParams) =>
  fetch(`${server.url}${path}`, {
    method: fields ? "POST" : "GET",
    body: fields,
    headers: {
      Cookie: cookie,
      ...(fields ? { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    redirect: "manual",
  });

/** An account of `role` made as the bureau makes one: invited by the administrator, then its link followed. */
async function accountOf(role: Role, adminCookie: string, siteIds: string[]) {
  const username = `compte-${role}`;
  const password = `${crypto.randomBytes(12).toString("base64url")}-Rhubarbe`;
  const fields = new URLSearchParams({ intent: "invite", username, role });
  for (const id of siteIds) fields.append("sites", id);
  const invited = await (await send("/admin/comptes", adminCookie, fields)).text();
  const token = /\/invitation\/([\w-]{40,})/.exec(invited)?.[1];
  if (!token) throw new Error(`no invitation link for ${role}`);
  const accepted = await fetch(`${server.url}/invitation/${token}`, {
    method: "POST",
    body: new URLSearchParams({ password, confirmation: password }),
    headers: { Origin: server.url },
    redirect: "manual",
  });
  expect(accepted.status).toBe(302);
  return signIn(server.url, username, password);
}

beforeAll(async () => {
  server = await startServer({
    dataDir: await preparedDataDir("demo"),
    env: { ADMIN_USERNAME: administrator.username, ADMIN_PASSWORD: administrator.password, SEED_DEMO: "true" },
  });
  const adminCookie = await signIn(server.url, administrator.username, administrator.password);
  cookies.set("administrateur", adminCookie);
  // The referent looks after every demo site, so that what is checked here is the role, not the site.
  const plots = await (await send("/admin/parcelles", adminCookie)).text();
  const siteIds = [...new Set([...plots.matchAll(/\/admin\/parcelles\/jardins\/(\d+)/g)].map((m) => m[1]!))];
  if (siteIds.length === 0) throw new Error("the demo has no site for the referent");
  for (const role of ROLES.filter((r) => r !== "administrateur"))
    cookies.set(role, await accountOf(role, adminCookie, siteIds));
}, PREPARED_START_MS);
afterAll(async () => {
  await server?.stop();
});

/**
 * The actions whose finer rule (named in `permissions.ts`, checked by the register module) refuses a role the route
 * lets in, for the form this test sends (no intent): creating a site and adding a gardener by hand are an
 * administrator's; on a gardener's record the treasurer's forms are the payments, every other needs `register`.
 */
const FINER_REFUSALS: Partial<Record<Role, string[]>> = {
  referent: ["/admin/parcelles", "/admin/jardiniers"],
  tresorier: ["/admin/jardiniers/:id"],
};

const adminRoutes = (() => {
  const routes = readManifest();
  return Object.values(routes)
    .filter((route) => route.hasLoader || route.hasAction)
    .map((route) => ({ route, pattern: routePattern(routes, route) }))
    .filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/"));
})();

it("every /admin route of the build declares its permission, and the table names no route that is gone", () => {
  const patterns = new Set(adminRoutes.map(({ pattern }) => pattern));
  expect([...patterns].filter((pattern) => !Object.hasOwn(ADMIN_ROUTE_PERMISSIONS, pattern))).toEqual([]);
  expect(Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((pattern) => !patterns.has(pattern))).toEqual([]);
  expect(patterns.size).toBeGreaterThan(40);
});

it.each(ROLES)(
  "%s: let in exactly where the role has the route's permission, refused (403) everywhere else",
  async (role) => {
    const cookie = cookies.get(role)!;
    const wrong: string[] = [];
    let refusedPages = 0;
    for (const { route, pattern } of adminRoutes) {
      const rule = ADMIN_ROUTE_PERMISSIONS[pattern]!;
      const url = fillPattern(pattern) + (route.index ? "?index" : "");
      if (route.hasLoader) {
        const page = await send(url, cookie);
        const allowed = can(role, rule.view);
        if ((page.status === 403) === allowed) wrong.push(`GET ${url} → ${page.status}`);
        if (!allowed && page.headers.get("content-type")?.includes("text/html")) {
          const body = await page.text();
          if (!body.includes("Accès refusé") || !body.includes("ne donne pas accès à cette page"))
            wrong.push(`GET ${url}: no French page`);
          refusedPages++;
        } else await page.body?.cancel();
      }
      if (route.hasAction) {
        const answer = await send(url, cookie, new URLSearchParams());
        await answer.body?.cancel();
        const allowed = can(role, rule.change ?? rule.view) && !FINER_REFUSALS[role]?.includes(pattern);
        if ((answer.status === 403) === allowed) wrong.push(`POST ${url} → ${answer.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // The administrator is refused nothing; every other role meets the « Accès refusé » page somewhere.
    expect(role === "administrateur" ? refusedPages === 0 : refusedPages > 5).toBe(true);
  },
);

it("the menu shows each role the screens it may open, and nothing else", async () => {
  const menu = async (role: Role) => {
    const html = await (await send("/admin", cookies.get(role)!)).text();
    const nav = /<nav aria-label="Administration">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  };
  expect(await menu("tresorier")).toEqual([
    "/admin",
    "/admin/jardiniers",
    "/admin/cotisations",
    "/admin/tresorerie",
    "/admin/comptes",
  ]);
  expect(await menu("referent")).toEqual(["/admin", "/admin/parcelles", "/admin/comptes"]);
  expect(await menu("redacteur")).toEqual([
    "/admin",
    "/admin/blog",
    "/admin/events",
    "/admin/annonces",
    "/admin/lettre",
    "/admin/comptes",
  ]);
  expect(await menu("administrateur")).toEqual([
    "/admin",
    "/admin/blog",
    "/admin/events",
    "/admin/applications",
    "/admin/parcelles",
    "/admin/tresorerie",
    "/admin/annonces",
    "/admin/settings",
    "/admin/documents",
    "/admin/assemblees",
    "/admin/lettre",
    "/admin/comptes",
    "/admin/historique",
  ]);
});
