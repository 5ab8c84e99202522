/** What a route tells the document around it, through its `handle` export. */
export interface PageHandle {
  /**
   * `false` for a page that works entirely as HTML and CSS (the content pages): React renders it on the server and
   * the browser gets no framework script (docs/decisions/016).
   */
  scripts?: boolean;
}

/** The handle of the content pages. */
export const CONTENT_PAGE: PageHandle = { scripts: false };
