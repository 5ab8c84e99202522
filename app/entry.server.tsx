import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { nonceContext } from "./request/context";
import { logger } from "./server/logger.server";
import { NonceProvider } from "./request/nonce";
import { coalesceChunks } from "./server/coalesce.server";
import { withPublicSiteStylesheet, withSiteStylesheet, withUsedSiteStylesheet } from "./server/styles.server";
import { isSharedPage } from "./server/security.server";
import type { PageHandle } from "./lib/page-handle";

// What server.ts needs from the build: the services, the validated settings and the logger.
export { sendMailSoon, startServices, stopServices } from "./startup/services.server";
export { lookUpHost, maintenancePage, startHost, stopHost } from "./startup/host.server";
export { normaliseHost } from "./startup/host-registry.server";
export { currentAssociation, withAssociation } from "./db/association.server";
export { clientIpContext } from "./request/context";
export { env } from "./server/env.server";
export { readSiteVersion } from "./db/site-version.server";
export { logger };

export const streamTimeout = 5_000;

/**
 * A content page (`handle.scripts === false`, docs/decisions/016) rendered without error: no script will change its
 * classes, so it needs no more of the stylesheet than what its HTML uses. The root layout leaves out the framework's
 * scripts on the same condition.
 */
function isContentPage({ staticHandlerContext, routeModules }: EntryContext) {
  const leaf = staticHandlerContext.matches.at(-1);
  if (!leaf || staticHandlerContext.errors) return false;
  return (routeModules[leaf.route.id]?.handle as PageHandle | undefined)?.scripts === false;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // A page any cache may keep is public: its forms work before React arrives (decision 037).
          const stylesheet = isContentPage(routerContext)
            ? withUsedSiteStylesheet()
            : isSharedPage({ headers: responseHeaders })
              ? withPublicSiteStylesheet()
              : withSiteStylesheet();
          const html = body.pipe(stylesheet).pipe(coalesceChunks());
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // React Router's own 404 for an address no route matches: only one with a line break in its path gets past the
  // catch-all route (whose `*` stops there), and it is a refusal, not a failure.
  if (isRouteErrorResponse(error) && error.status === 404) return;
  logger.error({ err: error, url: new URL(request.url).pathname }, "unhandled error");
}
