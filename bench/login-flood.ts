// Latency of public pages while 16 clients flood /login with new identifiers: from one address, then from many
// (as a botnet would, through X-Forwarded-For, which the server trusts from the loopback proxy). Run after a build:
//   npx tsx bench/login-flood.ts [seconds]
import crypto from "node:crypto";
import autocannon from "autocannon";
import { startServer } from "./server";

const seconds = Number(process.argv[2] ?? 10);
const CLIENTS = 16;
const PAGES = ["/", "/search?q=tomates"];
/** An image of the home page: media are read from disk on libuv's thread pool, which password hashing shares. */
async function mediaPath(url: string) {
  const home = await (await fetch(`${url}/`)).text();
  return /\/media\/[\w./-]+\.(?:webp|jpg)/.exec(home)?.[0];
}

/** 16 clients posting wrong sign-ins as fast as answers come, until `stop`; counts the answers by status. */
function flood(url: string, address: () => string) {
  const statuses = new Map<number, number>();
  const stopped = new AbortController();
  const client = async () => {
    while (!stopped.signal.aborted) {
      const body = new URLSearchParams({
        username: `robot-${crypto.randomBytes(6).toString("hex")}`,
        password: crypto.randomBytes(9).toString("base64url"),
      });
      try {
        const response = await fetch(`${url}/login`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { Origin: url, "X-Forwarded-For": address() },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    async stop() {
      stopped.abort();
      await Promise.all(clients);
      return Object.fromEntries(statuses);
    },
  };
}

async function pageLatency(url: string, pages: string[]) {
  const figures: Record<string, string> = {};
  for (const page of pages) {
    const result = await autocannon({
      url: `${url}${page}`,
      connections: 2,
      duration: Math.max(3, Math.round(seconds / pages.length)),
    });
    figures[page] =
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s`;
  }
  return figures;
}

const randomAddress = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const server = await startServer({ port: 3311 });
try {
  await autocannon({ url: `${server.url}/`, connections: 4, duration: 2 }); // warm-up
  const media = await mediaPath(server.url);
  const pages = media ? [...PAGES, media] : PAGES;
  console.log("Pages publiques, au calme :", await pageLatency(server.url, pages));
  for (const [name, address] of [
    ["une seule adresse", () => "203.0.113.9"],
    ["une adresse nouvelle à chaque essai", randomAddress],
  ] as const) {
    const attack = flood(server.url, address);
    const during = await pageLatency(server.url, pages);
    const answers = await attack.stop();
    console.log(
      `Pendant ${CLIENTS} clients sur /login (${name}) :`,
      during,
      "réponses de /login par statut :",
      answers,
    );
  }
} finally {
  await server.stop();
}
