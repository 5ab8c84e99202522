import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { Feed } from "feed";
import { ICalCalendar } from "ical-generator";
import { DateTime } from "luxon";
import { TIME_ZONE } from "~/lib/constants";
import { sanitizeRichText } from "~/server/sanitize.server";
import { absoluteUrl, shareImage, type SiteInfo } from "~/modules/seo/seo";
import { excerpt } from "~/lib/text";
import type { BlogPost } from "~/modules/blog/blog.server";
import type { EventItem } from "~/modules/events/events.server";

/** The articles given as RSS 2.0, each in full (sanitised HTML), newest first. */
export function blogRss(site: SiteInfo, posts: BlogPost[]): string {
  const home = absoluteUrl(site, "/");
  const feed = new Feed({
    title: `${site.name} — Blog`,
    description: `Les articles de ${site.name} — ${site.tagline}.`,
    id: absoluteUrl(site, "/blog"),
    link: absoluteUrl(site, "/blog"),
    language: "fr",
    favicon: absoluteUrl(site, "/favicon.png"),
    copyright: `© ${site.name}`,
    updated: posts[0]?.publishedAt ?? posts[0]?.createdAt ?? new Date(0),
    generator: site.name,
    feedLinks: { rss: absoluteUrl(site, "/blog/rss.xml") },
    author: { name: site.name, link: home },
  });
  for (const post of posts) {
    const url = absoluteUrl(site, `/blog/${post.id}`);
    const image = shareImage(site, post.image);
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: excerpt(post.plainText, 300),
      content: sanitizeRichText(post.content),
      author: [{ name: post.author }],
      date: post.publishedAt ?? post.createdAt,
      ...(image && { image }),
    });
  }
  return feed.rss2();
}

/** The events as a live iCalendar feed, in Paris time (with its VTIMEZONE), one VEVENT per event. */
export function eventsCalendar(site: SiteInfo, events: EventItem[]): string {
  const calendar = new ICalCalendar({
    name: `${site.name} — Événements`,
    description: `Les événements de ${site.name}`,
    prodId: { company: site.name, product: "Potager", language: "FR" },
    url: absoluteUrl(site, "/events"),
    ttl: 60 * 60,
  });
  calendar.timezone({ name: TIME_ZONE, generator: getVtimezoneComponent });
  for (const event of events) {
    const url = absoluteUrl(site, `/events/${event.id}`);
    calendar.createEvent({
      id: `evenement-${event.id}@${new URL(absoluteUrl(site, "/")).host}`,
      // Given as Paris wall-clock times (a plain Date would be written in the server's own time zone).
      start: DateTime.fromJSDate(event.start, { zone: TIME_ZONE }),
      end: DateTime.fromJSDate(event.endDate, { zone: TIME_ZONE }),
      timezone: TIME_ZONE,
      summary: event.title,
      description: [event.description, event.plainText].filter(Boolean).join("\n\n"),
      location: event.location || undefined,
      url,
      created: event.createdAt,
      lastModified: event.updatedAt,
    });
  }
  return calendar.toString();
}
