import { siteInfo } from "~/modules/content/site-info.server";
import { getSiteContent } from "~/modules/content/content.server";
import { eventsForCalendar } from "~/modules/events/events.server";
import { eventsCalendar } from "~/modules/feeds/feeds.server";
import type { PageHandle } from "~/lib/page-handle";

// Kept in memory like the pages, with its ETag and 304s for the readers that poll it (docs/decisions/016).
export const handle: PageHandle = { query: [] };

/** How far back the calendar goes: a subscribed agenda keeps what it already has. */
const CALENDAR_DAYS_BACK = 365;

/** GET /events/calendar.ics — the events of the last year and to come, as a calendar a phone can subscribe to. */
export async function loader() {
  const since = new Date(Date.now() - CALENDAR_DAYS_BACK * 86_400_000);
  const [content, events] = await Promise.all([getSiteContent(), eventsForCalendar(since)]);
  return new Response(eventsCalendar(siteInfo(content), events), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="evenements.ics"',
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
