import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createPageCache, routeQueries, type PageCache } from "./server/page-cache.ts";
import { createRequestHandler } from "./server/request-handler.ts";

/** Requests in flight get this long to finish after SIGTERM; Docker's default is to kill at 10 s. */
const SHUTDOWN_GRACE_MS = 8_000;

/**
 * A reason the site cannot start that the person starting it can fix (a setting, a busy port or data directory, an
 * unreachable database) is printed as its French lines alone; anything else, a bug, with its stack.
 */
function exitWith(error: unknown): never {
  console.error(error instanceof Error && error.name === "StartupError" ? error.message : error);
  process.exit(1);
}

const startedAt = performance.now();
const buildPath = path.resolve(import.meta.dirname, "build/server/index.js");
// The build reads and checks the settings as it loads.
const build: ServerBuild = await import(buildPath).catch(exitWith);
const entry = build.entry.module as typeof build.entry.module & typeof import("./app/entry.server");
const { env, logger } = entry;

// Host mode (docs/decisions/039): the registry's associations, each found by the request's Host header.
const hostMode = env.HOST_DATABASE_URL !== undefined;

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy, TRUST_PROXY tells Express which X-Forwarded-* headers to believe.
app.set("trust proxy", env.TRUST_PROXY);

// Requests in flight, so that stopping lets them finish; once stopping, connections are not kept alive.
let inFlight = 0;
let stopping = false;
app.use((req, res, next) => {
  inFlight++;
  res.once("close", () => inFlight--);
  // What an answered form queued in the outbox is sent at once, not at the outbox's next turn (in host mode, the
  // association's outbox: see `dispatch`).
  if (req.method === "POST" && !hostMode) res.once("finish", entry.sendMailSoon);
  if (stopping) res.setHeader("Connection", "close");
  next();
});

// Public pages and feeds already rendered and compressed, for visitors without a cookie (docs/decisions/016): the
// routes that declare the query parameters they read.
// In host mode each association has a cache of its own, of HOSTED_PAGE_CACHE_MB: no key can reach another's pages.
const HOSTED_PAGE_CACHE_MB = 1;
const queryOf = routeQueries(build.routes);
const newPageCache = (megabytes: number) =>
  createPageCache({ maxBytes: megabytes * 1024 * 1024, ttlMs: 60_000, readVersion: entry.readSiteVersion, queryOf });
const hostedCaches = new Map<string, { cache: PageCache; handle?: http.RequestListener }>();
function hostedCache() {
  const { id } = entry.currentAssociation();
  let hosted = hostedCaches.get(id);
  if (!hosted)
    hostedCaches.set(id, (hosted = { cache: newPageCache(Math.min(env.PAGE_CACHE_MB, HOSTED_PAGE_CACHE_MB)) }));
  return hosted;
}
const pageCache: PageCache = hostMode
  ? {
      serve: (req, res, next) => hostedCache().cache.serve(req, res, next),
      shortcut: () => (req, res) => {
        const hosted = hostedCache();
        (hosted.handle ??= hosted.cache.shortcut(app))(req, res);
      },
      renderPath: (res) => hostedCache().cache.renderPath(res),
      keep: (req, res, response) => hostedCache().cache.keep(req, res, response),
      stats: () => hostedCache().cache.stats(),
    }
  : newPageCache(env.PAGE_CACHE_MB);
app.use(pageCache.serve);

// Brotli's default 4 MiB window is far larger than any page: 256 KiB compresses them as well and costs each
// response (and its memory) much less.
app.use(
  compression({
    brotli: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
  }),
);

