/**
 * Rendered public pages and feeds kept in memory, already compressed, so that most visits cost no rendering
 * (docs/decisions/016).
 *
 * - Only routes that declare the query parameters they read (`handle.query`, app/lib/page-handle.ts) are kept, under
 *   their path and those parameters alone: `?utm_source=…&fbclid=…` finds the same copy, and the application renders
 *   the canonical address, so the copy never echoes a parameter it was not keyed on.
 * - Only anonymous GETs are served from it or fill it: a request with a cookie (an administrator) or credentials
 *   always reaches the application, and only a 200 answer marked `public` without a cookie is kept.
 * - An entry is valid for the site version it was rendered at: the database moves `site_version` on at every write to
 *   what public pages show, whoever makes it; it is read again at most once a second, and before the next page after
 *   this process answered a form. Entries also end after `ttlMs`, for what changes with time alone (an event that
 *   becomes past, the weather in the footer, the month's garden calendar).
 * - A miss is compressed at a cheap level; a copy hit again is recompressed at the strongest one in the background,
 *   one at a time, and replaces the cheap one if the entry is still current. Only compressed copies are held: the plain
 *   text goes once one is made, and is read back from it for the rare client that accepts no compression.
 * - Every kept answer has an ETag and a Last-Modified, and a conditional request that matches gets a 304.
 * - The per-request nonce cannot survive: a kept page carries a policy with the SHA-256 of its own inline scripts.
 * - Bounded by `maxBytes`, least recently used first out.
 * - A hit is answered from Node's own request handler, before Express and its middleware (`shortcut`), with headers
 *   written once per entry and encoding: most of what a hit cost was Express, not sending. The Express middleware
 *   (`serve`) answers with the same function what the shortcut leaves to it (a version to read again, a body to
 *   compress), so that both send the same bytes and headers.
 */
import crypto from "node:crypto";
import type http from "node:http";
import type { TLSSocket } from "node:tls";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";
import type express from "express";
import { matchRoutes, type ServerBuild } from "react-router";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

type Encoding = "br" | "gzip" | "identity";
type Compressed = Exclude<Encoding, "identity">;

interface Entry {
  key: string;
  version: number;
  filledAt: number;
  headers: [string, string][];
  /** The plain text only until a compressed copy is made, then read back from that copy (`plain`). */
  bodies: Partial<Record<Encoding, Buffer>>;
  /** Encodings whose body is already the strongest compression. */
  best: Set<Compressed>;
  bytes: number;
  etag: string;
  /** Milliseconds, whole seconds as HTTP dates carry them. */
  lastModified: number;
  /** The status line's headers, as `writeHead` takes them, per answer: made at the first, until a body changes. */
  heads: Map<string, string[]>;
  /** When it was last kept or sent, as a count of uses: the least recent goes first. */
  usedAt: number;
}

export interface PageCacheOptions {
  /** 0 turns the cache off. */
  maxBytes: number;
  ttlMs: number;
  /** The site version kept in the database. */
  readVersion: () => Promise<number>;
  /** The query parameters the route of a path reads, or undefined for a route never kept (see `routeQueries`). */
  queryOf: (pathname: string) => readonly string[] | undefined;
  now?: () => number;
}

const VERSION_CHECK_MS = 1000;

/**
 * What an entry holds besides its bodies, counted in the bound: a page's headers (its policy alone is a kilobyte) are
 * kept as a list and again as the flat list of each answer written, a miss and a hit at least; each string and slot
 * costs V8 some 64 bytes more than its text, and the entry itself, its key and ETag about 512. Beside compressed
 * copies of 8 to 15 KB, that is too much to leave out of the bound.
 */
