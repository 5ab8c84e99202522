// What a visitor downloads for a page: its scripts and linked stylesheets (gzip 9), and the HTML itself.
import zlib from "node:zlib";

export interface PageWeight {
  path: string;
  js: number;
  jsFiles: number;
  css: number;
  html: number;
  inlineCss: number;
}

const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

export async function pageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await (await fetch(baseUrl + path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) urls.add(m[1]);
  // Module imports inside the inline bootstrap script (entry and route chunks).
  for (const m of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let js = 0;
  let css = 0;
  for (const url of urls) {
    const size = gzipSize(Buffer.from(await (await fetch(baseUrl + url)).arrayBuffer()));
    if (url.endsWith(".js")) js += size;
    else css += size;
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  return {
    path,
    js,
    jsFiles: [...urls].filter((u) => u.endsWith(".js")).length,
    css,
    html: gzipSize(Buffer.from(html)),
    inlineCss: gzipSize(Buffer.from(inlineCss)),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
