import { SITE_NAME } from "./navigation";
import { excerptLength } from "./seo-constants";

/** Title and description for a route's `meta` export; the description is cut at SPEC §9's 150 characters. */
export function pageMeta(title: string, description: string) {
  const text = description.replace(/\s+/g, " ").trim();
  const cut = text.length > excerptLength ? `${text.slice(0, excerptLength - 1).trimEnd()}…` : text;
  return [
    { title: title === SITE_NAME ? title : `${title} — ${SITE_NAME}` },
    { name: "description", content: cut },
  ];
}

/** Admin screens: a title and a description, and never indexed. */
export function adminMeta(title: string) {
  return [
    { title: `${title} — Administration` },
    { name: "description", content: `Espace d'administration du site ${SITE_NAME} : ${title.toLowerCase()}.` },
    { name: "robots", content: "noindex" },
  ];
}
