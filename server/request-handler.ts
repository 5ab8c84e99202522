/**
 * The bridge between Express and React Router (in place of @react-router/express), with what a public form needs:
 * - only GET, HEAD and POST reach the app; any other method gets 405 with `Allow`, never a 500;
 * - a form posted from another origin gets 403 with a French message and one warning line, not an error stack;
 * - the request body the app reads is a stream of our own, so the app giving up on it (a refused form) never
 *   destroys the connection; whatever the app left unread is drained once the answer is sent, up to a bound, so
 *   the refusal always reaches the client and a keep-alive connection stays usable.
 */
import type { IncomingMessage } from "node:http";
import type express from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { PageCache } from "./page-cache.ts";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** Past this many bytes, or this long, a body nobody reads is not worth the connection: it is closed. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
export const DRAIN_TIMEOUT_MS = 30_000;

const BASELINE_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

export interface RequestHandlerOptions {
  build: ServerBuild;
  /** Hosts allowed to post besides the site's own (`ALLOWED_ACTION_ORIGINS`, the host of `PUBLIC_URL`). */
  allowedOrigins: string[];
  getLoadContext(req: express.Request): RouterContextProvider;
  /** Public pages kept rendered: a page it keeps, it sends itself. */
  pageCache?: PageCache;
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The URL of the request as the app sees it (same rules as @react-router/express, proxies included); `path` in place
 * of the one asked for (the page cache's canonical address).
 */
export function requestUrl(req: express.Request, path = req.originalUrl) {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = [forwarded, req.get("host")?.split(":")[1]]
    .map((p) => Number.parseInt(p ?? "", 10))
    .find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${path}`);
}

// React Router's patterns for allowed origins: "jardins.example.org", "*.example.org", "**.example.org".
function hostMatches(host: string, pattern: string) {
  if (pattern === host) return true;
  const hostParts = host.split(".");
  const patternParts = pattern.split(".");
  if (pattern.startsWith("**.")) return hostParts.length > patternParts.length - 1 && host.endsWith(pattern.slice(2));
  return (
    hostParts.length === patternParts.length && patternParts.every((part, i) => part === "*" || part === hostParts[i])
  );
}

/**
 * Whether a POST may run an action: no Origin header (as React Router, which it backs up), or an Origin that is
 * this site or an allowed host. "null" (a sandboxed or privacy-stripped origin) is refused.
 */
/**
 * A letter's unsubscribe address: mail clients POST to it from their own origin (RFC 8058 one-click). Its token is
 * its only credential, and all it can do is unsubscribe the address it names.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/lettre\/desabonnement\/[\w-]+$/;
/**
 * HelloAsso's notifications, posted by its servers (decision 032). Nothing in them is believed: each only makes the
 * site read the payment back from HelloAsso's API.
 */
const HELLOASSO_NOTIFICATION = /^\/api\/helloasso\/notification$/;
/** The addresses posted to from elsewhere than the site's pages, on purpose. */
const postedFromElsewhere = (path: string) => ONE_CLICK_UNSUBSCRIBE.test(path) || HELLOASSO_NOTIFICATION.test(path);

export function isAllowedOrigin(origin: string | undefined, url: URL, allowedHosts: string[]) {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.origin === url.origin || allowedHosts.some((pattern) => hostMatches(parsed.host, pattern));
}

/**
 * The body as a web stream that the app may read, or abandon: abandoning it only stops reading, the connection
 * stays whole. `discardRest` then reads and drops what is left, within the bounds above.
 */
function bodyOf(req: IncomingMessage) {
  let draining: Promise<void> | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const onData = (chunk: Buffer) => {
    if (!controller) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => {
    controller?.close();
    controller = null;
  };
  const onAbort = () => {
    controller?.error(new Error("La requête a été interrompue."));
    controller = null;
  };
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onAbort);
    req.off("close", onAbort);
    controller = null;
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.pause();
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onAbort);
        req.once("close", onAbort);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return {
    stream,
    /** Reads and drops what is left of the body (once); resolves when it is all read, or the request is gone. */
    discardRest() {
      draining ??= new Promise<void>((resolve) => {
        detach();
        if (req.complete || req.destroyed) return resolve();
        let received = 0;
        const timer = setTimeout(() => req.destroy(), DRAIN_TIMEOUT_MS);
        timer.unref();
        req.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > DRAIN_LIMIT_BYTES) req.destroy();
        });
        req.once("end", resolve);
        req.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
        req.on("error", () => {});
        req.resume();
      });
      return draining;
    },
  };
}

/** Whether the connection ends with the answer: the client asked so (or speaks HTTP/1.0), or the server decided it. */
function closesAfter(req: IncomingMessage, res: express.Response) {
  const asked = req.headers.connection?.toLowerCase();
  return (
    asked?.includes("close") ||
    (req.httpVersion === "1.0" && !asked?.includes("keep-alive")) ||
    String(res.getHeader("Connection") ?? "").toLowerCase() === "close"
  );
}

function refuse(res: express.Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status).set({ ...BASELINE_HEADERS, ...headers });
  if (res.req.method === "HEAD") res.end();
  else res.end(message);
}

export function createRequestHandler(options: RequestHandlerOptions): express.RequestHandler {
  const handleRequest = createRouterHandler(options.build, process.env.NODE_ENV);
  return async (req, res, next) => {
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const body = hasBody ? bodyOf(req) : null;
    if (body) res.once("finish", () => body.discardRest());
    // A body too large to drain: the answer says the connection ends with it, so the client does not reuse it.
    const tooLargeToDrain = Number(req.get("content-length") ?? 0) > DRAIN_LIMIT_BYTES;
    if (tooLargeToDrain) res.setHeader("Connection", "close");
    // A connection that ends with the answer is closed by Node as soon as it is sent: with part of the body still
    // unread, that close is a reset, which can destroy the answer before the client reads it. The body is read first.
    const bodyReadIfClosing = async () => {
      if (body && !req.complete && !tooLargeToDrain && closesAfter(req, res)) await body.discardRest();
    };

    if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
      await bodyReadIfClosing();
      return refuse(res, 405, "Méthode non autorisée.", { Allow: ALLOWED_METHODS.join(", ") });
    }
    let url: URL;
    try {
      url = requestUrl(req, options.pageCache?.renderPath(res));
    } catch {
      // A Host header or path no URL can be made of.
      return refuse(res, 400, "Requête invalide.");
    }
    if (
      req.method === "POST" &&
      !postedFromElsewhere(url.pathname) &&
      !isAllowedOrigin(req.get("origin"), url, options.allowedOrigins)
    ) {
      options.warn(
        { path: url.pathname, origin: req.get("origin") },
        "formulaire refusé : envoyé depuis une autre origine",
      );
      await bodyReadIfClosing();
      return refuse(res, 403, "Requête refusée : ce formulaire doit être envoyé depuis le site lui-même.");
    }

    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const headers = new Headers();
    // The one-click unsubscribe comes from the mail client's origin: React Router's own check must not refuse it.
    const dropOrigin = postedFromElsewhere(url.pathname);
    for (const [name, value] of Object.entries(req.headers)) {
      if (dropOrigin && name === "origin") continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    try {
      const request = new Request(url, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(body && { body: body.stream, duplex: "half" as const }),
      } as RequestInit);
      const response = await handleRequest(request, options.getLoadContext(req));
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      await bodyReadIfClosing();
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      if (await options.pageCache?.keep(req, res, response)) return;
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}
