/**
 * Every route of the build that has an action, with the form fields its page shows: read from the build's route
 * manifest and the rendered pages, so a form added later is fuzzed without this file changing.
 */
import fs from "node:fs";
import path from "node:path";
import { root } from "../process/server";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
}

export interface FuzzTarget {
  /** The route's file id, e.g. "routes/admin/settings". */
  id: string;
  /** A concrete URL path for it (parameters filled with sample values). */
  path: string;
  /** Field names seen in its page's forms, file inputs apart. */
  fields: string[];
  fileFields: string[];
  /** Values of its hidden and submit `intent`-like fields, which select what an action does. */
  knownValues: Record<string, string[]>;
}

export function readManifest(): Record<string, ManifestRoute> {
  const assets = path.join(root, "build/client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("manifeste des routes introuvable : construisez le site");
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return (JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes;
}

const SAMPLE_PARAMS: Record<string, string> = { id: "1", file: "x.jpg", token: "jeton-inconnu" };

/** A route's whole path pattern, its parents' included: "/admin/parcelles/:id". */
export function routePattern(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** A pattern's parameters filled with `value(name)`, or with sample values; a splat names an unknown page. */
export function fillPattern(pattern: string, value: (name: string) => string | undefined = () => undefined) {
  return pattern
    .replace(/:(\w+)\??/g, (_, name: string) => value(name) ?? SAMPLE_PARAMS[name] ?? "1")
    .replace(/\*$/, "page-inconnue");
}

const fullPath = (routes: Record<string, ManifestRoute>, route: ManifestRoute) =>
  fillPattern(routePattern(routes, route));

/** Names and the values of hidden/submit inputs found in the HTML's forms. */
export function formFieldsOf(html: string) {
  const fields = new Set<string>();
  const fileFields = new Set<string>();
  const knownValues: Record<string, Set<string>> = {};
  for (const tag of html.matchAll(/<(input|textarea|select|button)\b([^>]*)>/g)) {
    const attributes = tag[2];
    const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
    if (!name) continue;
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
    if (type === "file") fileFields.add(name);
    else fields.add(name);
    const value = /\bvalue="([^"]*)"/.exec(attributes)?.[1];
    if (value !== undefined && (type === "hidden" || type === "submit" || tag[1] === "button")) {
      (knownValues[name] ??= new Set()).add(value.replace(/&amp;/g, "&"));
    }
  }
  return {
    fields: [...fields],
    fileFields: [...fileFields],
    knownValues: Object.fromEntries(Object.entries(knownValues).map(([k, v]) => [k, [...v]])),
  };
}

/** The routes with an action and their fields, read from the running server's pages (signed in with `cookie`). */
export async function discoverTargets(baseUrl: string, cookie: string): Promise<FuzzTarget[]> {
  const routes = readManifest();
  const targets: FuzzTarget[] = [];
  for (const route of Object.values(routes)) {
    if (!route.hasAction) continue;
    const target = fullPath(routes, route);
    // Some pages show their form only to visitors (sign-in), others only to administrators.
    let html = "";
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const response = await fetch(baseUrl + target, { headers, redirect: "manual" });
      if (response.headers.get("content-type")?.includes("text/html")) html += await response.text();
    }
    targets.push({ id: route.id, path: target, ...formFieldsOf(html) });
  }
  return targets.sort((a, b) => a.path.localeCompare(b.path));
}
