import { siteInfo } from "~/modules/content/site-info.server";
import { getSiteContent } from "~/modules/content/content.server";
import { listEventsByStart } from "~/modules/events/events.server";
import { eventsCalendar } from "~/modules/feeds/feeds.server";

/** GET /events/calendar.ics — every event, as a calendar a phone or an agenda can subscribe to. */
export async function loader() {
  const [content, events] = await Promise.all([getSiteContent(), listEventsByStart()]);
  return new Response(eventsCalendar(siteInfo(content), events), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="evenements.ics"',
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
