// The site's stylesheet, written by the server into each page's <head> so that the first paint waits for no
// request. The text never enters the browser's JavaScript (this module stays on the server), and it is added to
// the HTML stream rather than rendered by React, which would cost every request the work on 28 KB of text.
import { Transform } from "node:stream";
import css from "../app.css?inline";

// The stylesheet goes right after the charset declaration, which must stay within the document's first 1024 bytes,
// and before the route stylesheets of <Links />, which may override it.
const anchor = '<meta charSet="utf-8"/>';

/**
 * Makes streams that copy an HTML document, adding `stylesheet` to its <head>. React's hydration skips tags in <head> it
 * did not render, so the browser keeps this one.
 */
export function inlineStylesheet(stylesheet: string): () => Transform {
  const styleTag = Buffer.from(`<style>${stylesheet.replaceAll("</style", "<\\/style")}</style>`);
  return () => {
    let pending = Buffer.alloc(0);
    let inserted = false;
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (inserted) return callback(null, chunk);
        pending = Buffer.concat([pending, chunk]);
        const at = pending.indexOf(anchor);
        if (at === -1) return callback();
        inserted = true;
        const end = at + anchor.length;
        callback(null, Buffer.concat([pending.subarray(0, end), styleTag, pending.subarray(end)]));
      },
      flush(callback) {
        callback(null, inserted || pending.length === 0 ? undefined : pending);
      },
    });
  };
}

export const withSiteStylesheet = inlineStylesheet(css);
