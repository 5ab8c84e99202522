import { redirect } from "react-router";
import type { Route } from "./+types/blog";
import { PostCard } from "~/components/cards";
import { ListPages } from "~/components/ListPages";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { countPublishedPosts, listBlogPosts, postCard } from "~/modules/blog/blog.server";
import { pageCount, pagePath, requestedPage } from "~/lib/pagination";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { queryOf } from "~/lib/query";

/** Articles a page shows. */
const PAGE_SIZE = 12;

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: ["page"] };
export async function loader({ request }: Route.LoaderArgs) {
  const total = await countPublishedPosts();
  const page = requestedPage(queryOf(request).get("page"), total, PAGE_SIZE);
  // A page past the end (or not a page) leads back to the list.
  if (page === null) throw redirect("/blog");
  const posts = await listBlogPosts({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { posts: posts.map(postCard), page, pages: pageCount(total, PAGE_SIZE) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const pages = loaderData?.pages ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: page > 1 ? `Blog — page ${page}` : "Blog",
    description:
      "Les nouvelles des jardins : conseils de saison, récits des fêtes et des ateliers, vie de l'association.",
    path: pagePath("/blog", page),
    prev: page > 1 ? pagePath("/blog", page - 1) : null,
    next: page < pages ? pagePath("/blog", page + 1) : null,
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
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
      <ListPages link={(n) => pagePath("/blog", n)} page={page} pages={pages} />
    </div>
  );
}
