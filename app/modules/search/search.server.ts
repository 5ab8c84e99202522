import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cleanText } from "~/lib/text";

/** Longest query read: a search box, not a document. */
export const MAX_QUERY_LENGTH = 200;
/** Results shown a page at a time. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchResult {
  kind: "article" | "événement";
  id: number;
  title: string;
  /** Plain text the excerpt is taken from: around the first place the query is found, for an article. */
  text: string;
  image: string | null;
  /** The article's publication date, or the event's start. */
  date: Date;
}

/** The query as searched: cleaned like any form text, trimmed, at most 200 characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  return cleanText(raw ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

// LIKE's own wildcards in what a visitor types are searched as themselves.
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = {
  kind: SearchResult["kind"];
  id: number;
  title: string;
  text: string;
  image: string | null;
  date: string | Date;
  total: string | number;
};

/**
 * Published articles (title, visible text of the content, excerpt) and events (title, description, location)
 * matching the query without regard to case or accents, as a substring (product §5) or by French stems ("tomates"
 * finds "tomate"): a page of them, and how many there are in all. Markup is never searched. Title matches come
 * first, then the better text-search rank, then the newest. The folded text and the text-search vector are written
 * with each item (migration 0012), and only the page shown is read in full.
 */
export async function searchSite(
  rawQuery: string,
  { limit = SEARCH_PAGE_SIZE, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ total: number; results: SearchResult[] }> {
  const query = normaliseQuery(rawQuery);
  if (!query) return { total: 0, results: [] };
  const pattern = likePattern(query);
  const result = await getDb().execute(sql`
    with q as (
      select plainto_tsquery('french', fold_accents(${query})) as ts, lower(fold_accents(${pattern})) as pattern,
             lower(fold_accents(${query})) as folded
    ),
    found as (
      select 'article'::text as kind, p.id, p.published_at as date,
             (lower(fold_accents(p.title)) like q.pattern or to_tsvector('french', fold_accents(p.title)) @@ q.ts) as title_hit,
             ts_rank(p.search_vector, q.ts) as rank
        from blog_posts p, q
       where p.state = 'publie' and (p.search_text like q.pattern or p.search_vector @@ q.ts)
      union all
      select 'événement', e.id, e.start,
             (lower(fold_accents(e.title)) like q.pattern or to_tsvector('french', fold_accents(e.title)) @@ q.ts),
             ts_rank(e.search_vector, q.ts)
        from events e, q
       where e.state = 'publie' and (e.search_text like q.pattern or e.search_vector @@ q.ts)
    ),
    shown as (
      select found.*, count(*) over () as total
        from found
       order by title_hit desc, rank desc, date desc, id desc
       limit ${limit} offset ${offset}
    )
    select shown.kind, shown.id, shown.date, shown.total,
           coalesce(p.title, e.title) as title, coalesce(p.image, e.image) as image,
           coalesce(
             substr(p.plain_text, greatest(1, strpos(lower(fold_accents(p.plain_text)), q.folded) - 200), 700),
             concat_ws(' — ', nullif(e.description, ''), nullif(e.location, ''))
           ) as text
      from shown cross join q
      left join blog_posts p on shown.kind = 'article' and p.id = shown.id
      left join events e on shown.kind = 'événement' and e.id = shown.id
     order by shown.title_hit desc, shown.rank desc, shown.date desc, shown.id desc
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countOnly(query) : 0,
    results: rows.map(({ kind, id, title, text, image, date }) => ({
      kind,
      id: Number(id),
      title,
      text: text ?? "",
      image,
      date: new Date(date),
    })),
  };
}

/** How many results a query has, for a page past the last one. */
async function countOnly(query: string) {
  return (await searchSite(query, { limit: 1, offset: 0 })).total;
}
