import type { MetaDescriptor } from "react-router";
import { mediaUrl, parseMediaUrl } from "~/modules/media/media.schema";
import { SEO_DESCRIPTION_LENGTH } from "~/lib/constants";

/** What every page's head says about the site: its name, tagline and public address (`PUBLIC_URL`). */
export interface SiteInfo {
  name: string;
  tagline: string;
  /** Origin and base path of the public site, without a trailing slash: "https://jardins.example.org". */
  url: string;
  /** The image shared for pages without one of their own (the home page's). */
  image?: string | null;
}

export interface PageMetaOptions {
  /** The page's own title; null for the home page, whose title is the site's name and tagline. */
  title: string | null;
  description: string;
  /** The page's path (and query, for pages that depend on it), for its canonical address. */
  path: string;
  /** The image shown when the page is shared: a stored image (`/media/…`) or an absolute address. */
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  /** Structured data (schema.org) for search engines. */
  jsonLd?: Record<string, unknown>;
  /** The image's text alternative (`og:image:alt`), when it has one. */
  imageAlt?: string | null;
  /** The addresses of the previous and next pages of a list. */
  prev?: string | null;
  next?: string | null;
}

/** A description of at most product §9's 150 characters, cut at a word with an ellipsis. */
export function metaDescription(text: string) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= SEO_DESCRIPTION_LENGTH) return clean;
  const cut = clean.slice(0, SEO_DESCRIPTION_LENGTH - 1);
  const atWord = cut.lastIndexOf(" ") > 100 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord.replace(/[\s,;:.]+$/, "")}…`;
}

/** The absolute address of a page or image of the site. */
export function absoluteUrl(site: SiteInfo, path: string) {
  return /^https?:\/\//.test(path) ? path : `${site.url}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The image to share: the 1200-px JPEG of a stored image (social networks do not all read WebP). */
export function shareImage(site: SiteInfo, image: string | null | undefined) {
  if (!image) return null;
  const ref = parseMediaUrl(image);
  return absoluteUrl(site, ref ? mediaUrl(ref, 1200, "jpg") : image);
}

export const siteTitle = (site: SiteInfo) => `${site.name} — ${site.tagline}`;

/**
 * A public page's head: a unique title, a description of at most 150 characters, its canonical address on
 * PUBLIC_URL, Open Graph and Twitter tags with its image, and structured data when given.
 */
export function pageMeta(site: SiteInfo | undefined, options: PageMetaOptions): MetaDescriptor[] {
  const info = site ?? { name: "Potager", tagline: "Jardins familiaux et partagés", url: "" };
  const title = options.title ? `${options.title} — ${info.name}` : siteTitle(info);
  const description = metaDescription(options.description);
  const canonical = absoluteUrl(info, options.path);
  const image = shareImage(info, options.image ?? info.image);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: info.name },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title ?? siteTitle(info) },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: options.title ?? siteTitle(info) },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (image && options.imageAlt)
    tags.push(
      { property: "og:image:alt", content: options.imageAlt },
      { name: "twitter:image:alt", content: options.imageAlt },
    );
  if (options.prev) tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(info, options.prev) });
  if (options.next) tags.push({ tagName: "link", rel: "next", href: absoluteUrl(info, options.next) });
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  if (options.jsonLd) tags.push({ "script:ld+json": { "@context": "https://schema.org", ...options.jsonLd } });
  return tags;
}

/** Admin screens: a title and a description, and never indexed. */
export function adminMeta(title: string) {
  return [
    { title: `${title} — Administration` },
    { name: "description", content: `Espace d'administration du site : ${title.toLowerCase()}.` },
    { name: "robots", content: "noindex" },
  ];
}

/** The site information the public layout's loader gives every page, read from a meta function's matches. */
export function siteFromMatches(matches: readonly unknown[]): SiteInfo | undefined {
  for (const match of matches) {
    const data = (match as { loaderData?: { site?: SiteInfo } } | undefined)?.loaderData;
    if (data?.site) return data.site;
  }
  return undefined;
}