function bookkeeping(key: string, headers: [string, string][]) {
  let text = 0;
  for (const [name, value] of headers) text += name.length + value.length + 64;
  return 512 + key.length + 3 * text;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/g;
const DESCRIBES_BODY = new Set(["content-type", "content-disposition", "content-language"]);
/** Paths whose route is remembered. */
const KNOWN_PATHS = 2000;
/** Accept-Encoding headers whose answer is remembered (browsers send a handful). */
const KNOWN_ENCODINGS = 100;
/** Client addresses whose trust as a proxy is remembered (behind a proxy, one; direct, the visitors'). */
const KNOWN_ADDRESSES = 1000;

// On a miss, cheaper than the render (the levels compression() uses for pages, docs/decisions/009); the strongest for
// the copy that later visits get.
const FAST = {
  br: (size: number) => ({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  }),
  gzip: 6,
};
const BEST = {
  br: (size: number) => ({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
  }),
  gzip: 9,
};

/**
 * A copy of exactly its own size: zlib hands back a slice of its 64 KiB output chunk, and a kept 10 KB page would hold
 * the whole chunk (a full cache held five times its bound in the memory test).
 */
const ownBytes = (data: Buffer) =>
  data.byteLength === data.buffer.byteLength
    ? data
    : Buffer.from(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));

async function compress(data: Buffer, encoding: Compressed, levels: typeof FAST | typeof BEST) {
  return ownBytes(
    await (encoding === "br" ? brotli(data, levels.br(data.length)) : gzip(data, { level: levels.gzip })),
  );
}

