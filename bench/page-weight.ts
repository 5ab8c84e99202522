// JavaScript and CSS a visitor downloads for each public page (gzip), against DESIGN.md's 120 KB budget.
// Usage: npm run build && npx tsx bench/page-weight.ts [path ...]
import { kb, pageWeight } from "./lib/page-weight";
import { startServer } from "./server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/association", "/mentions-legales", "/login"];
const server = await startServer();
try {
  for (const path of paths) {
    const weight = await pageWeight(server.url, path);
    console.log(
      `${path.padEnd(20)} JS ${kb(weight.js).padStart(9)} (${weight.jsFiles} fichiers)   CSS liée ${kb(weight.css).padStart(7)}   HTML ${kb(weight.html)} dont CSS en ligne ${kb(weight.inlineCss)}`,
    );
  }
  console.log("budget : JavaScript ≤ 120 KB gzip par page publique");
} finally {
  await server.stop();
}
