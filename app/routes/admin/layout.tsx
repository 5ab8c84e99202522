import { Form, Link, NavLink, Outlet, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { useEffect, useRef, type ReactNode } from "react";
import { signedInAdmin } from "~/request/context";
import { can } from "~/modules/auth/roles";
import { ADMIN_ROUTE_PERMISSIONS } from "./permissions";
import { LeafIcon } from "~/components/icons";
import { NOTIFICATIONS_REFRESH_MS } from "~/lib/constants";
import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import { countPendingAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications } from "~/modules/applications/applications.server";
import { AdminError } from "~/components/admin/AdminError";

/** The menu's entries, in order; each shows only to a role the route's permission lets in. */
const MENU = [
  { to: "/admin", label: "Tableau de bord", end: true },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/events", label: "Événements" },
  { to: "/admin/applications", label: "Demandes" },
  // Beyond the spec: the register of plots and gardeners, where an application ends up. A treasurer, who does not
  // open the plots, reaches the gardeners and the fees from the menu itself.
  { to: "/admin/parcelles", label: "Parcelles" },
  { to: "/admin/jardiniers", label: "Jardiniers", unless: "/admin/parcelles" },
  { to: "/admin/cotisations", label: "Cotisations", unless: "/admin/parcelles" },
  // The treasurer's book (decision 031), for the treasurer and the administrators.
  { to: "/admin/tresorerie", label: "Trésorerie" },
  { to: "/admin/annonces", label: "Annonces" },
  { to: "/admin/settings", label: "Paramètres" },
  // The association's documents: statutes, rules, minutes, reports (decision 028).
  { to: "/admin/documents", label: "Documents" },
  // The general assembly, from its convocation to its minutes (decision 030).
  { to: "/admin/assemblees", label: "Assemblées" },
  // Beyond the spec's menu: the newsletter, the accounts that guard the back-office, and who did what.
  { to: "/admin/lettre", label: "Lettre d'information" },
  { to: "/admin/comptes", label: "Comptes" },
  { to: "/admin/historique", label: "Historique" },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const opens = (path: string) => can(admin.role, ADMIN_ROUTE_PERMISSIONS[path]!.view);
  const entries = MENU.filter((entry) => opens(entry.to) && !("unless" in entry && opens(entry.unless))).map(
    ({ to, label }) => ({ to, label }),
  );
  const shown = new Set(entries.map((entry) => entry.to));
  const [unprocessedApplications, pendingAds] = await Promise.all([
    shown.has("/admin/applications") ? countUnprocessedApplications() : 0,
    shown.has("/admin/annonces") ? countPendingAds() : 0,
  ]);
  return { username: admin.username, entries, unprocessedApplications, pendingAds };
}

/** The red count of a menu entry; screen readers hear the count in words, singular for one. */
function Badge({ count, one, many }: { count: number; one: string; many: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{`${count} ${count === 1 ? one : many}`}</span>
    </span>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useIntervalRevalidation(NOTIFICATIONS_REFRESH_MS);
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { username, entries, unprocessedApplications, pendingAds } = loaderData;
  // The entry of the page shown, as NavLink finds it: the dashboard only for itself, any other for what is under it.
  const active = entries.find((e) => (e.to === "/admin" ? pathname === e.to : pathname.startsWith(e.to)))?.to;
  // That entry brought into the one-line menu's view on a phone, the page itself not scrolled.
  useEffect(() => {
    const list = menu.current?.querySelector("ul");
    const current = active ? menu.current?.querySelector<HTMLElement>(`a[href="${active}"]`) : null;
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  const badges: Record<string, ReactNode> = {
    "/admin/applications": (
      <Badge count={unprocessedApplications} one="demande non traitée" many="demandes non traitées" />
    ),
    "/admin/annonces": <Badge count={pendingAds} one="annonce en attente" many="annonces en attente" />,
  };
  return (
    <div className="min-h-screen bg-stone-100 lg:flex">
      {/* On a desktop the menu's background runs the page's full height and the menu itself stays in view. */}
      <aside className="bg-brand-900 text-brand-50 lg:w-60 lg:shrink-0">
        <div className="lg:sticky lg:top-0">
          <div className="flex items-center gap-2 px-4 py-2 lg:py-4">
            <LeafIcon className="size-8 text-brand-700" />
            <span className="font-bold">Administration</span>
          </div>
          {/* On a phone the menu is one line that scrolls sideways, the current page brought into view: the page's
              own content starts in the first screen. */}
          <nav aria-label="Administration" ref={menu}>
            <ul className="relative flex gap-1 overflow-x-auto px-2 pb-2 [scrollbar-width:thin] lg:flex-col lg:overflow-visible lg:pb-3">
              {entries.map((entry) => (
                <li key={entry.to} className="shrink-0">
                  <NavLink
                    to={entry.to}
                    end={entry.to === "/admin"}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
                        isActive ? "bg-brand-700 text-white" : "text-brand-100 hover:bg-brand-800 hover:text-white"
                      }`
                    }
                  >
                    {entry.label}
                    {badges[entry.to]}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-end gap-3 border-b border-stone-200 bg-white px-4 py-2">
          <span className="mr-auto truncate text-sm text-stone-600">
            <span className="hidden sm:inline">Connecté : </span>
            <strong className="text-stone-800">{username}</strong>
          </span>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium text-brand-800 hover:bg-brand-50"
          >
            Voir le site
          </Link>
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="min-h-11 whitespace-nowrap rounded-md bg-stone-800 px-3 text-sm font-medium text-white hover:bg-stone-900"
            >
              Déconnexion
            </button>
          </Form>
        </header>
        <main className="p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** A form sent after the session expired offers to sign in and send it again; any other error, a plain message. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
