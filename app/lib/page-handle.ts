/** What a route tells the document around it, and the server, through its `handle` export. */
export interface PageHandle {
  /**
   * `false` for a page that works entirely as HTML and CSS (the content pages): React renders it on the server and
   * the browser gets no framework script (docs/decisions/016).
   */
  scripts?: boolean;
  /**
   * The query parameters the route reads, all of them: declaring them lets the server keep its public answers in
   * memory (server/page-cache.ts). It keeps and renders one copy per path and values of these parameters, so any
   * other parameter (`utm_source`, `fbclid`…) never reaches the route. A route without it is never kept.
   */
  query?: readonly string[];
}

/** The handle of the content pages. */
export const CONTENT_PAGE: PageHandle = { scripts: false };
