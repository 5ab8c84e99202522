import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_LINK_SCHEMES } from "~/lib/constants";

const QUILL_CLASSES = ["ql-align-*", "ql-size-*", "ql-font-*", "ql-indent-*"];
// Colours as the editor writes them: rgb()/rgba(), hex, or a plain colour name.
const COLOUR = [
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^#[0-9a-f]{3,8}$/i,
  /^[a-z]{3,20}$/i,
];

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "ol", "ul", "li", "a", "span"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    li: ["data-list"],
    p: ["style"],
    span: ["style"],
  },
  allowedClasses: { p: QUILL_CLASSES, span: QUILL_CLASSES, li: QUILL_CLASSES },
  allowedStyles: { "*": { color: COLOUR, "background-color": COLOUR } },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links open in a new tab without giving the target page a handle on ours.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: "_blank", rel: "noopener noreferrer" },
    }),
    // Quill 2 lists carry their kind in data-list; keep only the values it writes.
    li: (tagName, attribs) => {
      const { "data-list": kind, ...rest } = attribs;
      return { tagName, attribs: kind && /^(bullet|ordered)$/.test(kind) ? { ...rest, "data-list": kind } : rest };
    },
  },
};

/**
 * Cleans rich-text HTML from the editor (Quill 2 output) down to the allowed tags, classes and colour
 * styles, with links limited to http, https, mailto and tel. Used on save and again on render.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, options);
}
