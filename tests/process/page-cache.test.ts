/**
 * Public pages served from memory (server/page-cache.ts), through the real server: a second anonymous visit is
 * answered from the cache with the same page, under a policy without nonce; administrators (a cookie) always get a
 * fresh page; a write that changes a page is on it at the next request — also, on PostgreSQL, when a second
 * instance makes it (within the once-a-second version check): the same test goes on with a second instance there,
 * rather than seeding the demo into a second database.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../db";
import { blogForm } from "../factories";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, tempDataDir, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
/** The PostgreSQL run, where the machine has a server for tests (TEST_DATABASE_URL); none else. */
const postgres = process.env.TEST_DATABASE_URL ? ["postgres"] : [];

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

/**
 * What a visitor and an administrator see of `first`'s kept pages (the demo's): a second visit from memory, the same
 * bytes, hashed scripts, never an administrator's, a form that changes no page, a write at the next request. Returns
 * the article it renamed.
 */
async function keptPages(first: ServerProcess) {
  const id = /href="\/blog\/(\d+)"/.exec(await (await get(first, "/blog")).text())![1];

  const fresh = await get(first, `/blog/${id}`);
  const kept = await get(first, `/blog/${id}`);
  expect([fresh.headers.get("x-cache"), kept.headers.get("x-cache")]).toEqual(["miss", "hit"]);
  expect(kept.headers.get("content-encoding")).toBe("br");
  const html = await kept.text();
  expect(html).toBe(await fresh.text());
  // A content page: no framework, only the small keyboard script (and its structured data, which is no script to
  // run); its policy names no nonce and allows no inline script.
  expect(html.match(/<script(?! type="application\/ld\+json")[^>]*>/g)).toEqual([
    expect.stringMatching(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js">$/),
  ]);
  expect(kept.headers.get("content-security-policy")).toMatch(/script-src 'self'; /);
  const head = await fetch(`${first.url}/blog/${id}`, { method: "HEAD" });
  expect([head.headers.get("x-cache"), await head.text()]).toEqual(["hit", ""]);

  // A form page keeps its scripts, allowed by their hashes.
  await get(first, "/contact");
  const contact = await get(first, "/contact");
  expect(contact.headers.get("x-cache")).toBe("hit");
  const hashes = contact.headers.get("content-security-policy")!.match(/'sha256-[\w+/=]+'/g) ?? [];
  const inline = [
    ...(await contact.text()).matchAll(
      /<script(?![^>]*\ssrc=)(?! type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].map(([, body]) => `'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  expect(inline.length).toBeGreaterThan(0);
  expect(hashes.toSorted()).toEqual([...new Set(inline)].toSorted());

  // An administrator is never served from memory.
  const cookie = await signIn(first.url, credentials.username, credentials.password);
  expect((await get(first, `/blog/${id}`, { Cookie: cookie })).headers.get("x-cache")).toBeNull();

  // A message sent through the contact form changes no page: the cache stays.
  const sent = await fetch(`${first.url}/contact`, {
    method: "POST",
    body: new URLSearchParams({
      name: "Léa",
      email: "lea@example.fr",
      subject: "Visite",
      message: "Bonjour",
      captcha: "7",
    }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
  });
  expect(sent.status).toBe(200);
  expect((await get(first, `/blog/${id}`)).headers.get("x-cache")).toBe("hit");

  await renameArticle(first, id, "Le titre changé ici");
  const edited = await get(first, `/blog/${id}`);
  expect(edited.headers.get("x-cache")).toBe("miss");
  expect(await edited.text()).toContain("Le titre changé ici");
  expect(await (await get(first, "/blog")).text()).toContain("Le titre changé ici");
  return id;
}

const demoEnv = (databaseUrl?: string) => ({
  ADMIN_USERNAME: credentials.username,
  ADMIN_PASSWORD: credentials.password,
  SEED_DEMO: "true",
  DATABASE_URL: databaseUrl,
});

describe("public pages kept in memory [pglite]", () => {
  it(
    "answers a second visit from memory, never an administrator's, and shows a write at the next request",
    async () => {
      const server = await startServer({ env: demoEnv(), dataDir: await preparedDataDir("demo") });
      try {
        expect(await keptPages(server)).toMatch(/^\d+$/);
      } finally {
        await server.stop();
      }
    },
    PREPARED_START_MS,
  );
});

// Where PostgreSQL is available, the same with the demo seeded into a database of its own; then a second instance on
// that database writes, rather than seeding the demo into another.
describe.each(postgres)("public pages kept in memory [%s]", () => {
  it("as on PGlite, and a second instance's write is on the first's pages within the once-a-second version check", async () => {
    const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const servers: ServerProcess[] = [];
    try {
      const first = await startServer({ env: demoEnv(pg.url) });
      servers.push(first);
      const id = await keptPages(first);
      const second = await startServer({ env: demoEnv(pg.url), dataDir: tempDataDir() });
      servers.push(second);
      expect((await get(first, `/blog/${id}`)).headers.get("x-cache")).toBe("hit");
      await renameArticle(second, id, "Le titre changé ailleurs");
      await expect
        .poll(async () => (await (await get(first, `/blog/${id}`)).text()).includes("Le titre changé ailleurs"), {
          timeout: 3000,
          interval: 100,
        })
        .toBe(true);
    } finally {
      for (const server of servers) await server.stop();
      await pg.drop();
    }
  }, 120_000);
});

// The addresses and conditional requests are the cache's own, the same whatever the database: on PGlite alone.
describe("addresses a visitor can send for a kept page", () => {
  it(
    "tracking parameters find the kept page, which never echoes them; feeds and the sitemap are kept and answer 304",
    async () => {
      const server = await startServer({ dataDir: await preparedDataDir("demo"), env: { SEED_DEMO: "true" } });
      try {
        // The first visitor comes from a social network: the page is rendered for its canonical address, so the
        // form of the kept copy posts to /contact, not to the tracked address.
        const tracked = await get(server, "/contact?utm_source=facebook&fbclid=IwAR0abc123");
        expect(tracked.headers.get("x-cache")).toBe("miss");
        const html = await tracked.text();
        expect(html).toMatch(/<form[^>]* action="\/contact"/);
        expect(html).not.toMatch(/fbclid|utm_source|IwAR0abc123/);
        const plain = await get(server, "/contact");
        expect(plain.headers.get("x-cache")).toBe("hit");
        expect(await plain.text()).toBe(html);

        await get(server, "/");
        for (let i = 0; i < 3; i++) {
          const visit = await get(server, `/?utm_source=newsletter&utm_medium=email&fbclid=${crypto.randomUUID()}`);
          expect(visit.headers.get("x-cache")).toBe("hit");
        }

        // The parameters a page reads still make their own copies.
        const compost = await get(server, "/search?fbclid=x&q=compost");
        expect(compost.headers.get("x-cache")).toBe("miss");
        expect(await compost.text()).toMatch(/value="compost"/);
        expect((await get(server, "/search?q=compost&utm_source=y")).headers.get("x-cache")).toBe("hit");
        expect(await (await get(server, "/search?q=semis")).text()).toMatch(/value="semis"/);

        for (const [path, type] of [
          ["/blog/rss.xml", "application/rss+xml; charset=utf-8"],
          ["/events/calendar.ics", "text/calendar; charset=utf-8"],
          ["/sitemap.xml", "application/xml; charset=utf-8"],
        ]) {
          const first = await get(server, path);
          expect([
            path,
            first.status,
            first.headers.get("x-cache"),
            first.headers.get("content-type"),
            first.headers.get("content-encoding"),
          ]).toEqual([path, 200, "miss", type, "br"]);
          const body = await first.text();
          const kept = await get(server, `${path}?utm_source=lecteur`);
          expect([path, kept.headers.get("x-cache"), await kept.text()]).toEqual([path, "hit", body]);
          const etag = first.headers.get("etag")!;
          const byTag = await get(server, path, { "If-None-Match": etag });
          expect([path, byTag.status, byTag.headers.get("etag"), await byTag.text()]).toEqual([path, 304, etag, ""]);
          const byDate = await get(server, path, { "If-Modified-Since": first.headers.get("last-modified")! });
          expect([path, byDate.status]).toEqual([path, 304]);
        }
      } finally {
        await server.stop();
      }
    },
    PREPARED_START_MS,
  );
});
