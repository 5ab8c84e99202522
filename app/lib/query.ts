import { cleanText, oneLine } from "./text";

/** A page a list's address may ask for: at most six digits, far past any real list, so no offset can overflow. */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * The query of a request's address, every name and value cleaned as a submitted form's are (`cleanText`): a loader
 * reads what an action would, and no NUL byte or lone surrogate reaches a query or a page.
 */
export function queryOf(request: Request | URL): URLSearchParams {
  const url = request instanceof URL ? request : new URL(request.url);
  const cleaned = new URLSearchParams();
  for (const [name, value] of url.searchParams) cleaned.append(cleanText(name), cleanText(value));
  return cleaned;
}

/** A searched text of the query: on one line, at most `max` characters (never half a character). */
export function queryText(params: URLSearchParams, name: string, max = 100): string {
  return Array.from(oneLine(params.get(name) ?? ""))
    .slice(0, max)
    .join("")
    .trim();
}

/** Whether `raw` is a page number a list may be asked for: a whole number from 1, of at most six digits. */
export const isPageNumber = (raw: string) => PAGE_NUMBER.test(raw);

/** The page the query asks for under `name`: 1 for anything that is not a page number. */
export function queryPage(params: URLSearchParams, name = "page"): number {
  const raw = params.get(name) ?? "";
  return isPageNumber(raw) ? Number(raw) : 1;
}
