// JavaScript and CSS a visitor downloads for each public page (gzip), against DESIGN.md's 120 KB budget.
// Usage: npm run build && npx tsx bench/page-weight.ts [path ...]
import zlib from "node:zlib";
import { startServer } from "./server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/association", "/mentions-legales", "/login"];
const server = await startServer();
const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  for (const path of paths) {
    const html = await (await fetch(server.url + path)).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) urls.add(m[1]);
    // Module imports inside the inline bootstrap script (entry and route chunks).
    for (const m of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
    let js = 0;
    let css = 0;
    for (const url of urls) {
      const size = gzipSize(Buffer.from(await (await fetch(server.url + url)).arrayBuffer()));
      if (url.endsWith(".js")) js += size;
      else css += size;
    }
    const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    console.log(
      `${path.padEnd(20)} JS ${kb(js).padStart(9)} (${[...urls].filter((u) => u.endsWith(".js")).length} fichiers)` +
        `   CSS liée ${kb(css).padStart(7)}   HTML ${kb(gzipSize(Buffer.from(html)))} dont CSS en ligne ${kb(gzipSize(Buffer.from(inlineCss)))}`,
    );
  }
  console.log("budget : JavaScript ≤ 120 KB gzip par page publique");
} finally {
  await server.stop();
}
