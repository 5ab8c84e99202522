import { redirect } from "react-router";
import type { Route } from "./+types/events";
import { EventCard } from "~/components/cards";
import { ListPages } from "~/components/ListPages";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { countPublishedEvents, eventCard, listEvents } from "~/modules/events/events.server";
import { pageCount, pagePath, requestedPage } from "~/lib/pagination";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { queryOf } from "~/lib/query";

/** Events a page shows. */
const PAGE_SIZE = 12;

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: ["page"] };
export async function loader({ request }: Route.LoaderArgs) {
  const total = await countPublishedEvents();
  const page = requestedPage(queryOf(request).get("page"), total, PAGE_SIZE);
  // A page past the end (or not a page) leads back to the list.
  if (page === null) throw redirect("/events");
  const events = await listEvents(new Date(), { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { events: events.map(eventCard), page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const pages = loaderData?.pages ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: page > 1 ? `Événements — page ${page}` : "Événements",
    description:
      "Ateliers, fêtes des jardins, bourses aux plants et assemblées : les rendez-vous de l'association, à venir et passés.",
    path: pagePath("/events", page),
    prev: page > 1 ? pagePath("/events", page - 1) : null,
    next: page < pages ? pagePath("/events", page + 1) : null,
  });
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events, page, pages } = loaderData;
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
      <ListPages link={(n) => pagePath("/events", n)} page={page} pages={pages} />
    </div>
  );
}
