import { NewsletterAfterContent } from "~/components/NewsletterForm";
import { redirect } from "react-router";
import type { Route } from "./+types/blog-post";
import { ArticleView } from "~/components/blog/ArticleView";
import { toIso } from "~/lib/dates";
import { absoluteUrl, pageMeta, shareImage, siteFromMatches } from "~/modules/seo/seo";
import { parseId } from "~/lib/text";
import { articlePage, getPublishedPost } from "~/modules/blog/blog.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const post = id === null ? undefined : await getPublishedPost(id);
  // product §2: an unknown article leads back to the blog; so does one not published (a draft, a scheduled one).
  if (!post) throw redirect("/blog");
  return { ...(await articlePage(post)), updated: post.date };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData || !site) return [];
  return pageMeta(site, {
    title: loaderData.title,
    description: loaderData.text,
    path: location.pathname,
    image: loaderData.image,
    imageAlt: loaderData.imageAlt,
    type: "article",
    jsonLd: {
      "@type": "BlogPosting",
      headline: loaderData.title,
      datePublished: toIso(loaderData.date),
      dateModified: toIso(loaderData.updated),
      author: { "@type": "Person", name: loaderData.author },
      publisher: { "@type": "Organization", name: site.name, url: absoluteUrl(site, "/") },
      mainEntityOfPage: absoluteUrl(site, location.pathname),
      ...(loaderData.image && { image: shareImage(site, loaderData.image) }),
    },
  });
}

export default function BlogPost({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <ArticleView article={loaderData} />
      <NewsletterAfterContent source="article" id={Number(params.id)} />
    </>
  );
}
