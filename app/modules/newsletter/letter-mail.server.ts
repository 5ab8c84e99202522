import { convert } from "html-to-text";
import { publicUrl } from "~/db/association.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { altOf } from "~/lib/image-alt";
import { formatDate } from "~/lib/dates";
import { decodeEntities, excerpt } from "~/lib/text";
import { tidyText } from "~/modules/mail/mail-templates.server";
import { escapeHtml } from "~/lib/html";
import type { RenderedMessage } from "~/modules/mail/transports.server";
import { mediaUrl, parseMediaUrl } from "~/modules/media/media.schema";
import type { BlogPost } from "~/modules/blog/blog.server";
import { eventPractical, type EventRow } from "~/modules/events/events.server";

/** Who sends the letters, as their footer names it. */
export interface LetterIdentity {
  association: string;
  /** The association's tagline, under its name: who writes, for a reader who does not know the name yet. */
  tagline?: string | null;
  address: string | null;
  email: string | null;
  /** Where answers go: the association's contact address (mail-templates' associationReplyTo). */
  replyTo?: string;
}

/** A letter's body: the same for every recipient, frozen when the sending starts. */
export interface LetterBody {
  html: string;
  text: string;
}

/** The part of a message that belongs to its recipient: why they receive it, and how to stop. */
export interface LetterFooter {
  why: string;
  /** How to stop (or to go back to the letter); none for a service message to gardeners, which cannot be declined. */
  link?: { href: string; label: string };
  /** RFC 8058 headers (a subscriber's letter), so webmail shows its own « Se désabonner ». */
  unsubscribe?: string;
  /** The list the unsubscribe link leaves, as `List-Id` names it; the newsletter's by default. */
  list?: { name: string; id: string };
}

const absolute = (url: string) => new URL(url, publicUrl()).toString();

/** Links and images of a rich text made absolute: a mail client has no page to resolve « /blog/3 » against. */
function absoluteLinks(html: string) {
  // The sanitiser wrote `&` as `&amp;`: decoded first, so that it is escaped once.
  return html.replace(/\b(href|src)="(\/(?!\/)[^"]*)"/g, (_, attribute: string, url: string) => {
    return `${attribute}="${escapeHtml(absolute(decodeEntities(url)))}"`;
  });
}

/** A stored image as JPEG (every mail client shows it), wide enough for a 600-pixel letter on a sharp screen. */
function imageUrl(src: string) {
  const ref = parseMediaUrl(src);
  return absolute(ref ? mediaUrl(ref, 1200, "jpg") : src);
}

/** The line between the parts of a letter (the message, an article, the next article). */
export const LETTER_RULE = '<hr style="border:0;border-top:1px solid #e7e5e4;margin:24px 0">';

const BUTTON =
  "display:inline-block;padding:10px 18px;border-radius:8px;background:#166534;color:#ffffff;text-decoration:none;font-weight:bold";

function card(options: {
  title: string;
  href: string;
  image: string | null;
  imageAlt: string | null;
  lines: string[];
  summary: string;
  action: string;
}) {
  const image = options.image
    ? `<p style="margin:0 0 16px"><img src="${escapeHtml(imageUrl(options.image))}" alt="${escapeHtml(options.imageAlt ?? "")}" width="544" style="display:block;width:100%;max-width:544px;height:auto;border-radius:8px"></p>`
    : "";
  const lines = options.lines.map((line) => `<p style="margin:0 0 4px;color:#44403c">${escapeHtml(line)}</p>`);
  return [
    image,
    `<h2 style="margin:0 0 8px;font-size:22px;line-height:1.3"><a href="${escapeHtml(options.href)}" style="color:#14532d">${escapeHtml(options.title)}</a></h2>`,
    ...lines,
    options.summary ? `<p style="margin:12px 0">${escapeHtml(options.summary)}</p>` : "",
    `<p style="margin:16px 0 0"><a href="${escapeHtml(options.href)}" style="${BUTTON}">${escapeHtml(options.action)}</a></p>`,
  ].join("");
}

/** Of an article's text, what a letter quotes beside its cover: enough to know what it says before opening it. */
const LETTER_EXCERPT_LENGTH = 500;

