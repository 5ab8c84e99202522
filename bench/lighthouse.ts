// Lighthouse (mobile defaults) for each public page, against DESIGN.md's budget:
// Performance ≥ 98, Accessibility, Best Practices and SEO 100.
// Usage: npm run build && npx tsx bench/lighthouse.ts [path ...]
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startFakeWeather } from "../tests/fakes/weather";
import { startServer } from "./server";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/association", "/mentions-legales"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// The weather answers, as it does in production (a refused call would count as a console error).
const weather = await startFakeWeather();
const server = await startServer({ env: { WEATHER_URL: weather.weatherUrl, AIR_QUALITY_URL: weather.airQualityUrl } });
const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
// Lighthouse's default ("simulate") estimates a slow phone from a fast local load. THROTTLING=devtools slows the
// network and CPU for real instead, which shows what such a phone would measure.
const flags = {
  port: chrome.port,
  onlyCategories: CATEGORIES,
  logLevel: "error" as const,
  output: "json" as const,
  throttlingMethod: process.env.THROTTLING === "devtools" ? ("devtools" as const) : ("simulate" as const),
};
try {
  for (const path of paths) {
    await fetch(server.url + path); // warm the server's caches first
    let result = await lighthouse(server.url + path, flags);
    // Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP): that says nothing of the page, so run it again once.
    if (result?.lhr.runtimeError) {
      result = await lighthouse(server.url + path, flags);
    }
    if (!result) throw new Error(`pas de résultat pour ${path}`);
    if (process.env.LIGHTHOUSE_JSON) fs.writeFileSync(`${process.env.LIGHTHOUSE_JSON}${path.replaceAll("/", "_") || "_"}.json`, result.report as string);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`${path}: ${runtimeError.code} ${runtimeError.message}`);
    const scores = CATEGORIES.map((id) => `${categories[id].title} ${Math.round((categories[id].score ?? 0) * 100)}`).join(" · ");
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]
      .map((id) => `${id.split("-").map((w) => w[0]).join("").toUpperCase()} ${audits[id].displayValue}`)
      .join(", ");
    console.log(`${path.padEnd(20)} ${scores}\n${"".padEnd(20)} ${metrics}`);
  }
  console.log("budget : Performance ≥ 98, Accessibilité, Bonnes pratiques et SEO 100");
} finally {
  chrome.kill();
  await server.stop();
  await weather.close();
}
