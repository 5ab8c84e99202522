/**
 * Every page and resource of the build asked for with hostile addresses: the query parameters its links and search
 * forms use, and any other, with names every object has (« toString », « __proto__ »), NUL bytes, lone surrogates,
 * numbers past 2^63, and hostile values in the path's own parameters; GET and HEAD, with and without a session. The
 * routes are read from the build's manifest, so a page added later is covered without this file changing.
 */
import * as fc from "fast-check";
import { fillPattern, readManifest, routePattern } from "./actions";
import { percentEncode, PROTOTYPE_NAMES, textValue } from "./bodies";
import type { RawRequest } from "./http";

export interface PageTarget {
  /** The route's file id, e.g. "routes/admin/blog". */
  id: string;
  /** Its path pattern, parameters included: "/blog/:id". */
  pattern: string;
  /** Query parameters seen in the links and GET forms of its page, with the values seen. */
  params: Record<string, string[]>;
}

/** Parameters any list or screen of the site reads, whether or not its page shows a link with them. */
const COMMON_PARAMS = ["q", "page", "edit", "fait", "annee", "statut", "type", "email", "modifier", "reprendre"];

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
};

/** Query parameters of the page's links (`href="…?a=b"`) and the fields of its GET forms. */
export function queryParamsOf(html: string): Record<string, string[]> {
  const params: Record<string, Set<string>> = {};
  const add = (name: string, value: string) => (params[name] ??= new Set()).add(value);
  for (const [, query] of html.matchAll(/\bhref="[^"?#]*\?([^"#]*)"/g)) {
    for (const pair of query!.replace(/&amp;/g, "&").split("&")) {
      const [name, value = ""] = pair.split("=");
      if (name) add(decode(name), decode(value));
    }
  }
  for (const [form] of html.matchAll(/<form\b(?![^>]*method="post")[^>]*>[\s\S]*?<\/form>/gi)) {
    for (const [, name] of form.matchAll(/<(?:input|select)\b[^>]*\bname="([^"]*)"/g)) add(name!, "");
  }
  return Object.fromEntries(Object.entries(params).map(([name, values]) => [name, [...values]]));
}

/** Every route with a path (layouts apart), with the query parameters its page shows, signed in with `cookie`. */
export async function discoverPages(baseUrl: string, cookie: string): Promise<PageTarget[]> {
  const routes = readManifest();
  const targets = new Map<string, PageTarget>();
  for (const route of Object.values(routes)) {
    if (!route.hasLoader && !route.hasAction && !route.index && !route.path) continue;
    const pattern = routePattern(routes, route);
    if (targets.has(pattern)) continue;
    let html = "";
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const response = await fetch(baseUrl + fillPattern(pattern), { headers, redirect: "manual" });
      html += response.headers.get("content-type")?.includes("text/html") ? await response.text() : "";
    }
    targets.set(pattern, { id: route.id, pattern, params: queryParamsOf(html) });
  }
  return [...targets.values()].sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** One hostile address for a page. */
export interface QueryCase {
  method: "GET" | "HEAD";
  path: string;
  withSession: boolean;
  closeConnection: boolean;
}

/** A value that ends up in a route parameter: the sample one mostly, hostile ones often. */
const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\uD800",
      "9".repeat(30),
      "9223372036854775808",
      "-1",
      "0",
      "1.5",
      "..",
      "%2e%2e%2fetc",
      "toString",
      "__proto__",
      "é".repeat(300),
    ),
  },
  { weight: 1, arbitrary: textValue.filter((v) => v.length > 0 && v.length < 2000) },
);

export function queryCaseFor(target: PageTarget): fc.Arbitrary<QueryCase> {
  const seenNames = Object.keys(target.params);
  const seenValues = Object.values(target.params).flat();
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...seenNames, ...COMMON_PARAMS) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: textValue.filter((v) => v.length < 5000) },
    { weight: 1, arbitrary: seenValues.length ? fc.constantFrom(...seenValues) : fc.constant("") },
  );
  const params = Array.from(target.pattern.matchAll(/:(\w+)/g), (m) => m[1]!);
  return fc
    .record({
      pairs: fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 6 }),
      pathValues: fc.tuple(...params.map(() => pathValue)),
      method: fc.constantFrom("GET", "GET", "GET", "HEAD") as fc.Arbitrary<"GET" | "HEAD">,
      withSession: fc.boolean(),
      closeConnection: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    })
    .map(({ pairs, pathValues, method, withSession, closeConnection }) => {
      const values = new Map(params.map((param, i) => [param, pathValues[i]]));
      const path = fillPattern(target.pattern, (param) => {
        const hostile = values.get(param);
        return hostile === undefined ? undefined : percentEncode(hostile);
      });
      const query = pairs.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join("&");
      const fuzz: QueryCase = { method, path: `${path}?${query}`, withSession, closeConnection };
      return Object.assign(fuzz, { [fc.toStringMethod]: () => describeQueryCase(fuzz) });
    });
}

export function describeQueryCase(fuzz: QueryCase) {
  const path = fuzz.path.length > 160 ? `${fuzz.path.slice(0, 160)}…` : fuzz.path;
  return `${fuzz.method} ${path}, ${fuzz.withSession ? "avec" : "sans"} session${fuzz.closeConnection ? ", Connection: close" : ""}`;
}

export function queryRequest(fuzz: QueryCase, cookie: string): RawRequest {
  const headers: Record<string, string> = { Connection: fuzz.closeConnection ? "close" : "keep-alive" };
  if (fuzz.withSession) headers.Cookie = cookie;
  return { method: fuzz.method, path: fuzz.path, headers };
}
