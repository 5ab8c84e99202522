import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { formatDate, formatDateTime } from "~/lib/dates";
import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import { countPendingAds, countValidatedAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications } from "~/modules/applications/applications.server";
import { latestPosts } from "~/modules/blog/blog.server";
import { upcomingEvents } from "~/modules/events/events.server";
import { adminMeta } from "~/lib/seo";

const DASHBOARD_REFRESH_MS = 30 * 1000;
const DASHBOARD_ITEMS = 3;

export async function loader() {
  const [posts, events, unprocessedApplications, validatedAds, pendingAds] = await Promise.all([
    latestPosts(DASHBOARD_ITEMS),
    upcomingEvents(DASHBOARD_ITEMS),
    countUnprocessedApplications(),
    countValidatedAds(),
    countPendingAds(),
  ]);
  return {
    posts: posts.map((p) => ({ id: p.id, title: p.title, createdAt: p.createdAt })),
    events: events.map((e) => ({ id: e.id, title: e.title, start: e.start })),
    unprocessedApplications,
    validatedAds,
    pendingAds,
  };
}

export function meta() {
  return adminMeta("Tableau de bord");
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-brand-800">{value}</p>
    </Link>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useIntervalRevalidation(DASHBOARD_REFRESH_MS);
  const { posts, events, unprocessedApplications, validatedAds, pendingAds } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-stone-900">Tableau de bord</h1>

      <section aria-label="Chiffres clés" className="grid gap-4 sm:grid-cols-3">
        <Stat label="Demandes non traitées" value={unprocessedApplications} to="/admin/applications" />
        <Stat label="Annonces validées" value={validatedAds} to="/admin/annonces" />
        <Stat label="Annonces en attente" value={pendingAds} to="/admin/annonces" />
      </section>

      <nav aria-label="Accès rapides" className="flex flex-wrap gap-2">
        {[
          ["/admin/blog", "Gérer le blog"],
          ["/admin/events", "Gérer les événements"],
          ["/admin/applications", "Voir les demandes"],
          ["/admin/annonces", "Valider les annonces"],
        ].map(([to, label]) => (
          <Link key={to} to={to} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {label}
          </Link>
        ))}
      </nav>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-semibold text-stone-900">Articles récents</h2>
          {posts.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">Aucun billet publié.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {posts.map((post) => (
                <li key={post.id} className="py-2">
                  <p className="font-medium">{post.title}</p>
                  <p className="text-sm text-stone-600">{formatDate(post.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-semibold text-stone-900">Événements à venir</h2>
          {events.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">Aucun événement à venir.</p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100">
              {events.map((event) => (
                <li key={event.id} className="py-2">
                  <p className="font-medium">{event.title}</p>
                  <p className="text-sm text-stone-600">{formatDateTime(event.start)}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
