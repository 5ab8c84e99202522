import { or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { TIME_ZONE } from "~/lib/constants";
import { queryOf, queryPage, queryText } from "~/lib/query";

/** A back-office list's page and search, as its address gives them (`?q=…&page=…`). */
export interface AdminListQuery {
  q: string;
  page: number;
  pageSize: number;
}

/** How many rows a back-office list shows at a time. */
export const ADMIN_PAGE_SIZE = 20;

const MONTHS = [
  "janvier",
  "fevrier",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "aout",
  "septembre",
  "octobre",
  "novembre",
  "decembre",
];

/**
 * The page and search of a list's address (`param` names the page, for a screen with two lists), cleaned and bounded
 * as a form's values are; a page that is not a page number is the first.
 */
export function adminListQuery(request: Request, param = "page", pageSize = ADMIN_PAGE_SIZE): AdminListQuery {
  const params = queryOf(request);
  return { q: queryText(params, "q"), page: queryPage(params, param), pageSize };
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The Paris calendar prefix a search names, as 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD': « 2026 », « 11/2026 »,
 * « novembre 2026 », « 24/11/2026 », « 24 novembre 2026 »; null for any other text.
 */
export function datePrefix(q: string): string | null {
  const text = fold(q).replace(/(\d)(er)\b/, "$1");
  const pad = (n: string) => n.padStart(2, "0");
  let m = /^(\d{4})$/.exec(text);
  if (m) return m[1]!;
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${pad(m[1]!)}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  m = /^(?:(\d{1,2}) )?([a-z]+) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) + 1 : 0;
  if (m && month > 0) return `${m[3]}-${pad(String(month))}${m[1] ? `-${pad(m[1])}` : ""}`;
  return null;
}

// LIKE's own wildcards in what is typed are searched as themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of a back-office search: `q` in one of the `texts` (without regard to case or accents), or, when `q`
 * names a day, a month or a year, one of the `dates` in it (Paris time). Undefined, which filters nothing, for an
 * empty search.
 */
export function adminSearchCondition(
  q: string,
  columns: { texts: SQLWrapper[]; dates: SQLWrapper[] },
): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(fold(q));
  const conditions = columns.texts.map((column) => sql`lower(fold_accents(${column})) like ${pattern}`);
  const prefix = datePrefix(q);
  if (prefix)
    conditions.push(
      ...columns.dates.map(
        (column) => sql`to_char(${column} at time zone ${TIME_ZONE}, 'YYYY-MM-DD') like ${`${prefix}%`}`,
      ),
    );
  return or(...conditions);
}

/** Page `page.page` of a back-office list's query when `page` is given; the whole list otherwise (exports, tests). */
export function withPage<Query extends PgSelect>(query: Query, page?: AdminListQuery) {
  return page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query;
}
