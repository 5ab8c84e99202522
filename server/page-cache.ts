/**
 * Rendered public pages kept in memory, already compressed, so that most visits cost no rendering (docs/decisions/016).
 *
 * - Only anonymous GETs are served from it or fill it: a request with a cookie (an administrator) or credentials
 *   always reaches the application, and only a 200 HTML answer marked `public` without a cookie is kept.
 * - An entry is valid for the site version it was rendered at: the database moves `site_version` on at every write to
 *   what public pages show, whoever makes it; it is read again at most once a second, and before the next page after
 *   this process answered a form. Entries also end after `ttlMs`, for what changes with time alone (an event that
 *   becomes past, the weather in the footer, the month's garden calendar).
 * - The per-request nonce cannot survive: a kept page carries a policy with the SHA-256 of its own inline scripts.
 * - Bounded by `maxBytes`, least recently used first out.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  version: number;
  filledAt: number;
  headers: [string, string][];
  bodies: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

export interface PageCacheOptions {
  /** 0 turns the cache off. */
  maxBytes: number;
  ttlMs: number;
  /** The site version kept in the database. */
  readVersion: () => Promise<number>;
  now?: () => number;
}

const VERSION_CHECK_MS = 1000;
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/g;

/** The policy of a kept page: its inline scripts by their hash instead of the nonce of the request that made it. */
export function policyForCachedPage(policy: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\stype="(?!module"|text\/javascript")/i.test(attributes))
    .map(([, , body]) => `'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  return policy.replace(/script-src [^;]*/, `script-src 'self'${hashes.length ? ` ${[...new Set(hashes)].join(" ")}` : ""}`);
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: number | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
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

  // Per scheme too: a page reached over HTTPS carries HSTS, one over plain HTTP does not.
  const keyOf = (req: express.Request) => `${req.protocol}:${req.originalUrl}`;
  const cacheable = (req: express.Request) =>
    enabled && (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie && !req.headers.authorization;

  function encodingFor(req: express.Request): Encoding {
    // Brotli first whenever accepted: browsers list gzip first, but brotli is smaller.
    if (req.acceptsEncodings("br")) return "br";
    if (req.acceptsEncodings("gzip")) return "gzip";
    return "identity";
  }

  function remember(key: string, entry: Entry) {
    const old = entries.get(key);
    if (old) bytes -= old.bytes;
    entries.delete(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, value] of entries) {
      if (bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= value.bytes;
    }
  }

  async function body(entry: Entry, encoding: Encoding): Promise<Buffer> {
    const known = entry.bodies[encoding];
    if (known) return known;
    const html = entry.bodies.identity!;
    // Compressed once per entry, at the strongest setting: every later visit gets these bytes.
    const made =
      encoding === "br"
        ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
        : await gzip(html, { level: 9 });
    entry.bodies[encoding] = made;
    entry.bytes += made.length;
    bytes += made.length;
    return made;
  }

  async function send(req: express.Request, res: express.Response, entry: Entry, from: "hit" | "miss") {
    const encoding = encodingFor(req);
    const data = await body(entry, encoding);
    res.status(200);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", data.length);
    res.setHeader("X-Cache", from);
    if (req.method === "HEAD") res.end();
    else res.end(data);
  }

  return {
    /** Express middleware: answers from memory when it can, else lets the request through. */
    serve: (async (req, res, next) => {
      if (!cacheable(req)) {
        // A form answered here may have changed what pages show: the next page checks the version first.
        if (req.method === "POST") res.once("finish", () => (checkedAt = -Infinity));
        return next();
      }
      try {
        const current = await currentVersion();
        const entry = entries.get(keyOf(req));
        if (entry && entry.version === current && now() - entry.filledAt < options.ttlMs) {
          remember(keyOf(req), entry);
          return await send(req, res, entry, "hit");
        }
        res.locals.pageCacheVersion = current;
      } catch {
        // The database does not answer: the application says so itself.
      }
      next();
    }) satisfies express.RequestHandler,

    /**
     * Called with the application's answer to a request `serve` let through: keeps it when it may be kept and sends
     * it from memory (returns true), else returns false and the caller sends `response` as it is.
     */
    async keep(req: express.Request, res: express.Response, response: Response): Promise<boolean> {
      const renderedAt = res.locals.pageCacheVersion as number | undefined;
      if (
        renderedAt === undefined ||
        req.method !== "GET" ||
        response.status !== 200 ||
        !response.headers.get("content-type")?.startsWith("text/html") ||
        !/\bpublic\b/.test(response.headers.get("cache-control") ?? "") ||
        response.headers.has("set-cookie")
      ) {
        return false;
      }
      const html = (await response.text()).replace(NONCE_ATTRIBUTE, "");
      const headers = [...response.headers].filter(([name]) => !["content-length", "content-encoding", "vary"].includes(name));
      const policy = headers.find(([name]) => name === "content-security-policy");
      if (policy) policy[1] = policyForCachedPage(policy[1], html);
      const identity = Buffer.from(html);
      const entry: Entry = { version: renderedAt, filledAt: now(), headers, bodies: { identity }, bytes: identity.length };
      // A version that moved while rendering: send this page, keep nothing.
      if (renderedAt === version) remember(keyOf(req), entry);
      await send(req, res, entry, "miss");
      return true;
    },

    /** Entries and bytes held (the tests check the memory bound with it). */
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
