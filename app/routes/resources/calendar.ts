import { siteInfo } from "~/modules/content/site-info.server";
import { getSiteContent } from "~/modules/content/content.server";
import { listEventsByStart } from "~/modules/events/events.server";
import { eventsCalendar } from "~/modules/feeds/feeds.server";
import type { PageHandle } from "~/lib/page-handle";

// Kept in memory like the pages, with its ETag and 304s for the readers that poll it (docs/decisions/016).
export const handle: PageHandle = { query: [] };

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
