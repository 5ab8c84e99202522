import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { makeImage } from "./images";

/**
 * A stand-in for the previous site's image host, on 127.0.0.1: every `*.jpg` is a JPEG and every `*.png` a PNG
 * (each path its own picture), `page.html` an HTML page, `introuvable.*` a 404. Counts the requests per path.
 */
export async function startImageHost() {
  const requests = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const name = new URL(req.url ?? "/", "http://localhost").pathname.slice(1);
    requests.set(name, (requests.get(name) ?? 0) + 1);
    if (name.startsWith("introuvable")) return res.writeHead(404).end("Not found");
    if (name.endsWith(".html"))
      return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Page</title>");
    // A different size per name, so every file is a different image.
    const side = 200 + ([...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 300);
    const body = await makeImage(side, Math.round(side * 0.75), name.endsWith(".png") ? "png" : "jpeg");
    res
      .writeHead(200, {
        "content-type": name.endsWith(".png") ? "image/png" : "image/jpeg",
        "content-length": body.length,
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    requests,
    /** Requests made so far, all paths together. */
    total: () => [...requests.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A copy of the fixture export of the previous site whose image addresses point at `host`. */
export async function exportFixture(host: string) {
  const source = path.join(import.meta.dirname, "..", "fixtures", "old-site-export");
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-export-"));
  for (const name of await fsp.readdir(source)) {
    const bytes = await fsp.readFile(path.join(source, name));
    // Byte-wise, so the Windows-1252 file stays as it is.
    await fsp.writeFile(
      path.join(dir, name),
      Buffer.from(bytes.toString("latin1").replaceAll("IMAGE_HOST", host), "latin1"),
    );
  }
  return dir;
}

/**
 * For a test file: the fake image host and a copy of the fixture export pointing at it, made once and removed after;
 * the request counts start from zero in each test. Read them through the getters once the file's tests run.
 */
export function useOldSiteExport() {
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let dir: string;
  beforeAll(async () => {
    host = await startImageHost();
    dir = await exportFixture(host.host);
  });
  afterAll(async () => {
    await host.close();
    await fsp.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => host.requests.clear());
  return { imageHost: () => host, exportDir: () => dir };
}
