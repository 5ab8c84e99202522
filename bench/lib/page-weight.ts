// What a visitor's browser downloads for a page, images aside: the HTML, its scripts and linked stylesheets, each as
// the server sends it to a browser that accepts brotli (bytes on the wire, headers aside).
import http from "node:http";
import zlib from "node:zlib";

export interface PageWeight {
  path: string;
  html: number;
  js: number;
  jsFiles: number;
  css: number;
  total: number;
}

const BROWSER_ENCODING = "gzip, deflate, br, zstd";

/** The body of `url` as sent (compressed) and as read (decoded). */
function download(url: string): Promise<{ sent: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": BROWSER_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded =
            encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ sent: raw.length, text: decoded.toString("utf8") });
        });
      })
      .on("error", reject);
  });
}

export async function pageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const { sent: html, text } = await download(baseUrl + path);
  const urls = new Set<string>();
  for (const m of text.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g))
    urls.add(m[1]);
  // Module imports inside the inline bootstrap script (entry and route chunks).
  for (const m of text.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let js = 0;
  let css = 0;
  for (const url of urls) {
    const { sent } = await download(baseUrl + url);
    if (url.endsWith(".js")) js += sent;
    else css += sent;
  }
  return { path, html, js, jsFiles: [...urls].filter((u) => u.endsWith(".js")).length, css, total: html + js + css };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
