import { Link, redirect } from "react-router";
import type { Route } from "./+types/blog-post";
import { Gallery } from "~/components/Gallery";
import { Image } from "~/components/Image";
import { RichText } from "~/components/RichText";
import { formatDate, toIso } from "~/lib/dates";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { absoluteUrl, pageMeta, shareImage, siteFromMatches } from "~/lib/seo";
import { parseId } from "~/lib/text";
import { getBlogPost } from "~/modules/blog/blog.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const post = id === null ? undefined : await getBlogPost(id);
  // SPEC §2: an unknown article leads back to the blog.
  if (!post) throw redirect("/blog");
  return {
    id: post.id,
    title: post.title,
    // Sanitised on save, and again here: what is rendered never depends on what was stored.
    html: sanitizeRichText(post.content),
    text: post.plainText,
    image: post.image,
    date: post.createdAt,
    updated: post.date,
    author: post.author,
    annexes: post.imagesAnnexes,
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData || !site) return [];
  return pageMeta(site, {
    title: loaderData.title,
    description: loaderData.text,
    path: location.pathname,
    image: loaderData.image,
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

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { title, html, image, date, author, annexes } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <Link to="/blog" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          ← Tous les articles
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-stone-700">
        Publié le <time dateTime={toIso(date)}>{formatDate(date)}</time> par {author}
      </p>
      <Image
        src={image}
        alt=""
        priority
        sizes="(min-width: 768px) 720px, 100vw"
        className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
      />
      <RichText html={html} className="mt-6 text-lg text-stone-800" />
      <Gallery images={annexes} title={title} />
    </article>
  );
}
