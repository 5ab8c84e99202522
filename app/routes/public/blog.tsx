import type { Route } from "./+types/blog";
import { PostCard } from "~/components/cards";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listBlogPosts, postCard } from "~/modules/blog/blog.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader() {
  return { posts: (await listBlogPosts()).map(postCard) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Blog",
    description:
      "Les nouvelles des jardins : conseils de saison, récits des fêtes et des ateliers, vie de l'association.",
    path: location.pathname,
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Blog</h1>
        <a href="/blog/rss.xml" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          S'abonner (flux RSS)
        </a>
      </div>
      {posts.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-lg text-stone-700 ring-1 ring-stone-200">
          Aucun article pour le moment.
        </p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post.id} post={post} priority={index === 0} />
          ))}
        </div>
      )}
    </div>
  );
}
