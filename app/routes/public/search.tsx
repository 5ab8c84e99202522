import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/search";
import { Image } from "~/components/Image";
import { formatDate, toIso } from "~/lib/dates";
import { highlight, searchExcerpt, type TextPart } from "~/lib/search-text";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { normaliseQuery, SEARCH_PAGE_SIZE, searchSite } from "~/modules/search/search.server";
import { ListPages } from "~/components/ListPages";
import { pageCount, requestedPage } from "~/lib/pagination";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";
import { queryOf, queryPage } from "~/lib/query";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: ["q", "page"] };

/** The address of a page of a search's results. */
const searchPath = (query: string, page: number) =>
  `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;

export async function loader({ request }: Route.LoaderArgs) {
  const params = queryOf(request);
  const query = normaliseQuery(params.get("q"));
  const asked = queryPage(params);
  const { total, results } = query
    ? await searchSite(query, { limit: SEARCH_PAGE_SIZE, offset: (asked - 1) * SEARCH_PAGE_SIZE })
    : { total: 0, results: [] };
  const page = requestedPage(params.get("page"), total, SEARCH_PAGE_SIZE);
  // A page past the end (or not a page) leads back to the first page of the results.
  if (query && page === null) throw redirect(searchPath(query, 1));
  return {
    query,
    total,
    page: page ?? 1,
    pages: pageCount(total, SEARCH_PAGE_SIZE),
    results: results.map(({ kind, id, title, text, image, date }) => ({
      kind,
      id,
      title: highlight(title, query),
      image,
      date,
      excerpt: searchExcerpt(text, query),
    })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query;
  const page = loaderData?.page ?? 1;
  return pageMeta(siteFromMatches(matches), {
    title: query ? `Recherche « ${query} »${page > 1 ? ` — page ${page}` : ""}` : "Rechercher",
    description: "Rechercher dans les articles du blog et les événements de l'association.",
    // Every search shares the address of the search page.
    path: "/search",
  });
}

const SUGGESTIONS = ["semis", "compost", "tomates", "fête", "atelier"];

/** A text with the words found marked. */
function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded bg-amber-200 px-0.5 text-stone-900">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, total, page, pages, results } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Rechercher</h1>
      <search className="mt-6">
        <Form method="get" action="/search" className="flex gap-2">
          <label htmlFor="recherche" className="sr-only">
            Rechercher dans les articles et les événements
          </label>
          <input
            id="recherche"
            key={query}
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Un mot : semis, compost, fête…"
            className="min-h-12 w-full rounded-lg border border-stone-400 bg-white px-4 py-2 text-lg focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
          />
          <button
            type="submit"
            className="min-h-12 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            Rechercher
          </button>
        </Form>
      </search>
      {!query ? (
        <p className="mt-6 text-stone-700">
          Cherchez un mot dans les articles du blog et les événements : une culture, un atelier, un lieu…
        </p>
      ) : results.length === 0 ? (
        <section aria-live="polite" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-stone-200">
          <h2 className="text-xl font-bold text-stone-900">Aucun résultat trouvé</h2>
          <p className="mt-2 text-stone-700">Rien ne correspond à « {query} ». Quelques pistes :</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
            <li>vérifiez l'orthographe, ou essayez un mot plus court ou plus général ;</li>
            <li>
              essayez par exemple :{" "}
              {SUGGESTIONS.map((word, i) => (
                <span key={word}>
                  {i > 0 ? ", " : ""}
                  <Link to={`/search?q=${encodeURIComponent(word)}`} className="font-semibold text-brand-800 underline">
                    {word}
                  </Link>
                </span>
              ))}
              ;
            </li>
            <li>
              parcourez le{" "}
              <Link to="/blog" className="font-semibold text-brand-800 underline">
                blog
              </Link>{" "}
              ou les{" "}
              <Link to="/events" className="font-semibold text-brand-800 underline">
                événements
              </Link>
              .
            </li>
          </ul>
          <Link
            to="/"
            className="mt-5 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Retour à l'accueil
          </Link>
        </section>
      ) : (
        <section aria-labelledby="resultats" className="mt-8">
          <h2 id="resultats" aria-live="polite" className="text-xl font-bold text-stone-900">
            {total} résultat(s)
          </h2>
          <ol className="mt-4 space-y-4">
            {results.map((result) => (
              <li
                key={`${result.kind}-${result.id}`}
                className="relative flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
              >
                <div className="size-20 shrink-0 sm:size-24">
                  <Image
                    src={result.image}
                    alt=""
                    sizes="(min-width: 640px) 96px, 80px"
                    className="size-20 rounded-lg object-cover sm:size-24"
                  />
                </div>
                <div className="min-w-0">
                  <p className="text-sm text-stone-600">
                    <span className="font-semibold uppercase tracking-wide text-brand-700">
                      {result.kind === "article" ? "Article" : "Événement"}
                    </span>
                    {" · "}
                    <time dateTime={toIso(result.date)}>{formatDate(result.date)}</time>
                  </p>
                  <h3 className="text-lg font-bold text-stone-900">
                    <Link
                      to={result.kind === "article" ? `/blog/${result.id}` : `/events/${result.id}`}
                      className="after:absolute after:inset-0"
                    >
                      <Marked parts={result.title} />
                    </Link>
                  </h3>
                  <p className="mt-1 text-stone-700 [overflow-wrap:anywhere]">
                    <Marked parts={result.excerpt} />
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <ListPages link={(n) => searchPath(query, n)} page={page} pages={pages} />
        </section>
      )}
    </div>
  );
}
