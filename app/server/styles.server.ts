// The site's stylesheet, written by the server into each page's <head> so that the first paint waits for no
// request. The text never enters the browser's JavaScript (this module stays on the server), and it is added to
// the HTML stream rather than rendered by React, which would cost every request the work on 28 KB of text.
// Content pages get only the rules they use (stylesheet-subset.server.ts).
import { Transform } from "node:stream";
import css from "../app.css?inline";
import { stylesheetSubset } from "./stylesheet-subset.server";

// The stylesheet goes right after the charset declaration, which must stay within the document's first 1024 bytes,
// and before the route stylesheets of <Links />, which may override it.
const anchor = '<meta charSet="utf-8"/>';

/**
 * The framework's scripts, preloaded at a low priority: a page that loads React works without it (its forms post to
 * actions), so the page's first paint, its images and its own stylesheet go first and its enhancement follows
 * (decisions 016, 037). Lighthouse then no longer counts them as blocking the first paint, as it did whenever they arrived
 * before it on a fast machine.
 */
export const lowPriorityScripts = (head: string) =>
  head.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchPriority="low" ');

const headEnd = "</head>";

/**
 * Makes streams that copy an HTML document, adding `stylesheet` to its <head>, and with `lowPriority` preloading its
 * scripts at a low priority (`lowPriorityScripts`); the head, which React sends whole with the page's shell, is held
 * until it ends. React's hydration skips tags in <head> it did not render, so the browser keeps the stylesheet.
 */
export function inlineStylesheet(stylesheet: string, lowPriority = false): () => Transform {
  const styleTag = styleElement(stylesheet);
  return () => {
    let pending = Buffer.alloc(0);
    let inserted = false;
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (inserted) return callback(null, chunk);
        pending = Buffer.concat([pending, chunk]);
        const at = pending.indexOf(anchor);
        const end = pending.indexOf(headEnd);
        if (at === -1 || end === -1) return callback();
        inserted = true;
        const start = at + anchor.length;
        callback(
          null,
          Buffer.concat([
            pending.subarray(0, start),
            styleTag,
            lowPriority
              ? Buffer.from(lowPriorityScripts(pending.subarray(start, end).toString("utf8")))
              : pending.subarray(start, end),
            pending.subarray(end),
          ]),
        );
      },
      flush(callback) {
        callback(null, inserted || pending.length === 0 ? undefined : pending);
      },
    });
  };
}

function styleElement(stylesheet: string) {
  return Buffer.from(`<style>${stylesheet.replaceAll("</style", "<\\/style")}</style>`);
}

/**
 * Makes streams that copy an HTML document, adding to its <head> the part of `stylesheet` the document uses
 * (`stylesheetSubset`), for pages no script changes: the whole document is read first. A content page is rendered
 * whole anyway (no part of it waits for data), so it reaches the browser no later.
 */
export function inlineUsedStylesheet(stylesheet: string): () => Transform {
  const subset = stylesheetSubset(stylesheet);
  return () => {
    const chunks: Buffer[] = [];
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      flush(callback) {
        const html = Buffer.concat(chunks);
        const at = html.indexOf(anchor);
        if (at === -1) return callback(null, html.length ? html : undefined);
        const end = at + anchor.length;
        callback(
          null,
          Buffer.concat([html.subarray(0, end), styleElement(subset(html.toString("utf8"))), html.subarray(end)]),
        );
      },
    });
  };
}

/** The back-office and « Mon jardin »: their scripts at the browser's priority, their screens need them soon. */
export const withSiteStylesheet = inlineStylesheet(css);
/** A public page that loads React (a form): it works without, so its scripts come after the page (decision 037). */
export const withPublicSiteStylesheet = inlineStylesheet(css, true);
/** For the content pages, which load no framework script: only the rules each page uses. */
export const withUsedSiteStylesheet = inlineUsedStylesheet(css);
