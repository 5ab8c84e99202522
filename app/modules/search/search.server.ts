import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { blogPosts, events } from "~/db/schema";
import { cleanFormText } from "~/lib/form-data.server";

/** Longest query read: a search box, not a document. */
export const MAX_QUERY_LENGTH = 200;

export interface SearchResult {
  kind: "article" | "événement";
  id: number;
  title: string;
  /** Plain text the excerpt is taken from. */
  text: string;
  image: string | null;
  /** The article's date, or the event's start. */
  date: Date;
  titleHit: boolean;
  rank: number;
}

/** The query as searched: cleaned like any form text, trimmed, at most 200 characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  return cleanFormText(raw ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

// LIKE's own wildcards in what a visitor types are searched as themselves.
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Articles (title, visible text of the content, excerpt) and events (title, description, location) matching the
 * query without regard to case or accents, as a substring (SPEC §5) or by French stems ("tomates" finds "tomate").
 * Markup is never searched: articles are matched on the plain text written with them. Title matches come first,
 * then the better text-search rank, then the newest.
 */
export async function searchSite(rawQuery: string): Promise<SearchResult[]> {
  const query = normaliseQuery(rawQuery);
  if (!query) return [];
  const pattern = likePattern(query);
  const tsquery = sql`plainto_tsquery('french', unaccent(${query}))`;
  const folded = (column: unknown) => sql`lower(unaccent(${column}))`;
  const matches = (text: unknown) =>
    sql`(${folded(text)} like lower(unaccent(${pattern})) or to_tsvector('french', unaccent(${text})) @@ ${tsquery})`;

  const postText = sql`${blogPosts.title} || ' ' || ${blogPosts.plainText} || ' ' || ${blogPosts.excerpt}`;
  const eventText = sql`${events.title} || ' ' || ${events.description} || ' ' || ${events.location}`;
  const db = getDb();
  const [posts, found] = await Promise.all([
    db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        text: blogPosts.plainText,
        image: blogPosts.image,
        date: blogPosts.createdAt,
        titleHit: sql<boolean>`${matches(blogPosts.title)}`,
        rank: sql<number>`ts_rank(to_tsvector('french', unaccent(${postText})), ${tsquery})`,
      })
      .from(blogPosts)
      .where(matches(postText)),
    db
      .select({
        id: events.id,
        title: events.title,
        description: events.description,
        location: events.location,
        image: events.image,
        date: events.start,
        titleHit: sql<boolean>`${matches(events.title)}`,
        rank: sql<number>`ts_rank(to_tsvector('french', unaccent(${eventText})), ${tsquery})`,
      })
      .from(events)
      .where(matches(eventText)),
  ]);
  const results: SearchResult[] = [
    ...posts.map((post) => ({ kind: "article" as const, ...post, rank: Number(post.rank) })),
    ...found.map(({ description, location, ...event }) => ({
      kind: "événement" as const,
      ...event,
      text: [description, location].filter(Boolean).join(" — "),
      rank: Number(event.rank),
    })),
  ];
  return results.sort(
    (a, b) => Number(b.titleHit) - Number(a.titleHit) || b.rank - a.rank || b.date.getTime() - a.date.getTime(),
  );
}
