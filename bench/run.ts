// `npm run bench`: the built site on a copy of the demo data, measured in one run:
// - Lighthouse 13 mobile for each public page, with the bytes it transferred (against 50 KB for a content page);
// - the bytes each page transfers (HTML, JavaScript, CSS, as a browser accepting brotli gets them);
// - the home page under load (32 connections, 15 s, with the compression a browser asks for), from the page cache,
//   beside a static file of the same bytes (precompressed like the site's assets) served by the same process in the
//   same run — absolute figures vary between machines, the ratio less — and rendered for every request by a second
//   server with the cache turned off (PAGE_CACHE_MB=0);
// - what any visitor can send for a kept page: the home page with a new tracking query (utm_*, fbclid) at each
//   request, and the blog's feed, plain and conditional (If-None-Match, answered 304);
// - the peak memory (RSS) of the server process under that load;
// - the server's memory (VmHWM, its peak, and VmRSS, what it then holds) after a first start on an empty data
//   directory (the demo content and its images made), after a restart on those data, and after the load.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { startFakeWeather } from "../tests/fakes/weather";
import { measureAgainstCeiling } from "./lib/ceiling";
import { CATEGORIES, CONTENT_PAGE_BUDGET, runLighthouse, transferred } from "./lib/lighthouse";
import { load } from "./lib/load";
import { memoryAfterStart, memoryOf, memoryParts, type Memory } from "./lib/memory";
import { kb, pageWeight } from "./lib/page-weight";
import { startServer } from "./server";

const BROWSER_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };
const connections = Number(process.env.CONNECTIONS ?? 32);
const seconds = Number(process.env.SECONDS ?? 15);

