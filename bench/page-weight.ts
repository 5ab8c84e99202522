// What a visitor downloads for each public page, images aside (HTML, JavaScript, CSS; brotli as a browser asks).
// Usage: npm run build && npx tsx bench/page-weight.ts [path ...]
import { kb, pageWeight } from "./lib/page-weight";
import { startServer } from "./server";

const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/association", "/blog", "/events", "/mentions-legales", "/contact", "/apply", "/login"];
const server = await startServer();
try {
  for (const path of paths) {
    // Twice: the second answer is the one most visitors get, from the page cache.
    await pageWeight(server.url, path);
    const weight = await pageWeight(server.url, path);
    console.log(
      `${path.padEnd(20)} total ${kb(weight.total).padStart(8)}   HTML ${kb(weight.html).padStart(8)}   JS ${kb(weight.js).padStart(8)} (${weight.jsFiles} fichiers)   CSS liée ${kb(weight.css)}`,
    );
  }
  console.log(
    "budgets de docs/architecture.md : une page de contenu transfère au plus 50 KB, images comprises (Lighthouse mobile, npm run bench) ; JavaScript ≤ 130 KB par page de formulaire",
  );
} finally {
  await server.stop();
}
