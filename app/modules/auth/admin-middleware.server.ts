import type { MiddlewareFunction } from "react-router";
import { adminContext, clientIpContext } from "~/request/context";
import { authenticateAdminRequest } from "./admin-guard.server";

/**
 * Every /admin loader and action passes here first (the admin layout's screens, the upload and autosave endpoints,
 * the previews): a request without a session goes no further. What it answers is never cached and never indexed.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { admin, setCookie } = await authenticateAdminRequest(request, context.get(clientIpContext));
  context.set(adminContext, admin);
  const response = await next();
  // Signed in again with a form sent after the session expired: the new session goes with the answer.
  if (setCookie) response.headers.append("Set-Cookie", setCookie);
  // Admin pages hold personal data: never cached, never indexed.
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
};
