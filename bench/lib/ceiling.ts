// What this machine can do with one page's bytes, measured as the site is (wrk, one server process each): a bare Node
// `http` handler answering them from memory, and nginx serving them from a file when it is installed. Absolute figures
// vary between machines; the site's share of these ceilings much less.
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../tests/process/server";

export interface WrkResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were neither 2xx nor 3xx. */
  failed: number;
}

export const hasCommand = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** wrk's latency as milliseconds ("350.12us", "1.20ms", "1.01s"). */
function milliseconds(text: string) {
  const [, value, unit] = /([\d.]+)(us|ms|s|m)/.exec(text)!;
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit as "us" | "ms" | "s" | "m"];
}

/** wrk with two threads (one per core of this kind of machine), after a 3-second warm-up. */
export async function wrk(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<WrkResult> {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const run = (connections: number, seconds: number) =>
    promisify(execFile)("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", ...headers, url]);
  await run(8, 3);
  const { stdout } = await run(options.connections, options.seconds);
  const percentile = (p: string) => milliseconds(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(stdout)![1]);
  return {
    requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1])),
    p50: percentile("50"),
    p99: percentile("99"),
    failed: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

export interface Reference {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Headers a server writes itself: never replayed. */
const OWN = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** An answer of the site, as it comes: its headers (those the reference servers replay) and its body. */
export function capture(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = response.rawHeaders;
          const kept: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) if (!OWN.has(raw[i].toLowerCase())) kept.push([raw[i], raw[i + 1]]);
          resolve({ headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

async function waitForPort(url: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error(`${url} ne répond pas`);
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** A reference server once it answers on `port`; stopping it also removes its folder. */
async function running(child: ChildProcess, port: number, dir: string): Promise<Reference> {
  const url = `http://127.0.0.1:${port}/`;
  await waitForPort(url);
  return {
    url,
    pid: child.pid!,
    async stop() {
      await stopped(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same bytes and headers from memory, by the smallest Node `http` server, in a process of its own. */
export async function startBareNode(answer: { headers: [string, string][]; body: Buffer }): Promise<Reference> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-bare-"));
  fs.writeFileSync(path.join(dir, "body"), answer.body);
  fs.writeFileSync(path.join(dir, "headers.json"), JSON.stringify(answer.headers.flat()));
  const port = await freePort();
  const script = `
    const fs = require("node:fs");
    const body = fs.readFileSync(${JSON.stringify(path.join(dir, "body"))});
    const headers = [...JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, "headers.json"))}, "utf8")), "Content-Length", String(body.length)];
    require("node:http").createServer((req, res) => res.writeHead(200, headers).end(body)).listen(${port}, "127.0.0.1");`;
  return running(spawn(process.execPath, ["-e", script], { stdio: "inherit" }), port, dir);
}

/** The same bytes from a file by nginx with one worker process, or undefined when nginx is not installed. */
export async function startNginx(answer: {
  headers: [string, string][];
  body: Buffer;
}): Promise<Reference | undefined> {
  const nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((candidate) => fs.existsSync(candidate));
  if (!nginx) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-nginx-"));
  // nginx's worker runs as another user when started as root: it must be able to read the file.
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, "page"), answer.body, { mode: 0o644 });
  const port = await freePort();
  const type = answer.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "text/html";
  // Its own Last-Modified, from the file, stands for the site's.
  const added = answer.headers
    .filter(([name]) => !["content-type", "last-modified"].includes(name.toLowerCase()))
    .map(([name, value]) => `add_header ${name} '${value.replaceAll("'", "\\'")}' always;`)
    .join(" ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; server_tokens off; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; etag off;
    location = / { default_type '${type}'; try_files /page =404; ${added} } }
}`,
  );
  const child = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: "inherit",
  });
  return running(child, port, dir);
}

/**
 * The site's answer for `url` under wrk, beside the same bytes and headers from a bare Node handler and from nginx:
 * prints a row each and the site's share of nginx (of the bare handler without nginx). Undefined without wrk.
 */
export async function measureAgainstCeiling(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string>; label: string },
) {
  if (!hasCommand("wrk")) {
    console.log("  (wrk n'est pas installé : apt-get install wrk, pour comparer au plafond de la machine)");
    return undefined;
  }
  const answer = await capture(url, options.headers);
  const rows: [string, WrkResult][] = [];
  const nginx = await startNginx(answer);
  if (nginx) {
    rows.push(["nginx, 1 processus, le même fichier", await wrk(nginx.url, options)]);
    await nginx.stop();
  }
  const bare = await startBareNode(answer);
  rows.push(["Node nu, les mêmes octets en mémoire", await wrk(bare.url, options)]);
  await bare.stop();
  const site = await wrk(url, options);
  rows.push([options.label, site]);
  for (const [label, result] of rows)
    console.log(
      `  ${label.padEnd(44)} ${String(result.requestsPerSecond).padStart(6)} req/s   p50 ${result.p50.toFixed(2)} ms   p99 ${result.p99.toFixed(2)} ms${result.failed ? `   (${result.failed} hors 2xx/3xx)` : ""}`,
    );
  const [reference, result] = rows[0];
  console.log(
    `  la page gardée fait ${Math.round((site.requestsPerSecond / result.requestsPerSecond) * 100)} % de « ${reference} » ` +
      `et ${Math.round((site.requestsPerSecond / rows.at(-2)![1].requestsPerSecond) * 100)} % de Node nu ` +
      "(objectifs : ≥ 50 % de nginx, p99 ≤ 20 ms)",
  );
  return site;
}
