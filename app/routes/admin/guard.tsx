import { Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/guard";
import { AdminError } from "~/components/admin/AdminError";
import { adminGuard } from "~/modules/auth/admin-middleware.server";
import { ADMIN_ROUTE_PERMISSIONS } from "./permissions";

/**
 * Every /admin address passes here first, whatever shows it (the back-office's screens, the printed lists, the
 * previews in the public site's frame, the upload and autosave endpoints): without a session nothing below runs, and
 * an account whose role lacks the route's permission (`./permissions.ts`) gets a 403 page.
 * `app/routes.ts` puts every /admin route under this layout; `tests/process/admin-guard.test.ts` checks it from the
 * build's route manifest.
 */
export const middleware: Route.MiddlewareFunction[] = [adminGuard(ADMIN_ROUTE_PERMISSIONS)];

export default function AdminGuard() {
  return <Outlet />;
}

/** The guard's refusals are shown here: a form sent after the session expired offers to sign in and send it again. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
