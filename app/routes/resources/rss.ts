import { siteInfo } from "~/modules/content/site-info.server";
import { getSiteContent } from "~/modules/content/content.server";
import { listBlogPosts } from "~/modules/blog/blog.server";
import { blogRss } from "~/modules/feeds/feeds.server";

/** GET /blog/rss.xml — the blog as RSS 2.0, full content. */
export async function loader() {
  const [content, posts] = await Promise.all([getSiteContent(), listBlogPosts()]);
  return new Response(blogRss(siteInfo(content), posts), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600" },
  });
}