// Static files never reach the app's middleware, so they get the baseline headers here
// (the app's own responses set them, CSP included, in app/root.tsx).
function setHeaders(res: express.Response) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  );
  if (res.req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
const clientDir = path.resolve(import.meta.dirname, "build/client");
const assetsDir = path.join(clientDir, "assets");
// The build wrote .br and .gz copies of the larger assets (scripts/precompress-plugin.ts): send the one the browser
// accepts, with the original's type. compression() leaves a response that already has a Content-Encoding alone.
const precompressed = new Set(fs.readdirSync(assetsDir).filter((name) => /\.(?:br|gz)$/.test(name)));
// Brotli first whenever it is accepted: browsers list gzip first, but the brotli copy is smaller.
const ENCODED_COPIES = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;
app.use("/assets", (req, res, next) => {
  const name = req.path.slice(1);
  if (!ENCODED_COPIES.some(([, suffix]) => precompressed.has(name + suffix))) return next();
  res.vary("Accept-Encoding");
  const copy = ENCODED_COPIES.find(
    ([encoding, suffix]) => precompressed.has(name + suffix) && req.acceptsEncodings(encoding),
  );
  if (!copy) return next();
  res.type(path.extname(name));
  res.setHeader("Content-Encoding", copy[0]);
  req.url = req.url.replace(/(\?|$)/, `${copy[1]}$1`);
  next();
});
app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, setHeaders }));
// The other public files (favicon, robots.txt…) all have an extension: pages skip the lookup, which would cost
// each of them a file-system call and a "not found" error object.
const publicFiles = express.static(clientDir, { maxAge: "1h", index: false, setHeaders });
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// Forms are accepted from this origin, the public address, and the hosts listed when a proxy rewrites Origin; in host
// mode from the association's own origin only (and the listed hosts): PUBLIC_URL is no association's.
const allowedOrigins = [...env.ALLOWED_ACTION_ORIGINS, ...(hostMode ? [] : [new URL(env.PUBLIC_URL).host])];
app.use(
  createRequestHandler({
    build: { ...build, allowedActionOrigins: allowedOrigins },
    allowedOrigins,
    pageCache,
    getLoadContext(req) {
      const context = new RouterContextProvider();
      // "::ffff:127.0.0.1" and "127.0.0.1" are one address.
      context.set(entry.clientIpContext, (req.ip ?? "unknown").replace(/^::ffff:/, ""));
      return context;
    },
    warn: (details, message) => logger.warn(details, message),
  }),
);

// Hits of the page cache are answered before Express; once stopping, everything goes through it (Connection: close).
const handle = pageCache.shortcut(app);
const serveRequest: http.RequestListener = (req, res) => (stopping ? app(req, res) : handle(req, res));

/**
 * What the process answers itself, for a host the registry does not name: the check of a proxy that gets certificates
 * on demand (Caddy's `on_demand_tls`: 200 only for a registered host), the process's health, else a 404, never
 * another association's site.
 */
function answerUnnamed(req: http.IncomingMessage, res: http.ServerResponse) {
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (req.url?.startsWith("/hebergement/domaine?")) {
    const asked = new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1)).get("domain") ?? undefined;
    const known = entry.lookUpHost(entry.normaliseHost(asked)).kind !== "unknown";
    res.writeHead(known ? 200 : 404, text);
    return void res.end(known ? "ok\n" : "inconnu\n");
  }
  if (req.url === "/healthz") {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    return void res.end('{"status":"ok"}');
  }
  res.writeHead(404, text);
  res.end("Aucune association n'est servie à cette adresse.\n");
}

/** Host mode: the request's association, by its Host header alone, and everything after in its context. */
const dispatch: http.RequestListener = (req, res) => {
  const found = entry.lookUpHost(entry.normaliseHost(req.headers.host));
  if (found.kind === "unknown") return answerUnnamed(req, res);
  if (found.kind === "closed") {
    res.writeHead(503, {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "3600",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
    return void res.end(entry.maintenancePage(found.name));
  }
  entry.withAssociation(found.association, () => {
    if (req.method === "POST") res.once("finish", found.services.sendMailSoon);
    serveRequest(req, res);
  });
};

// The port first: a busy one stops the start at once, before the database is touched.
const server = http.createServer(hostMode ? dispatch : serveRequest);
await new Promise<void>((resolve) => {
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") console.error(`Le port ${env.PORT} est déjà utilisé.`);
    else if (error.code === "EACCES")
      console.error(
        `Le port ${env.PORT} est réservé à l'administrateur du système : choisissez-en un autre avec PORT.`,
      );
    else console.error(error);
    process.exit(1);
  });
  server.listen(env.PORT, () => resolve());
});
try {
  if (hostMode) for (const line of await entry.startHost(env.HOST_DATABASE_URL!)) console.log(line);
  else await entry.startServices();
} catch (error) {
  server.close();
  exitWith(error);
}
console.log(
  `Potager est en ligne sur http://localhost:${env.PORT} (démarré en ${Math.round(performance.now() - startedAt)} ms)`,
);

/** Stops taking connections, lets the requests in flight finish (within the grace period), then closes the database. */
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const pending = inFlight;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections between two requests would hold the server open: close each as soon as it is idle.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), SHUTDOWN_GRACE_MS))),
  ]);
  clearTimeout(timer);
  clearInterval(sweeper);
  const cut = timedOut ? inFlight : 0;
  if (timedOut) server.closeAllConnections();
  await (hostMode ? entry.stopHost() : entry.stopServices());
  const finished = pending - cut;
  console.log(
    `Potager est arrêté (${signal})${finished ? `, après ${finished} requête(s) en cours` : ""}` +
      `${cut ? `, ${cut} interrompue(s) au bout de ${SHUTDOWN_GRACE_MS / 1000} s` : ""}.`,
  );
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
