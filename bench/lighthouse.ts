// Lighthouse (mobile defaults) for each public page, against the budget of docs/architecture.md:
// Performance 100 (≥ 98 on form pages), Total Blocking Time ≤ 50 ms, Accessibility, Best Practices and SEO 100; the bytes the page transferred, by type.
// Usage: npm run build && npx tsx bench/lighthouse.ts [path ...]
import fs from "node:fs";
import { startFakeWeather } from "../tests/fakes/weather";
import { CATEGORIES, runLighthouse, transferred } from "./lib/lighthouse";
import { startServer } from "./server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/association", "/mentions-legales"];

// The weather answers, as it does in production (a refused call would count as a console error).
const weather = await startFakeWeather();
const server = await startServer({ env: { WEATHER_URL: weather.weatherUrl, AIR_QUALITY_URL: weather.airQualityUrl } });
try {
  for (const result of await runLighthouse(server.url, paths)) {
    if (process.env.LIGHTHOUSE_JSON)
      fs.writeFileSync(`${process.env.LIGHTHOUSE_JSON}${result.path.replaceAll("/", "_") || "_"}.json`, result.report);
    if (result.error) console.log(`${result.path}: ${result.error}`);
    console.log(
      `${result.path.padEnd(20)} ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(" · ")}\n${"".padEnd(20)} ${result.metrics}\n${"".padEnd(20)} ${transferred(result)}`,
    );
  }
  console.log(
    "budget : Performance 100 (≥ 98 sur les formulaires), TBT ≤ 50 ms, Accessibilité, Bonnes pratiques et SEO 100 ; une page de contenu transfère au plus 50 KB",
  );
} finally {
  await server.stop();
  await weather.close();
}
