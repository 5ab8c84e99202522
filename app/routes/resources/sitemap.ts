import { latestValidatedAds } from "~/modules/ads/ads.server";
import { publishedPostDates } from "~/modules/blog/blog.server";
import { getSiteContent } from "~/modules/content/content.server";
import { siteInfo } from "~/modules/content/site-info.server";
import { publishedEventDates } from "~/modules/events/events.server";
import { absoluteUrl } from "~/modules/seo/seo";
import { escapeXml, latest } from "~/lib/xml";
import type { PageHandle } from "~/lib/page-handle";

// Kept in memory like the pages, with its ETag and 304s for the readers that poll it (docs/decisions/016).
export const handle: PageHandle = { query: [] };

/** GET /sitemap.xml — every public page, published article and event, with when it last changed. */
export async function loader() {
  const [content, posts, events, [newestAd]] = await Promise.all([
    getSiteContent(),
    publishedPostDates(),
    publishedEventDates(),
    latestValidatedAds(1),
  ]);
  const site = siteInfo(content);
  const contentDate = content.updatedAt;
  const postsDate = latest(posts.map((post) => post.date));
  const eventsDate = latest(events.map((event) => event.date));
  const adsDate = newestAd?.createdAt ?? null;
  const pages: [string, Date | null][] = [
    ["/", latest([contentDate, postsDate, eventsDate, adsDate])],
    ["/association", contentDate],
    ["/blog", postsDate],
    ...posts.map((post): [string, Date] => [`/blog/${post.id}`, post.date]),
    ["/events", eventsDate],
    ...events.map((event): [string, Date] => [`/events/${event.id}`, event.date]),
    ["/annonces", adsDate],
    ["/apply", contentDate],
    ["/contact", contentDate],
    ["/mentions-legales", contentDate],
  ];
  const urls = pages
    .map(
      ([path, date]) =>
        `  <url><loc>${escapeXml(absoluteUrl(site, path))}</loc>${date ? `<lastmod>${date.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
      },
    },
  );
}
