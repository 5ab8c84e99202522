import { Link, redirect } from "react-router";
import type { Route } from "./+types/event";
import { siteContentContext } from "~/context";
import { EventBadge } from "~/components/cards";
import { Gallery } from "~/components/Gallery";
import { Image } from "~/components/Image";
import { RichText } from "~/components/RichText";
import { formatDateTime, toIso } from "~/lib/dates";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { absoluteUrl, pageMeta, shareImage, siteFromMatches } from "~/lib/seo";
import { parseId } from "~/lib/text";
import { getEvent } from "~/modules/events/events.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const [event, content] = await Promise.all([
    id === null ? undefined : getEvent(id, new Date()),
    context.get(siteContentContext),
  ]);
  // SPEC §2: an unknown event leads back to the list.
  if (!event) throw redirect("/events");
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    start: event.start,
    end: event.endDate.getTime() !== event.start.getTime() ? event.endDate : null,
    isPast: event.isPast,
    html: sanitizeRichText(event.content),
    image: event.image,
    annexes: event.imagesAnnexes,
    contact: { email: content.email, telephone: content.telephone },
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData || !site) return [];
  const { title, description, start, end, image } = loaderData;
  return pageMeta(site, {
    title,
    description:
      description || `${title}, le ${formatDateTime(start)}${loaderData.location ? `, ${loaderData.location}` : ""}.`,
    path: location.pathname,
    image,
    type: "article",
    jsonLd: {
      "@type": "Event",
      name: title,
      startDate: toIso(start),
      endDate: toIso(end ?? start),
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      ...(description && { description }),
      ...(loaderData.location && {
        location: { "@type": "Place", name: loaderData.location, address: loaderData.location },
      }),
      ...(image && { image: shareImage(site, image) }),
      organizer: { "@type": "Organization", name: site.name, url: absoluteUrl(site, "/") },
    },
  });
}

/** SPEC §2: for an event to come, how to register in advance, with the association's e-mail and phone. */
function PracticalNote({ email, telephone }: { email: string | null; telephone: string | null }) {
  return (
    <aside
      aria-labelledby="infos-pratiques"
      className="mt-8 rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="infos-pratiques" className="text-lg font-bold">
        Infos pratiques
      </h2>
      <p className="mt-1">
        Pour participer, merci de vous inscrire à l'avance
        {email || telephone ? " " : "."}
        {email ? (
          <>
            par e-mail à{" "}
            <a href={`mailto:${email}`} className="font-semibold underline [overflow-wrap:anywhere]">
              {email}
            </a>
          </>
        ) : null}
        {email && telephone ? " ou " : null}
        {telephone ? (
          <>
            par téléphone au{" "}
            <a href={`tel:${telephone.replace(/[^\d+]/g, "")}`} className="whitespace-nowrap font-semibold underline">
              {telephone}
            </a>
          </>
        ) : null}
        {email || telephone ? "." : null}
      </p>
    </aside>
  );
}

export default function Event({ loaderData }: Route.ComponentProps) {
  const { title, description, location, start, end, isPast, html, image, annexes, contact } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <Link to="/events" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          ← Tous les événements
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <EventBadge isPast={isPast} />
      </div>
      <h1 className="mt-3 text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 text-lg text-stone-800">{description}</p> : null}
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-stone-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Début</dt>
        <dd>
          <time dateTime={toIso(start)}>{formatDateTime(start)}</time>
        </dd>
        {end ? (
          <>
            <dt className="font-semibold">Fin</dt>
            <dd>
              <time dateTime={toIso(end)}>{formatDateTime(end)}</time>
            </dd>
          </>
        ) : null}
        {location ? (
          <>
            <dt className="font-semibold">Lieu</dt>
            <dd>{location}</dd>
          </>
        ) : null}
      </dl>
      <Image
        src={image}
        alt=""
        priority
        sizes="(min-width: 768px) 720px, 100vw"
        className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
      />
      <RichText html={html} className="mt-6 text-lg text-stone-800" />
      {isPast ? null : <PracticalNote email={contact.email} telephone={contact.telephone} />}
      <Gallery images={annexes} title={title} />
    </article>
  );
}
