import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import routeConfig from "../../app/routes";
import { createPageCache, policyForCachedPage, routeQueries, type PageCacheOptions } from "../../server/page-cache";

/** The query parameters each stand-in route reads; any other path is a route that declares none. */
const QUERIES: Record<string, readonly string[]> = { "/search": ["q"], "/liste": ["page", "type"], "/flux.xml": [] };
const standInQueries = (pathname: string) =>
  pathname === "/login" || pathname === "/prive-sans-declaration" ? undefined : (QUERIES[pathname] ?? []);

/** Words in no order, so that brotli's levels give sizes far apart. */
function text(bytes: number) {
  const words =
    "tomate courge compost paillage semis arrosage parcelle jardin radis carotte haricot fraise oignon poireau chou".split(
      " ",
    );
  let seed = 1;
  let out = "";
  while (out.length < bytes) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out += `${words[seed % words.length]} `;
  }
  return out;
}

/**
 * The cache in front of a stand-in application whose pages are `size` bytes and say which address they were rendered
 * for and how often. `/flux.xml` is a feed whose bytes never change.
 */
async function site(options: Partial<PageCacheOptions> & { size?: number; body?: string } = {}) {
  let version = 1;
  let clock = Date.parse("2026-11-21T10:00:00Z");
  const rendered = new Map<string, number>();
  const cache = createPageCache({
    maxBytes: 1024 * 1024,
    ttlMs: 60_000,
    readVersion: async () => version,
    queryOf: standInQueries,
    now: () => clock,
    ...options,
  });
  const app = express();
  app.disable("x-powered-by");
  // Proxies on this machine are believed, as TRUST_PROXY=loopback does.
  app.set("trust proxy", "loopback");
  let reachedExpress = 0;
  app.use((_req, _res, next) => {
    reachedExpress++;
    next();
  });
  app.use(cache.serve);
  app.use(async (req, res) => {
    const count = (rendered.get(req.path) ?? 0) + 1;
    rendered.set(req.path, count);
    // What React Router gets: the address the cache gives, else the one asked for.
    const address = cache.renderPath(res) ?? req.originalUrl;
    const feed = req.path === "/flux.xml";
    const headers: Record<string, string> = {
      "content-type": feed ? "application/rss+xml; charset=utf-8" : "text/html; charset=utf-8",
      "cache-control": req.path === "/prive" ? "private, no-store" : "public, max-age=0",
    };
    if (req.path === "/cookie") headers["set-cookie"] = "a=b";
    if (req.secure) headers["strict-transport-security"] = "max-age=31536000";
    const body = feed
      ? "<rss><channel><title>Blog</title></channel></rss>"
      : (options.body ?? `<!doctype html><p>${address} n° ${count}</p>`.padEnd(options.size ?? 100, " "));
    const response = new Response(body, { headers });
    if (!(await cache.keep(req, res, response))) res.set(headers).end(await response.text());
  });
  // As server.ts serves: hits before Express. A second server on the same cache sends everything through Express.
  const listen = async (listener: http.RequestListener) => {
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const url = await listen(cache.shortcut(app));
  const expressUrl = await listen(app);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, { headers });
    return { cache: response.headers.get("x-cache"), text: (await response.text()).trim() };
  };
  return {
    url,
    expressUrl,
    reachedExpress: () => reachedExpress,
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
    expect(await s.get("/search?q=semis")).toEqual({
      cache: "miss",
      text: "<!doctype html><p>/search?q=semis n° 1</p>",
    });
    s.bump();
    s.advance(1000);
    expect(await s.get("/blog")).toEqual({ cache: "miss", text: "<!doctype html><p>/blog n° 2</p>" });
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

describe("the key of a kept page", () => {
  it("is the path and the parameters its route reads: tracking parameters find the same copy and never reach the page", async () => {
    const s = await site();
    expect(await s.get("/")).toEqual({ cache: "miss", text: "<!doctype html><p>/ n° 1</p>" });
    expect(await s.get("/?utm_source=facebook&utm_medium=social&fbclid=IwAR3x")).toEqual({
      cache: "hit",
      text: "<!doctype html><p>/ n° 1</p>",
    });
    expect(await s.get("/?fbclid=autre")).toEqual({ cache: "hit", text: "<!doctype html><p>/ n° 1</p>" });

    // Rendered for the canonical address, even when the first visitor came with a tracking parameter.
    expect(await s.get("/search?fbclid=a&q=semis&utm_campaign=b")).toEqual({
      cache: "miss",
      text: "<!doctype html><p>/search?q=semis n° 1</p>",
    });
    expect(await s.get("/search?q=semis&gclid=c")).toEqual({
      cache: "hit",
      text: "<!doctype html><p>/search?q=semis n° 1</p>",
    });
    expect(await s.get("/search?q=radis")).toEqual({
      cache: "miss",
      text: "<!doctype html><p>/search?q=radis n° 2</p>",
    });
    // Sorted, and the first value of each, as the route's `searchParams.get` reads it.
    expect((await s.get("/liste?type=don&page=2&type=vente&x=1")).text).toBe(
      "<!doctype html><p>/liste?page=2&type=don n° 1</p>",
    );
    expect(await s.get("/liste?page=2&utm_source=x&type=don")).toEqual({
      cache: "hit",
      text: "<!doctype html><p>/liste?page=2&type=don n° 1</p>",
    });
    expect((await s.get("/liste?page=3&type=don")).cache).toBe("miss");
  });

  it("leaves a route that declares no parameters alone: never kept, its address untouched", async () => {
    const s = await site();
    expect(await s.get("/login?compte-pret=1&fbclid=x")).toEqual({
      cache: null,
      text: "<!doctype html><p>/login?compte-pret=1&fbclid=x n° 1</p>",
    });
    expect(await s.get("/login?compte-pret=1&fbclid=x")).toEqual({
      cache: null,
      text: "<!doctype html><p>/login?compte-pret=1&fbclid=x n° 2</p>",
    });
  });
});

describe("compression of a kept page", () => {
  const page = `<!doctype html><main>${text(24_000)}</main>`;
  const strongest = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

  it("is quick for a miss, the strongest copy replaces it in the background once the page is asked for again, and only compressed copies are held", async () => {
    const s = await site({ body: page });
    // As sent: fetch would decompress them.
    const raw = (encoding: string) =>
      new Promise<{ cache: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${s.url}/blog`, { headers: { "Accept-Encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ cache: response.headers["x-cache"] as string | undefined, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject);
      });
    const size = async () => {
      const { cache, body } = await raw("br");
      expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
      return { cache, bytes: body.length };
    };
    const miss = await size();
    expect(miss.cache).toBe("miss");
    // Brotli 11 costs more than rendering the page: a miss gets a cheaper level, a third larger here.
    expect(miss.bytes).toBeGreaterThan(strongest * 1.3);
    await expect
      .poll(async () => (await size()).bytes, { interval: 20, timeout: 5000 })
      .toBeLessThanOrEqual(strongest * 1.02);
    // The plain text is not kept beside its brotli copy: the copy and a kilobyte or two for its headers.
    expect(s.cache.stats().bytes).toBeLessThanOrEqual(strongest + 2_000);

    // Gzip likewise, made from the brotli copy, and a client that accepts neither gets the page as it is, read back.
    expect(zlib.gunzipSync((await raw("gzip")).body).toString()).toBe(page);
    const gzipped = zlib.gzipSync(page, { level: 6 }).length;
    expect(s.cache.stats().bytes).toBeLessThan(page.length / 2);
    expect(s.cache.stats().bytes).toBeGreaterThan(gzipped * 0.9);
    // What the copies hold is what they count: not zlib's 64 KiB output chunk each.
    expect(s.cache.stats().held).toBeLessThanOrEqual(s.cache.stats().bytes);
    const plain = await raw("identity");
    expect(plain.cache).toBe("hit");
    expect(plain.body.toString()).toBe(page);
  });
});

describe("hits answered before Express", () => {
  const page = `<!doctype html><main>${text(24_000)}</main>`;
  const strongest = {
    br: zlib.brotliCompressSync(page, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page),
      },
    }).length,
    gzip: zlib.gzipSync(page, { level: 9 }).length,
  };

  /** An answer as it comes off the wire: status, every header in order and as spelled (the date aside), body bytes. */
  function wire(url: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
      const request = http.request(url, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = response.rawHeaders;
          const kept: string[] = [];
          for (let i = 0; i < raw.length; i += 2)
            if (raw[i].toLowerCase() !== "date") kept.push(`${raw[i]}: ${raw[i + 1]}`);
          resolve({ status: response.statusCode!, headers: kept, body: Buffer.concat(chunks) });
        });
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("send exactly the bytes and headers Express sends, for each encoding, HEAD, a 304 and a proxied HTTPS request", async () => {
    const s = await site({ body: page });
    // What each asks for, and the encoding it gets (brotli whenever accepted, `*` included; a q of 0 refuses).
    const asked: [Record<string, string>, string | undefined][] = [
      [{}, undefined],
      [{ "Accept-Encoding": "gzip, deflate, br, zstd" }, "br"],
      [{ "Accept-Encoding": "gzip" }, "gzip"],
      [{ "Accept-Encoding": "br;q=0, gzip;q=0.5" }, "gzip"],
      [{ "Accept-Encoding": "identity" }, undefined],
      [{ "Accept-Encoding": "*" }, "br"],
      [{ "Accept-Encoding": "br", "X-Forwarded-Proto": "https" }, "br"],
    ];
    // Each copy made and already at its strongest, so that nothing changes between the two answers compared.
    for (const [headers] of asked) await wire(`${s.expressUrl}/blog`, headers);
    for (const [headers, encoding] of asked.filter(([, compressed]) => compressed !== undefined))
      await vi.waitFor(async () =>
        expect((await wire(`${s.expressUrl}/blog`, headers)).headers).toEqual(
          expect.arrayContaining([
            `Content-Encoding: ${encoding}`,
            `Content-Length: ${strongest[encoding as "br" | "gzip"]}`,
          ]),
        ),
      );
    const etag = (await fetch(`${s.expressUrl}/blog`)).headers.get("etag")!;
    // Every one answered by the shortcut, a plain body too (read back from a compressed copy).
    const cases: [Record<string, string>, string][] = [
      ...asked.map(([headers]) => [headers, "GET"] as [Record<string, string>, string]),
      [{ "Accept-Encoding": "br" }, "HEAD"],
      [{ "Accept-Encoding": "br", "If-None-Match": etag }, "GET"],
      [{ "If-Modified-Since": "Sat, 21 Nov 2026 10:00:00 GMT" }, "GET"],
    ];
    const answers = [];
    for (const [headers, method] of cases) {
      const before = s.reachedExpress();
      const answer = await wire(`${s.url}/blog`, headers, method);
      expect(s.reachedExpress(), `${method} ${JSON.stringify(headers)} answered without Express`).toBe(before);
      const full = await wire(`${s.expressUrl}/blog`, headers, method);
      expect(answer, `${method} ${JSON.stringify(headers)}`).toEqual(full);
      answers.push(answer);
    }
    expect(answers.map((answer) => [answer.status, answer.headers.includes("X-Cache: hit")])).toEqual([
      ...asked.map(() => [200, true]),
      [200, true],
      [304, true],
      [304, true],
    ]);
    expect(answers[7].body.length).toBe(0);
    // The scheme a trusted proxy names has its own copy: HSTS only on the HTTPS one.
    expect(answers.map((answer) => answer.headers.some((h) => h.startsWith("strict-transport-security")))).toEqual(
      cases.map(([headers]) => headers["X-Forwarded-Proto"] === "https"),
    );
  });

  it("are never answered for a request with a cookie or credentials, nor for a version to read again", async () => {
    const s = await site();
    await s.get("/blog");
    expect((await s.get("/blog")).cache).toBe("hit");
    for (const headers of [{ Cookie: "__Host-session=x" }, { Authorization: "Basic eDp5" }] as Record<
      string,
      string
    >[]) {
      const before = s.reachedExpress();
      const answer = await s.get("/blog", headers);
      expect(answer.cache).toBeNull();
      expect(answer.text).not.toBe("<!doctype html><p>/blog n° 1</p>");
      expect(s.reachedExpress()).toBe(before + 1);
      await s.get("/blog");
    }
    // A second later the version is read again, through Express, which still answers from memory.
    s.advance(1000);
    const before = s.reachedExpress();
    expect((await s.get("/blog")).cache).toBe("hit");
    expect(s.reachedExpress()).toBe(before + 1);
    expect((await s.get("/blog")).cache).toBe("hit");
    expect(s.reachedExpress()).toBe(before + 1);
  });
});

describe("conditional requests", () => {
  it("get a 304 when the ETag or the date matches, from memory and after a new render of the same bytes", async () => {
    const s = await site();
    const first = await fetch(`${s.url}/flux.xml`);
    expect([first.status, first.headers.get("x-cache"), first.headers.get("content-type")]).toEqual([
      200,
      "miss",
      "application/rss+xml; charset=utf-8",
    ]);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(lastModified).toBe("Sat, 21 Nov 2026 10:00:00 GMT");

    const conditional = async (headers: Record<string, string>) => {
      const response = await fetch(`${s.url}/flux.xml`, { headers });
      return [response.status, response.headers.get("x-cache"), (await response.text()).length > 0];
    };
    expect(await conditional({ "If-None-Match": etag })).toEqual([304, "hit", false]);
    expect(await conditional({ "If-None-Match": `W/"autre", ${etag.slice(2)}` })).toEqual([304, "hit", false]);
    expect(await conditional({ "If-None-Match": 'W/"autre"' })).toEqual([200, "hit", true]);
    expect(await conditional({ "If-Modified-Since": lastModified })).toEqual([304, "hit", false]);
    expect(await conditional({ "If-Modified-Since": "Sat, 21 Nov 2026 09:59:59 GMT" })).toEqual([200, "hit", true]);
    // If-None-Match decides when both are given.
    expect(await conditional({ "If-None-Match": 'W/"autre"', "If-Modified-Since": lastModified })).toEqual([
      200,
      "hit",
      true,
    ]);

    // Past its time the feed is rendered again: the same bytes keep their ETag and their date.
    s.advance(60_000);
    expect(await conditional({ "If-Modified-Since": lastModified })).toEqual([304, "miss", false]);
    s.advance(60_000);
    expect(await conditional({ "If-None-Match": etag })).toEqual([304, "miss", false]);
    const again = await fetch(`${s.url}/flux.xml`);
    expect([again.headers.get("etag"), again.headers.get("last-modified")]).toEqual([etag, lastModified]);

    // Pages too; a changed page has another ETag.
    const page = await fetch(`${s.url}/blog`);
    expect((await fetch(`${s.url}/blog`, { headers: { "If-None-Match": page.headers.get("etag")! } })).status).toBe(
      304,
    );
    s.bump();
    s.advance(1000);
    const changed = await fetch(`${s.url}/blog`, { headers: { "If-None-Match": page.headers.get("etag")! } });
    expect([changed.status, await changed.text()]).toEqual([200, "<!doctype html><p>/blog n° 2</p>".padEnd(100, " ")]);
  });
});

describe("the parameters each route declares", () => {
  const stub = (id: string, fields: { parentId?: string; path?: string; index?: boolean; module?: object }) => ({
    id,
    module: {},
    ...fields,
  });

  it("come from the leaf route's handle, sorted; a route without one, or a data request, is never kept", () => {
    const queryOf = routeQueries({
      root: stub("root", { path: "" }),
      layout: stub("layout", { parentId: "root" }),
      home: stub("home", { parentId: "layout", index: true, module: { handle: { query: [] } } }),
      list: stub("list", { parentId: "layout", path: "annonces", module: { handle: { query: ["type", "page"] } } }),
      post: stub("post", { parentId: "layout", path: "blog/:id", module: { handle: { query: [] } } }),
      mine: stub("mine", { parentId: "layout", path: "ma-demande/:token" }),
      feed: stub("feed", { parentId: "root", path: "blog/rss.xml", module: { handle: { query: [] } } }),
      unknown: stub("unknown", { parentId: "root", path: "*" }),
    } as unknown as ServerBuild["routes"]);
    expect(queryOf("/")).toEqual([]);
    expect(queryOf("/annonces")).toEqual(["page", "type"]);
    expect(queryOf("/blog/12")).toEqual([]);
    expect(queryOf("/blog/rss.xml")).toEqual([]);
    expect(queryOf("/blog/12.data")).toBeUndefined();
    expect(queryOf("/_root.data")).toBeUndefined();
    expect(queryOf("/ma-demande/abc")).toBeUndefined();
    expect(queryOf("/nulle-part")).toBeUndefined();
  });

  it("cover every public page and feed of the site, and every parameter their code reads", async () => {
    // The build's route table, from app/routes.ts and the route modules themselves.
    const modules = import.meta.glob<Record<string, unknown>>(["../../app/routes/**/*.{ts,tsx}", "!**/*.test.*"]);
    type Config = { id?: string; file: string; path?: string; index?: boolean; children?: Config[] };
    const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
    const sources = new Map<string, string>();
    const add = async (entries: Config[], parentId: string) => {
      for (const entry of entries) {
        const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
        const module = await modules[`../../app/${entry.file}`]!();
        routes[id] = { id, parentId, path: entry.path, index: entry.index, module };
        sources.set(id, fs.readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), "utf8"));
        await add(entry.children ?? [], id);
      }
    };
    await add(routeConfig as Config[], "root");
    const queryOf = routeQueries(routes as ServerBuild["routes"]);

    const expected: Record<string, readonly string[] | undefined> = {
      "/": [],
      "/association": [],
      "/blog": ["page"],
      "/blog/1": [],
      "/events": ["page"],
      "/events/1": [],
      "/annonces": ["type"],
      "/apply": [],
      "/contact": [],
      "/search": ["page", "q"],
      "/mentions-legales": [],
      "/blog/rss.xml": [],
      "/events/calendar.ics": [],
      "/sitemap.xml": [],
      // Never kept: private, the back-office, sign-in, and what is not a page.
      "/ma-demande/abc": undefined,
      "/login": undefined,
      "/logout": undefined,
      "/admin": undefined,
      "/admin/blog": undefined,
      // A preview and an earlier version, though in the public layout.
      "/admin/apercu/article": undefined,
      "/admin/blog/1/versions/2": undefined,
      "/api/meteo": undefined,
      "/healthz": undefined,
      "/robots.txt": undefined,
      "/media/x.jpg": undefined,
      "/nulle-part": undefined,
    };
    expect(Object.fromEntries(Object.keys(expected).map((pathname) => [pathname, queryOf(pathname)]))).toEqual(
      expected,
    );

    // A parameter read in a kept route's file but not declared would never reach it.
    const undeclared = Object.entries(routes as Record<string, { module: { handle?: { query?: string[] } } }>).flatMap(
      ([id, route]) => {
        const declared = route.module.handle?.query;
        if (!declared) return [];
        const read = [...(sources.get(id) ?? "").matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)].map(
          ([, name]) => name,
        );
        return read.filter((name) => !declared.includes(name)).map((name) => `${id}: ${name}`);
      },
    );
    expect(undeclared).toEqual([]);
  }, 60_000);
});

describe("the policy of a kept page", () => {
  it("names its inline scripts by hash instead of the nonce, and ignores data blocks and external scripts", () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{}</script><script src="/x.js"></script><script>a()</script>';
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; object-src 'none'";
    expect(policyForCachedPage(policy, html)).toBe(
      // SHA-256 of "a()" and of "b()", once each, in base64 (`openssl dgst -sha256 -binary | base64`).
      "default-src 'self'; script-src 'self' 'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4=' 'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='; object-src 'none'",
    );
    expect(policyForCachedPage(policy, "<p>rien</p>")).toBe("default-src 'self'; script-src 'self'; object-src 'none'");
  });
});
