import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, policyForCachedPage, type PageCacheOptions } from "../../server/page-cache";

/** The cache in front of a stand-in application whose pages are `size` bytes and say how often they were rendered. */
async function site(options: Partial<PageCacheOptions> & { size?: number } = {}) {
  let version = 1;
  let clock = 0;
  const rendered = new Map<string, number>();
  const cache = createPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, readVersion: async () => version, now: () => clock, ...options });
  const app = express();
  app.use(cache.serve);
  app.use(async (req, res) => {
    const count = (rendered.get(req.path) ?? 0) + 1;
    rendered.set(req.path, count);
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": req.path === "/prive" ? "private, no-store" : "public, max-age=0" };
    if (req.path === "/cookie") headers["set-cookie"] = "a=b";
    const body = `<!doctype html><p>${req.path} n° ${count}</p>`.padEnd(options.size ?? 100, " ");
    const response = new Response(body, { headers });
    if (!(await cache.keep(req, res, response))) res.set(headers).end(await response.text());
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, { headers });
    return { cache: response.headers.get("x-cache"), text: (await response.text()).trim() };
  };
  return {
    get,
    post: (path: string) => fetch(url + path, { method: "POST" }),
    cache,
    bump: () => version++,
    advance: (ms: number) => (clock += ms),
  };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("page cache", () => {
  it("keeps a public page and serves the same bytes until the site version moves", async () => {
    const s = await site();
    expect(await s.get("/blog")).toEqual({ cache: "miss", text: "<!doctype html><p>/blog n° 1</p>" });
    expect(await s.get("/blog")).toEqual({ cache: "hit", text: "<!doctype html><p>/blog n° 1</p>" });
    expect(await s.get("/blog?page=2")).toEqual({ cache: "miss", text: "<!doctype html><p>/blog n° 2</p>" });
    s.bump();
    s.advance(1000);
    expect(await s.get("/blog")).toEqual({ cache: "miss", text: "<!doctype html><p>/blog n° 3</p>" });
  });

  it("reads the version at most once a second, but at once after a form was answered", async () => {
    let reads = 0;
    let version = 1;
    const s = await site({
      readVersion: async () => {
        reads++;
        return version;
      },
    });
    await s.get("/");
    await s.get("/");
    await s.get("/");
    expect(reads).toBe(1);
    version = 2;
    expect((await s.get("/")).cache).toBe("hit");
    await s.post("/contact");
    expect((await s.get("/")).cache).toBe("miss");
    expect(reads).toBe(2);
  });

  it("lets pages end after their time, for what changes with time alone", async () => {
    const s = await site({ ttlMs: 60_000 });
    await s.get("/events");
    s.advance(59_000);
    expect((await s.get("/events")).cache).toBe("hit");
    s.advance(1_000);
    expect((await s.get("/events")).cache).toBe("miss");
  });

  it("never keeps a private page, a page that sets a cookie, or serves a request with a cookie", async () => {
    const s = await site();
    for (const path of ["/prive", "/cookie"]) {
      await s.get(path);
      expect(await s.get(path)).toEqual({ cache: null, text: `<!doctype html><p>${path} n° 2</p>` });
    }
    await s.get("/");
    expect((await s.get("/", { Cookie: "__Host-session=x" })).cache).toBeNull();
  });

  it("stays within its memory, dropping the least recently used page first", async () => {
    // Pages of 10 kB, compressed copies included: room for about three.
    const s = await site({ maxBytes: 35_000, size: 10_000 });
    await s.get("/a", { "Accept-Encoding": "identity" });
    await s.get("/b", { "Accept-Encoding": "identity" });
    await s.get("/c", { "Accept-Encoding": "identity" });
    await s.get("/a", { "Accept-Encoding": "identity" });
    await s.get("/d", { "Accept-Encoding": "identity" });
    expect(s.cache.stats().bytes).toBeLessThanOrEqual(35_000);
    expect((await s.get("/b", { "Accept-Encoding": "identity" })).cache).toBe("miss");
    expect((await s.get("/a", { "Accept-Encoding": "identity" })).cache).toBe("hit");
  });

  it("turns off with no memory", async () => {
    const s = await site({ maxBytes: 0 });
    await s.get("/");
    expect(await s.get("/")).toEqual({ cache: null, text: "<!doctype html><p>/ n° 2</p>" });
  });
});

describe("the policy of a kept page", () => {
  it("names its inline scripts by hash instead of the nonce, and ignores data blocks and external scripts", () => {
    const html = '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{}</script><script src="/x.js"></script><script>a()</script>';
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'";
    expect(policyForCachedPage(policy, html)).toBe(
      // SHA-256 of "a()" and of "b()", once each, in base64 (`openssl dgst -sha256 -binary | base64`).
      "default-src 'self'; script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=' 'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='; object-src 'none'",
    );
    expect(policyForCachedPage(policy, "<p>rien</p>")).toBe("default-src 'self'; script-src 'self'; object-src 'none'");
  });
});
