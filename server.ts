import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";

const buildPath = path.resolve(import.meta.dirname, "build/server/index.js");
const build: ServerBuild = await import(buildPath);
const entry = build.entry.module as typeof build.entry.module & {
  startServices(): Promise<unknown>;
  stopServices(): Promise<void>;
  clientIpContext: Parameters<RouterContextProvider["set"]>[0];
};

const startedAt = performance.now();
await entry.startServices();

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy, TRUST_PROXY tells Express which X-Forwarded-* headers to believe.
app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");
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
  res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'");
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
  const copy = ENCODED_COPIES.find(([encoding, suffix]) => precompressed.has(name + suffix) && req.acceptsEncodings(encoding));
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

// Form posts are accepted from this origin only, plus the hosts listed when a proxy rewrites Origin.
const allowedActionOrigins = process.env.ALLOWED_ACTION_ORIGINS?.split(",").map((s) => s.trim()).filter(Boolean);

app.all(
  "/{*splat}",
  createRequestHandler({
    build: allowedActionOrigins?.length ? { ...build, allowedActionOrigins } : build,
    getLoadContext(req) {
      const context = new RouterContextProvider();
      // "::ffff:127.0.0.1" and "127.0.0.1" are one address.
      context.set(entry.clientIpContext, (req.ip ?? "unknown").replace(/^::ffff:/, ""));
      return context;
    },
  }),
);

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => {
  console.log(`Potager est en ligne sur http://localhost:${port} (démarré en ${Math.round(performance.now() - startedAt)} ms)`);
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await entry.stopServices();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
