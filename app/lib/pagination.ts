import { isPageNumber } from "./query";

/** Pages of a list shown `size` items at a time (one page, empty, when there is nothing). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/**
 * The page `?page=` asks for: 1 when absent; null when it is not a page of the list (not a whole number from 1, or
 * past the last page), which a public list answers by going back to its first page.
 */
export function requestedPage(raw: string | null, total: number, size: number): number | null {
  if (raw === null) return 1;
  if (!isPageNumber(raw)) return null;
  const page = Number(raw);
  return page <= pageCount(total, size) ? page : null;
}

/** The address of page `page` of the list at `path` (the first page has none of its own). */
export const pagePath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);