/** The policy of a kept page: its inline scripts by their hash instead of the nonce of the request that made it. */
export function policyForCachedPage(policy: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\stype="(?!module"|text\/javascript")/i.test(attributes))
    .map(([, , body]) => `'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  return policy.replace(
    /script-src [^;]*/,
    `script-src 'self'${hashes.length ? ` ${[...new Set(hashes)].join(" ")}` : ""}`,
  );
}

/**
 * The query parameters each path's route declares in its `handle.query`, read from the build's route table; undefined
 * for a route that declares none (never kept) and for React Router's data requests (`….data`), which answer for the
 * same routes with other parameters of their own.
 */
export function routeQueries(routes: ServerBuild["routes"]): (pathname: string) => readonly string[] | undefined {
  interface Node {
    id: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
    children: Node[];
  }
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routes)) {
    if (route)
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: [],
      });
  }
  const tree: Node[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    (parent ? parent.children : tree).push(nodes.get(route.id)!);
  }
  return remembered((pathname: string) => {
    if (pathname.endsWith(".data")) return undefined;
    const leaf = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname)?.at(-1)?.route as Node | undefined;
    const declared = (leaf && (routes[leaf.id]?.module.handle as { query?: unknown } | undefined))?.query;
    return Array.isArray(declared) ? (declared.toSorted() as readonly string[]) : undefined;
  }, KNOWN_PATHS);
}

/**
 * `compute` remembered per key, for at most `limit` keys: past it the memory starts again, so keys a visitor makes up
 * cost nothing more.
 */
function remembered<K, V>(compute: (key: K) => V, limit: number): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}

/** RFC 9110 §13.1.2: a weak comparison, with `*` for any. */
function matchesEtag(header: string, etag: string) {
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

/** Whether the client's copy is this entry (If-None-Match first, If-Modified-Since only without it). */
function notModified(req: http.IncomingMessage, entry: Entry) {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, entry.etag);
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  return !Number.isNaN(since) && entry.lastModified <= since;
}

const negotiated = remembered((header: string): Encoding => {
  const accepted = accepts({ headers: { "accept-encoding": header } } as http.IncomingMessage);
  return accepted.encodings("br") ? "br" : accepted.encodings("gzip") ? "gzip" : "identity";
}, KNOWN_ENCODINGS);

/**
 * The encoding an Accept-Encoding header gets, as Express negotiates it (`accepts`, q-values and `*` included):
 * brotli first whenever accepted, as browsers list gzip first but brotli is smaller.
 */
export function encodingFor(header: string | undefined): Encoding {
  return negotiated(header ?? "");
}

type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** Express's `req.protocol` for a request that does not reach Express: X-Forwarded-Proto only from a trusted proxy. */
function protocolOf(req: http.IncomingMessage, trust: TrustProxy) {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers["x-forwarded-proto"];
  const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || own;
  const comma = header.indexOf(",");
  return comma === -1 ? header.trim() : header.slice(0, comma).trim();
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: number | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  let upgrading = false;
  const enabled = options.maxBytes > 0;

  function clear() {
    entries.clear();
    bytes = 0;
  }

  /** The current site version, read again when a second has passed or a form was answered here. */
  async function currentVersion(): Promise<number> {
    if (version === undefined || now() - checkedAt >= VERSION_CHECK_MS) {
      checking ??= options
        .readVersion()
        .then((read) => {
          if (read !== version) clear();
          version = read;
          checkedAt = now();
        })
        .finally(() => (checking = undefined));
      await checking;
    }
    return version!;
  }

  /**
   * The key and the address to render of a request for a kept route: its path and the parameters it reads, sorted,
   * first value of each (what `searchParams.get` gives). Undefined for a route that is never kept.
   */
  function target(url: string, protocol: string): { key: string; path: string } | undefined {
    const mark = url.indexOf("?");
    const pathname = mark < 0 ? url : url.slice(0, mark);
    const query = options.queryOf(pathname);
    if (!query) return undefined;
    let path = pathname;
    if (mark >= 0 && query.length) {
      const given = new URLSearchParams(url.slice(mark + 1));
      const kept = new URLSearchParams();
      for (const name of query) {
        const value = given.get(name);
        if (value !== null) kept.append(name, value);
      }
      if (kept.size) path += `?${kept}`;
    }
    // Per scheme too: a page reached over HTTPS carries HSTS, one over plain HTTP does not.
    return { key: `${protocol}:${path}`, path };
  }

  const cacheable = (req: express.Request) =>
    enabled && (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie && !req.headers.authorization;

  /** Uses so far, which dates each entry's last use (`used`). */
  let uses = 0;

  /**
   * Dates a hit for the bound. A counter rather than moving the entry to the end of the Map: a delete and a set on every
   * hit made old-generation garbage, and the collections it caused cost about a tenth of the hits' throughput.
   */
  function used(entry: Entry) {
    entry.usedAt = ++uses;
  }

  /**
   * Drops the least recently used entries until the bound is kept. A scan, run only when a page or a copy is added:
   * even at the largest bound's hundred thousand pages, far less than rendering the page that was added.
   */
  function evict() {
    while (bytes > options.maxBytes && entries.size > 0) {
      let oldest: Entry | undefined;
      for (const entry of entries.values()) if (!oldest || entry.usedAt < oldest.usedAt) oldest = entry;
      entries.delete(oldest!.key);
      bytes -= oldest!.bytes;
    }
  }

  function remember(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) bytes -= old.bytes;
    used(entry);
    entries.set(key, entry);
    bytes += entry.bytes;
    evict();
  }

  /**
   * Adds or replaces a compressed body; it counts in the bound while the entry is held. The plain text goes: a page is
   * three to five times its brotli copy, and the few visitors who take it uncompressed get it read back.
   */
  function setBody(entry: Entry, encoding: Compressed, data: Buffer) {
    const change = data.length - (entry.bodies[encoding]?.length ?? 0) - (entry.bodies.identity?.length ?? 0);
    entry.bodies[encoding] = data;
    delete entry.bodies.identity;
    entry.heads.clear();
    entry.bytes += change;
    if (entries.get(entry.key) === entry) {
      bytes += change;
      evict();
    }
  }

  /** The answer's own bytes, from whichever copy the entry holds. */
  function plain({ bodies }: Entry): Promise<Buffer> {
    if (bodies.identity) return Promise.resolve(bodies.identity);
    return bodies.br ? unbrotli(bodies.br) : gunzip(bodies.gzip!);
  }

  /** The body in `encoding`, compressed now (and kept) when the entry has no such copy yet. */
  async function body(entry: Entry, encoding: Encoding): Promise<Buffer> {
    const known = entry.bodies[encoding];
    if (known) return known;
    const text = await plain(entry);
    if (encoding === "identity") return text;
    const made = await compress(text, encoding, FAST);
    if (!entry.bodies[encoding]) setBody(entry, encoding, made);
    return entry.bodies[encoding]!;
  }

  /**
   * The strongest copy of a body visitors came back for, made on zlib's threads after the answer went out, one at a
   * time (a copy nobody asks for twice never costs it).
   */
  function upgrade(entry: Entry, encoding: Compressed) {
    if (upgrading || entry.best.has(encoding)) return;
    upgrading = true;
    plain(entry)
      .then((text) => compress(text, encoding, BEST))
      .then((best) => {
        entry.best.add(encoding);
        // Replaced only while this entry is the one kept: a replaced or dropped one is left as it was.
        if (entries.get(entry.key) === entry) setBody(entry, encoding, best);
      })
      .catch(() => {})
      .finally(() => (upgrading = false));
  }

  /** The headers of an answer from an entry: a 304 carries none that describes a body (RFC 9110 §15.4.5). */
  function head(entry: Entry, from: "hit" | "miss", status: 200 | 304, encoding: Encoding, length: number) {
    const name = `${from} ${status} ${encoding}`;
    let flat = entry.heads.get(name);
    if (!flat) {
      flat = ["X-Cache", from, "ETag", entry.etag, "Last-Modified", new Date(entry.lastModified).toUTCString()];
      flat.push("Vary", "Accept-Encoding");
      // The policy and security headers stay on a 304, as a browser refreshes its stored ones from them.
      for (const [header, value] of entry.headers)
        if (status === 200 || !DESCRIBES_BODY.has(header)) flat.push(header, value);
      if (status === 200) {
        if (encoding !== "identity") flat.push("Content-Encoding", encoding);
        flat.push("Content-Length", String(length));
      }
      entry.heads.set(name, flat);
    }
    return flat;
  }

  /**
   * Sends a kept answer at once, with `made` as its body when given; false, having sent nothing, when its body in the
   * encoding asked is not made yet.
   */
  function write(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    entry: Entry,
    from: "hit" | "miss",
    made?: Buffer,
  ) {
    if (notModified(req, entry)) {
      res.writeHead(304, head(entry, from, 304, "identity", 0)).end();
      return true;
    }
    const encoding = encodingFor(req.headers["accept-encoding"]);
    const data = made ?? entry.bodies[encoding];
    if (!data) return false;
    res.writeHead(200, head(entry, from, 200, encoding, data.length));
    if (req.method === "HEAD") return (res.end(), true);
    res.end(data);
    if (from === "hit" && encoding !== "identity") upgrade(entry, encoding);
    return true;
  }

  async function send(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, from: "hit" | "miss") {
    if (write(req, res, entry, from)) return;
    write(req, res, entry, from, await body(entry, encodingFor(req.headers["accept-encoding"])));
  }

  /**
   * A hit answered without Express, when the version was read less than a second ago and the entry is current; its
   * body in the encoding asked is sent at once, or made first (read back from a compressed copy for a client that takes
   * none, or compressed now), still without Express: requests through Express leave Node's own HTTP code slower for
   * every hit after them (decision 035). Anything else is left to `serve`; a body that cannot be made, to `fallback`.
   */
  function answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    trust: TrustProxy,
    fallback: http.RequestListener,
  ): boolean {
    if (!enabled || version === undefined || now() - checkedAt >= VERSION_CHECK_MS) return false;
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || req.headers.authorization)
      return false;
    const kept = target(req.url!, protocolOf(req, trust));
    const entry = kept && entries.get(kept.key);
    if (!entry || entry.version !== version || now() - entry.filledAt >= options.ttlMs) return false;
    used(entry);
    // Sent at once when its body is made; else `send` makes it first, as for a hit through Express.
    if (!write(req, res, entry, "hit")) send(req, res, entry, "hit").catch(() => fallback(req, res));
    return true;
  }

  return {
    /** Express middleware: answers from memory when it can, else lets the request through. */
    serve: (async (req, res, next) => {
      if (!cacheable(req)) {
        // A form answered here may have changed what pages show: the next page checks the version first.
        if (req.method === "POST") res.once("finish", () => (checkedAt = -Infinity));
        return next();
      }
      const kept = target(req.originalUrl, req.protocol);
      if (!kept) return next();
      res.locals.pageCachePath = kept.path;
      try {
        const current = await currentVersion();
        const entry = entries.get(kept.key);
        if (entry && entry.version === current && now() - entry.filledAt < options.ttlMs) {
          used(entry);
          return await send(req, res, entry, "hit");
        }
        res.locals.pageCache = { key: kept.key, version: current, previous: entry };
      } catch {
        // The database does not answer: the application says so itself.
      }
      next();
    }) satisfies express.RequestHandler,

    /**
     * The server's request handler: a hit answered at once from Node's handler, anything else handed to `app` (whose
     * `serve` answers the hits this leaves). A stop waits for a hit whose body is being made as for any open request:
     * `server.close()` ends only when its connection does.
     */
    shortcut(app: express.Express): http.RequestListener {
      const trustProxy = app.get("trust proxy fn") as TrustProxy;
      // Whether an address is a trusted proxy, remembered: parsing it costed more than the rest of a hit.
      const trust: TrustProxy = remembered((address: string | undefined) => trustProxy(address, 0), KNOWN_ADDRESSES);
      const toExpress = (req: http.IncomingMessage, res: http.ServerResponse) => void app(req, res);
      return (req, res) => {
        if (!answer(req, res, trust, toExpress)) toExpress(req, res);
      };
    },

    /**
     * The address the application renders for a request `serve` let through: the path and the parameters its route
     * reads, so that a kept page never shows a parameter it was not kept under (a form's action, for one).
     */
    renderPath: (res: express.Response): string | undefined => res.locals.pageCachePath,

    /**
     * Called with the application's answer to a request `serve` let through: keeps it when it may be kept and sends
     * it from memory (returns true), else returns false and the caller sends `response` as it is.
     */
    async keep(req: express.Request, res: express.Response, response: Response): Promise<boolean> {
      const pending = res.locals.pageCache as { key: string; version: number; previous?: Entry } | undefined;
      if (
        pending === undefined ||
        req.method !== "GET" ||
        response.status !== 200 ||
        !/\bpublic\b/.test(response.headers.get("cache-control") ?? "") ||
        response.headers.has("set-cookie")
      ) {
        return false;
      }
      const html = response.headers.get("content-type")?.startsWith("text/html");
      const identity = html
        ? Buffer.from((await response.text()).replace(NONCE_ATTRIBUTE, ""))
        : Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(
        ([name]) => !["content-length", "content-encoding", "vary", "etag", "last-modified"].includes(name),
      );
      const policy = headers.find(([name]) => name === "content-security-policy");
      if (policy && html) policy[1] = policyForCachedPage(policy[1], identity.toString());
      const etag = `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
      const filledAt = now();
      // The same bytes as the copy this one replaces keep its date, so that If-Modified-Since still matches.
      const lastModified =
        pending.previous?.etag === etag ? pending.previous.lastModified : Math.floor(filledAt / 1000) * 1000;
      const entry: Entry = {
        key: pending.key,
        version: pending.version,
        filledAt,
        headers,
        bodies: { identity },
        best: new Set(),
        bytes: identity.length + bookkeeping(pending.key, headers),
        etag,
        lastModified,
        heads: new Map(),
        usedAt: 0,
      };
      // A version that moved while rendering: send this page, keep nothing.
      if (pending.version === version) remember(pending.key, entry);
      await send(req, res, entry, "miss");
      return true;
    },

    /**
     * Entries and bytes counted in the bound, and the bytes their bodies' memory really spans (the tests check the bound
     * with them).
     */
    stats: () => {
      let held = 0;
      for (const entry of entries.values())
        for (const copy of Object.values(entry.bodies)) held += copy.buffer.byteLength;
      return { entries: entries.size, bytes, held };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
