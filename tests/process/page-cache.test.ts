/**
 * Public pages served from memory (server/page-cache.ts), through the real server: a second anonymous visit is
 * answered from the cache with the same page, under a policy without nonce; administrators (a cookie) always get a
 * fresh page; a write that changes a page is on it at the next request — also, on PostgreSQL, when a second
 * instance makes it (within the once-a-second version check).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../db";
import { blogForm } from "../factories";
import { signIn } from "../fuzz/session";
import { startServer, tempDataDir, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

const get = (server: ServerProcess, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "br", ...headers } });

async function renameArticle(server: ServerProcess, id: string, title: string) {
  const cookie = await signIn(server.url, credentials.username, credentials.password);
  // As the edit form posts it: to the address that names the article being edited.
  const response = await fetch(`${server.url}/admin/blog?edit=${id}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "save", id, ...blogForm({ title }) }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

describe.each(databases)("public pages kept in memory [%s]", (kind) => {
  it("answers a second visit from memory, never an administrator's, and shows a write at the next request", async () => {
    const pg = kind === "postgres" ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const env = { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true", DATABASE_URL: pg?.url };
    const servers: ServerProcess[] = [];
    try {
      const first = await startServer({ env });
      servers.push(first);
      const id = /href="\/blog\/(\d+)"/.exec(await (await get(first, "/blog")).text())![1];

      const fresh = await get(first, `/blog/${id}`);
      const kept = await get(first, `/blog/${id}`);
      expect([fresh.headers.get("x-cache"), kept.headers.get("x-cache")]).toEqual(["miss", "hit"]);
      expect(kept.headers.get("content-encoding")).toBe("br");
      const html = await kept.text();
      expect(html).toBe(await fresh.text());
      // A content page: no framework, only the small keyboard script (and its structured data, which is no script to
      // run); its policy names no nonce and allows no inline script.
      expect(html.match(/<script(?! type="application\/ld\+json")[^>]*>/g)).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js">$/)]);
      expect(kept.headers.get("content-security-policy")).toMatch(/script-src 'self'; /);
      const head = await fetch(`${first.url}/blog/${id}`, { method: "HEAD" });
      expect([head.headers.get("x-cache"), await head.text()]).toEqual(["hit", ""]);

      // A form page keeps its scripts, allowed by their hashes.
      await get(first, "/contact");
      const contact = await get(first, "/contact");
      expect(contact.headers.get("x-cache")).toBe("hit");
      const hashes = contact.headers.get("content-security-policy")!.match(/'sha256-[\w+/=]+'/g) ?? [];
      const inline = [...(await contact.text()).matchAll(/<script(?![^>]*\ssrc=)(?! type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
        ([, body]) => `'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`,
      );
      expect(inline.length).toBeGreaterThan(0);
      expect(hashes.toSorted()).toEqual([...new Set(inline)].toSorted());

      // An administrator is never served from memory.
      const cookie = await signIn(first.url, credentials.username, credentials.password);
      expect((await get(first, `/blog/${id}`, { Cookie: cookie })).headers.get("x-cache")).toBeNull();

      // A message sent through the contact form changes no page: the cache stays.
      const sent = await fetch(`${first.url}/contact`, {
        method: "POST",
        body: new URLSearchParams({ name: "Léa", email: "lea@example.fr", subject: "Visite", message: "Bonjour", captcha: "7" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
      });
      expect(sent.status).toBe(200);
      expect((await get(first, `/blog/${id}`)).headers.get("x-cache")).toBe("hit");

      await renameArticle(first, id, "Le titre changé ici");
      const edited = await get(first, `/blog/${id}`);
      expect(edited.headers.get("x-cache")).toBe("miss");
      expect(await edited.text()).toContain("Le titre changé ici");
      expect(await (await get(first, "/blog")).text()).toContain("Le titre changé ici");

    } finally {
      for (const server of servers) await server.stop();
      await pg?.drop();
    }
  }, 120_000);
});

// Only where PostgreSQL is available: two instances share one database there.
describe.each(databases.filter((kind) => kind === "postgres"))("two instances on one database [%s]", () => {
  it("a write made by one is on the other's pages within the once-a-second version check", async () => {
    const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const env = { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password, SEED_DEMO: "true", DATABASE_URL: pg.url };
    const servers: ServerProcess[] = [];
    try {
      const first = await startServer({ env });
      servers.push(first);
      const second = await startServer({ env, dataDir: tempDataDir() });
      servers.push(second);
      const id = /href="\/blog\/(\d+)"/.exec(await (await get(first, "/blog")).text())![1];
      await get(first, `/blog/${id}`);
      expect((await get(first, `/blog/${id}`)).headers.get("x-cache")).toBe("hit");
      await renameArticle(second, id, "Le titre changé ailleurs");
      await expect
        .poll(async () => (await (await get(first, `/blog/${id}`)).text()).includes("Le titre changé ailleurs"), { timeout: 3000, interval: 100 })
        .toBe(true);
    } finally {
      for (const server of servers) await server.stop();
      await pg.drop();
    }
  }, 120_000);
});
