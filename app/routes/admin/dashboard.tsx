import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import { formatDate, formatDateTime } from "~/lib/dates";
import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import { countPendingAds, countValidatedAds } from "~/modules/ads/ads.server";
import { countUnprocessedApplications } from "~/modules/applications/applications.server";
import { latestPosts } from "~/modules/blog/blog.server";
import { upcomingEvents } from "~/modules/events/events.server";
import { countFailedMails, retryFailedMails } from "~/modules/mail/mail.server";
import { readFormData } from "~/lib/form-data.server";
import { adminMeta } from "~/lib/seo";

const DASHBOARD_REFRESH_MS = 30 * 1000;
const DASHBOARD_ITEMS = 3;

export async function loader() {
  const [posts, events, unprocessedApplications, validatedAds, pendingAds, failedMails] = await Promise.all([
    latestPosts(DASHBOARD_ITEMS),
    upcomingEvents(DASHBOARD_ITEMS),
    countUnprocessedApplications(),
    countValidatedAds(),
    countPendingAds(),
    countFailedMails(),
  ]);
  return {
    posts: posts.map((p) => ({ id: p.id, title: p.title, createdAt: p.createdAt })),
    events: events.map((e) => ({ id: e.id, title: e.title, start: e.start })),
    unprocessedApplications,
    validatedAds,
    pendingAds,
    failedMails,
  };
}

const dashboardActionSchema = z.object({ intent: z.literal("retryFailedMails") });

/** The dashboard's one action: put the e-mails given up after every retry back in the queue. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = dashboardActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ ok: false as const, message: "Action inconnue." }, { status: 400 });
  const requeued = await retryFailedMails();
  return { ok: true as const, message: `${mailCount(requeued)} remis dans la file d'envoi.` };
}

function mailCount(n: number) {
  return n === 1 ? "1 e-mail" : `${n} e-mails`;
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

function FailedMails({ count }: { count: number }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "retryFailedMails";
  return (
    <section aria-labelledby="failed-mails" className="rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300">
      <h2 id="failed-mails" className="font-semibold text-amber-900">
        E-mails non envoyés
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        {count === 1 ? "1 e-mail n'a pas pu être envoyé" : `${count} e-mails n'ont pas pu être envoyés`} malgré plusieurs
        tentatives. Vérifiez la configuration de l'envoi (SMTP_URL), puis renvoyez-les.
      </p>
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="retryFailedMails"
          disabled={sending}
          className="rounded-lg bg-amber-800 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {sending ? "Envoi…" : "Renvoyer les e-mails"}
        </button>
      </Form>
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  useIntervalRevalidation(DASHBOARD_REFRESH_MS);
  const { posts, events, unprocessedApplications, validatedAds, pendingAds, failedMails } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-stone-900">Tableau de bord</h1>

      {actionData && (
        <output className={`block text-sm font-medium ${actionData.ok ? "text-brand-800" : "text-red-700"}`}>
          {actionData.message}
        </output>
      )}
      {failedMails > 0 && <FailedMails count={failedMails} />}

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
