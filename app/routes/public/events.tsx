import type { Route } from "./+types/events";
import { EventCard } from "~/components/cards";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { eventCard, listEvents } from "~/modules/events/events.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader() {
  return { events: (await listEvents(new Date())).map(eventCard) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Événements",
    description:
      "Ateliers, fêtes des jardins, bourses aux plants et assemblées : les rendez-vous de l'association, à venir et passés.",
    path: location.pathname,
  });
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Événements</h1>
        <a href="/events/calendar.ics" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          Ajouter à mon agenda (iCalendar)
        </a>
      </div>
      {events.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-lg text-stone-700 ring-1 ring-stone-200">
          Aucun événement n'est disponible pour le moment.
        </p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event, index) => (
            <EventCard key={event.id} event={event} priority={index === 0} />
          ))}
        </div>
      )}
    </div>
  );
}
