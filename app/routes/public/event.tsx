import { NewsletterAfterContent } from "~/components/NewsletterForm";
import { redirect } from "react-router";
import type { Route } from "./+types/event";
import { siteContentContext } from "~/request/context";
import { EventView } from "~/components/events/EventView";
import { formatDateTime, toIso } from "~/lib/dates";
import { absoluteUrl, pageMeta, shareImage, siteFromMatches } from "~/modules/seo/seo";
import { parseId } from "~/lib/text";
import { eventPage, getPublishedEvent } from "~/modules/events/events.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { EventSignup } from "~/components/events/EventSignup";
import { eventSignup } from "~/modules/registrations/registrations.server";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const [event, content] = await Promise.all([
    id === null ? undefined : getPublishedEvent(id),
    context.get(siteContentContext),
  ]);
  // product §2: an unknown event leads back to the list; so does one not published (a draft, a scheduled one).
  if (!event) throw redirect("/events");
  const [page, signup] = await Promise.all([
    eventPage(event, { email: content.email, telephone: content.telephone }),
    eventSignup(event),
  ]);
  return { ...page, signup };
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
    imageAlt: loaderData.imageAlt,
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

export default function Event({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <EventView event={loaderData} onlineSignup={Boolean(loaderData.signup)}>
        {loaderData.signup ? <EventSignup eventId={Number(params.id)} signup={loaderData.signup} /> : null}
      </EventView>
      <NewsletterAfterContent source="evenement" id={Number(params.id)} />
    </>
  );
}
