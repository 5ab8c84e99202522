import { data, type MiddlewareFunction } from "react-router";
import { adminContext, clientIpContext } from "~/request/context";
import { authenticateAdminRequest } from "./admin-guard.server";
import { can, refusalMessage, type Permission } from "./roles";

export type RoutePermissions = Record<
  string,
  { view: Permission | readonly Permission[]; change?: Permission | readonly Permission[] }
>;

/** The 403 of a page the account's role does not open, as the guard's error page shows it. */
export interface ForbiddenData {
  forbidden: true;
  message: string;
}

/**
 * Every /admin loader and action passes here first (the admin layout's screens, the upload and autosave endpoints,
 * the previews): a request without a session goes no further, and one whose role lacks the route's permission gets a
 * 403. A route missing from `permissions` is refused to everyone: a new route cannot be forgotten open. What it
 * answers is never cached and never indexed.
 */
export function adminGuard(permissions: RoutePermissions): MiddlewareFunction<Response> {
  return async ({ request, context, pattern }, next) => {
    const { admin, setCookie } = await authenticateAdminRequest(request, context.get(clientIpContext));
    // React Router joins the routes' paths without a leading slash ("admin/parcelles/:id").
    const route = `/${pattern.replace(/^\/+/, "")}`;
    const rule = Object.hasOwn(permissions, route) ? permissions[route] : undefined;
    const needed =
      rule && (request.method === "GET" || request.method === "HEAD" ? rule.view : (rule.change ?? rule.view));
    if (!needed || !can(admin.role, needed))
      throw data<ForbiddenData>(
        { forbidden: true, message: refusalMessage(admin.role) },
        { status: 403, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
      );
    context.set(adminContext, admin);
    const response = await next();
    // Signed in again with a form sent after the session expired: the new session goes with the answer.
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    // Admin pages hold personal data: never cached, never indexed.
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex");
    return response;
  };
}