/** An article as a letter presents it: cover, title, when and by whom, its beginning and the link to read it. */
export function articleCard(
  post: Pick<
    BlogPost,
    "id" | "title" | "image" | "imageAlts" | "excerpt" | "plainText" | "author" | "publishedAt" | "createdAt"
  >,
) {
  return card({
    title: post.title,
    href: absolute(`/blog/${post.id}`),
    image: post.image,
    imageAlt: altOf(post.imageAlts, post.image),
    lines: [`Publié le ${formatDate(post.publishedAt ?? post.createdAt)} par ${post.author}`],
    summary: post.excerpt.trim() || excerpt(post.plainText, LETTER_EXCERPT_LENGTH),
    action: "Lire l'article",
  });
}

/** An event as a letter presents it: cover, title, when and where, summary and its page. */
export function eventCard(
  event: Pick<EventRow, "id" | "title" | "image" | "imageAlts" | "description" | "start" | "endDate" | "location">,
) {
  return card({
    title: event.title,
    href: absolute(`/events/${event.id}`),
    image: event.image,
    imageAlt: altOf(event.imageAlts, event.image),
    lines: eventPractical(event),
    summary: event.description.trim(),
    action: "Voir l'événement",
  });
}

/** The plain-text part of an HTML fragment, as a mail client without HTML shows it (one blank line at most). */
export function htmlToPlainText(html: string) {
  const text = convert(html, {
    wordwrap: 76,
    selectors: [
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "img", format: "skip" },
      { selector: "h2", options: { uppercase: false } },
    ],
  });
  // An image left out leaves its paragraph's blank lines behind.
  return tidyText(text).trim();
}

/** A letter's body: what the administrator wrote (sanitised, links made absolute), then what it presents. */
export function letterBody(message: string, presented = ""): LetterBody {
  const written = absoluteLinks(sanitizeRichText(message));
  const html = [written, presented].filter(Boolean).join(LETTER_RULE);
  return { html, text: htmlToPlainText(html) };
}

/**
 * One recipient's message: the letter's body in a layout that reads well in webmail (one column, 600 pixels, inline
 * styles, no tracking pixel), the association's identity, why the person receives it and the link to stop.
 */
export function letterMessage(
  letter: { subject: string; body: LetterBody },
  identity: LetterIdentity,
  footer: LetterFooter,
): RenderedMessage {
  const site = absolute("/");
  const privacy = absolute("/mentions-legales");
  const contact = [identity.address, identity.email].filter(Boolean).join(" · ");
  const tagline = identity.tagline?.trim();
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;color:#1c1917;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 28px;background:#14532d;border-radius:12px 12px 0 0;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(identity.association)}${tagline ? `<div style="margin-top:4px;font-size:14px;font-weight:normal;color:#dcfce7">${escapeHtml(tagline)}</div>` : ""}</td></tr>
<tr><td style="padding:28px">${letter.body.html}</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid #e7e5e4;font-size:13px;line-height:1.5;color:#57534e">
<p style="margin:0 0 8px">${escapeHtml(footer.why)}</p>
${footer.link ? `<p style="margin:0 0 8px"><a href="${escapeHtml(footer.link.href)}" style="color:#14532d">${escapeHtml(footer.link.label)}</a></p>\n` : ""}<p style="margin:0 0 8px">${escapeHtml(identity.association)}${contact ? ` · ${escapeHtml(contact)}` : ""} · <a href="${escapeHtml(site)}" style="color:#14532d">${escapeHtml(new URL(site).host)}</a></p>
<p style="margin:0">Ce que l'association fait de votre adresse, et combien de temps elle la garde : <a href="${escapeHtml(privacy)}" style="color:#14532d">données personnelles</a>.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = tidyText(
    [
      [identity.association, tagline].filter(Boolean).join(" — "),
      "",
      letter.body.text,
      "",
      "--",
      footer.why,
      ...(footer.link ? [`${footer.link.label} : ${footer.link.href}`] : []),
      [identity.association, contact, site].filter(Boolean).join(" · "),
      `Ce que l'association fait de votre adresse, et combien de temps elle la garde : ${privacy}`,
    ].join("\n"),
  );
  const headers = footer.unsubscribe
    ? {
        "List-Unsubscribe": `<${footer.unsubscribe}>`,
        // RFC 8058's one click only for an https:// link: a mail client must not post to a plain http:// one.
        ...(footer.unsubscribe.startsWith("https://") && { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }),
        "List-Id": `${footer.list?.name ?? "Lettre d'information"} <${footer.list?.id ?? "lettre"}.${new URL(site).hostname}>`,
      }
    : undefined;
  return { subject: letter.subject, text, html, headers, replyTo: identity.replyTo };
}