const weather = await startFakeWeather();
const env = { WEATHER_URL: weather.weatherUrl, AIR_QUALITY_URL: weather.airQualityUrl };
// The demo content is created once, then the measured server runs on a copy of it, as after a restart.
const first = await startServer({ env });
const firstStart = await memoryAfterStart(first);
// The same bytes as the home page, as a static file with its brotli and gzip copies, as the build writes for scripts:
// what serving this page would cost if it were a file. Written before the measured server starts, which lists them.
const referenceName = "bench-reference.html";
const reference = path.resolve(import.meta.dirname, "../build/client/assets", referenceName);
const homeHtml = Buffer.from(await (await fetch(`${first.url}/`)).text());
fs.writeFileSync(reference, homeHtml);
fs.writeFileSync(
  `${reference}.br`,
  zlib.brotliCompressSync(homeHtml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
);
fs.writeFileSync(`${reference}.gz`, zlib.gzipSync(homeHtml, { level: 9 }));
await first.stop();
const copy = () => {
  const dir = fs.mkdtempSync(`${first.dataDir}-copie-`);
  fs.cpSync(first.dataDir, dir, { recursive: true });
  return dir;
};
const server = await startServer({ dataDir: copy(), env });
const restart = await memoryAfterStart(server);

try {
  const blog = await (await fetch(`${server.url}/blog`)).text();
  const events = await (await fetch(`${server.url}/events`)).text();
  const pages = [
    "/",
    "/association",
    "/blog",
    /href="(\/blog\/\d+)"/.exec(blog)![1]!,
    "/events",
    /href="(\/events\/\d+)"/.exec(events)![1]!,
    "/annonces",
    "/apply",
    "/contact",
    "/search?q=jardin",
    "/mentions-legales",
  ];

  // The pages that load React for their forms (docs/decisions/016); the others are content pages.
  const formPages = new Set(["/annonces", "/apply", "/contact"]);
  console.log("Lighthouse 13, mobile ; octets transférés (en-têtes, images et favicon compris)");
  for (const result of await runLighthouse(server.url, pages)) {
    if (result.error) console.log(`  ${result.path}: ${result.error}`);
    const budget = formPages.has(result.path)
      ? "page de formulaire"
      : result.bytes <= CONTENT_PAGE_BUDGET
        ? "≤ 50 KB"
        : "AU-DELÀ DE 50 KB";
    console.log(
      `  ${result.path.padEnd(18)} ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(" · ")}   (${result.metrics})\n` +
        `  ${"".padEnd(18)} ${transferred(result)}   ${budget}`,
    );
  }
  console.log(
    "  objectifs : performance 100 sur les pages de contenu, ≥ 98 sur les formulaires, TBT ≤ 50 ms partout ; accessibility, best-practices, seo 100 ; une page de contenu transfère au plus 50 KB",
  );

  console.log("\nCe que transfère chaque page, images à part (brotli, comme un navigateur le demande)");
  for (const page of pages) {
    await pageWeight(server.url, page); // the second answer, from the page cache, is what most visitors get
    const weight = await pageWeight(server.url, page);
    console.log(
      `  ${page.padEnd(18)} total ${kb(weight.total).padStart(8)}   HTML ${kb(weight.html).padStart(8)}   JS ${kb(weight.js).padStart(8)} (${weight.jsFiles} fichiers)   CSS liée ${kb(weight.css)}`,
    );
  }
  console.log("  objectif : une page de contenu transfère au plus 50 KB, images comprises (Lighthouse ci-dessus)");

  const row = (label: string, result: Awaited<ReturnType<typeof load>>) =>
    console.log(
      `  ${label.padEnd(44)} ${String(result.requestsPerSecond).padStart(5)} req/s   p50 ${result.p50} ms   p99 ${result.p99} ms   RSS pic ${result.peakRssMiB} MiB   (${result.unexpected} réponses inattendues, ${result.errors} erreurs)`,
    );
  const pid = server.process.pid!;
  const home = await load(`${server.url}/`, { pid, connections, seconds, headers: BROWSER_ENCODING });
  const file = await load(`${server.url}/assets/${referenceName}`, {
    pid,
    connections,
    seconds,
    headers: BROWSER_ENCODING,
  });
  // A link shared on a social network: a new address at every request.
  const tracked = await load(`${server.url}/?utm_source=facebook&utm_medium=social&fbclid=[<id>]`, {
    pid,
    connections,
    seconds,
    headers: BROWSER_ENCODING,
    uniqueIds: true,
  });
  const feedUrl = `${server.url}/blog/rss.xml`;
  const feed = await load(feedUrl, { pid, connections, seconds, headers: BROWSER_ENCODING });
  // A feed reader polling with the ETag of its copy.
  const etag = (await fetch(feedUrl)).headers.get("etag") ?? "";
  const feedPolled = await load(feedUrl, {
    pid,
    connections,
    seconds,
    headers: { ...BROWSER_ENCODING, "if-none-match": etag },
    expectedStatus: 304,
  });
  console.log(
    `\nLe plafond de la machine : wrk, ${connections} connexions, ${seconds} s, Accept-Encoding: ${BROWSER_ENCODING["accept-encoding"]}`,
  );
  await measureAgainstCeiling(`${server.url}/`, {
    connections,
    seconds,
    headers: BROWSER_ENCODING,
    label: "Potager, page d'accueil gardée en mémoire",
  });
  const afterLoad = memoryOf(pid);
  const partsAfterLoad = memoryParts(pid);
  await server.stop();
  const uncachedServer = await startServer({ dataDir: copy(), env: { ...env, PAGE_CACHE_MB: "0" } });
  const uncached = await load(`${uncachedServer.url}/`, {
    pid: uncachedServer.process.pid!,
    connections,
    seconds,
    headers: BROWSER_ENCODING,
  });
  await uncachedServer.stop();
  console.log(
    `\nCharge : ${connections} connexions, ${seconds} s, Accept-Encoding: ${BROWSER_ENCODING["accept-encoding"]}`,
  );
  row("page d'accueil (gardée en mémoire)", home);
  row("page d'accueil, ?utm_…&fbclid=… uniques", tracked);
  row("fichier statique de même contenu", file);
  row("page d'accueil rendue à chaque visite", uncached);
  row("/blog/rss.xml", feed);
  row("/blog/rss.xml avec If-None-Match (304)", feedPolled);
  const percent = (a: { requestsPerSecond: number }, b: { requestsPerSecond: number }) =>
    `${Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100)} %`;
  console.log(`  rapport page gardée / fichier statique : ${percent(home, file)} (objectif ≥ 50 %, p99 ≤ 50 ms)`);
  console.log(
    `  rapport au fichier statique, objectif ≥ 50 % : paramètres de suivi ${percent(tracked, file)} (${percent(tracked, home)} de la page gardée), ` +
      `flux ${percent(feed, file)}, flux en 304 ${percent(feedPolled, file)}`,
  );
  console.log(
    `  mémoire du serveur (RSS), pic : ${Math.max(home.peakRssMiB, file.peakRssMiB, uncached.peakRssMiB, tracked.peakRssMiB, feed.peakRssMiB, feedPolled.peakRssMiB)} MiB (objectif : tenir dans 384 MiB)`,
  );

  const memoryRow = (label: string, memory: Memory) =>
    console.log(
      `  ${label.padEnd(44)} pic ${String(memory.peakMiB).padStart(4)} MiB   puis ${String(memory.rssMiB).padStart(4)} MiB`,
    );
  console.log("\nMémoire du serveur (VmHWM, le pic depuis son lancement, puis VmRSS)");
  memoryRow("premier démarrage (base neuve, démo)", firstStart);
  memoryRow("redémarrage sur ces données", restart);
  memoryRow("après les charges ci-dessus", afterLoad);
  console.log(
    `  dont : programme node ${partsAfterLoad.program}, autres fichiers ${partsAfterLoad.libraries}, WebAssembly (PGlite) ${partsAfterLoad.wasm}, ` +
      `code compilé ${partsAfterLoad.code}, tas de malloc ${partsAfterLoad.mallocHeap}, autre mémoire anonyme ${partsAfterLoad.otherAnonymous} MiB`,
  );
  console.log(
    "  objectifs : pic d'un démarrage proche de l'état stable, au repos ≤ 200 MiB de mémoire propre et ≤ 260 MiB en tout, tout dans 384 MiB (tests/process/memory.test.ts)",
  );
} finally {
  for (const file of [reference, `${reference}.br`, `${reference}.gz`]) fs.rmSync(file, { force: true });
  if (server.process.exitCode === null) await server.stop();
  await weather.close();
}
