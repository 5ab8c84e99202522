// `npm run bench`: the built site on a copy of the demo data, measured in one run:
// - Lighthouse 13 mobile for each public page;
// - the JavaScript and CSS each page loads (gzip);
// - the home page under load (32 connections, 15 s, with the compression a browser asks for), beside a static file of
//   the same bytes served by the same process in the same run: absolute figures vary between machines, the ratio less.
import fs from "node:fs";
import path from "node:path";
import { startFakeWeather } from "../tests/fakes/weather";
import { CATEGORIES, runLighthouse } from "./lib/lighthouse";
import { load } from "./lib/load";
import { kb, pageWeight } from "./lib/page-weight";
import { startServer } from "./server";

const BROWSER_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };
const connections = Number(process.env.CONNECTIONS ?? 32);
const seconds = Number(process.env.SECONDS ?? 15);

const weather = await startFakeWeather();
const env = { WEATHER_URL: weather.weatherUrl, AIR_QUALITY_URL: weather.airQualityUrl };
// The demo content is created once, then the measured server runs on a copy of it, as after a restart.
const first = await startServer({ env });
await first.stop();
const dataDir = fs.mkdtempSync(`${first.dataDir}-copie-`);
fs.cpSync(first.dataDir, dataDir, { recursive: true });
const server = await startServer({ dataDir, env });
const reference = path.resolve(import.meta.dirname, "../build/client/bench-reference.html");

try {
  const blog = await (await fetch(`${server.url}/blog`)).text();
  const events = await (await fetch(`${server.url}/events`)).text();
  const pages = [
    "/",
    "/blog",
    /href="(\/blog\/\d+)"/.exec(blog)![1]!,
    "/events",
    /href="(\/events\/\d+)"/.exec(events)![1]!,
    "/annonces",
    "/apply",
    "/contact",
    "/search?q=jardin",
  ];

  console.log("Lighthouse 13, mobile");
  for (const result of await runLighthouse(server.url, pages)) {
    if (result.error) console.log(`  ${result.path}: ${result.error}`);
    console.log(`  ${result.path.padEnd(18)} ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(" · ")}   (${result.metrics})`);
  }
  console.log("  objectifs : performance ≥ 98 ; accessibility, best-practices, seo 100");

  console.log("\nCe que charge chaque page (gzip)");
  for (const page of pages) {
    const weight = await pageWeight(server.url, page);
    console.log(`  ${page.padEnd(18)} JS ${kb(weight.js).padStart(8)} (${weight.jsFiles} fichiers)   CSS liée ${kb(weight.css)}   HTML ${kb(weight.html)} (dont CSS en ligne ${kb(weight.inlineCss)})`);
  }
  console.log("  objectif : aucune page au-delà du JavaScript de la page d'accueil avant ce travail (116 KB)");

  // The same bytes as the home page, as a file: what serving this page would cost if it were static.
  fs.writeFileSync(reference, await (await fetch(`${server.url}/`)).text());
  const pid = server.process.pid!;
  const home = await load(`${server.url}/`, { pid, connections, seconds, headers: BROWSER_ENCODING });
  const file = await load(`${server.url}/bench-reference.html`, { pid, connections, seconds, headers: BROWSER_ENCODING });
  console.log(`\nCharge : ${connections} connexions, ${seconds} s, Accept-Encoding: ${BROWSER_ENCODING["accept-encoding"]}`);
  for (const [label, result] of [["page d'accueil", home], ["fichier statique de même contenu", file]] as const) {
    console.log(`  ${label.padEnd(34)} ${String(result.requestsPerSecond).padStart(5)} req/s   p50 ${result.p50} ms   p99 ${result.p99} ms   (${result.non2xx} hors 2xx, ${result.errors} erreurs)`);
  }
  console.log(`  rapport page / fichier statique : ${Math.round((home.requestsPerSecond / file.requestsPerSecond) * 100)} %`);
  console.log(`  mémoire du serveur (RSS), pic : ${Math.max(home.peakRssMiB, file.peakRssMiB)} MiB`);
} finally {
  fs.rmSync(reference, { force: true });
  await server.stop();
  await weather.close();
}
