import { siteInfo } from "~/modules/content/site-info.server";
import { getSiteContent } from "~/modules/content/content.server";
import { latestPosts } from "~/modules/blog/blog.server";
import { blogRss } from "~/modules/feeds/feeds.server";
import type { PageHandle } from "~/lib/page-handle";

// Kept in memory like the pages, with its ETag and 304s for the readers that poll it (docs/decisions/016).
export const handle: PageHandle = { query: [] };

/** How many articles the feed holds: a reader polls it, it need not carry ten years. */
const FEED_ARTICLES = 30;

/** GET /blog/rss.xml — the latest articles as RSS 2.0, full content. */
export async function loader() {
  const [content, posts] = await Promise.all([getSiteContent(), latestPosts(FEED_ARTICLES)]);
  return new Response(blogRss(siteInfo(content), posts), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
    },
  });
}
