import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

// The same relative path holds from app/db/ in development and from build/server/ once built.
export const pgliteTemplateDir = fileURLToPath(new URL("../../pglite-template", import.meta.url));

/** The empty database scripts/pglite-template.ts made with the PGlite installed now. */
export function pgliteTemplateFile() {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const { version } = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), "../package.json"), "utf8"));
  return path.join(pgliteTemplateDir, `pgdata-${version}.tar.br`);
}

/**
 * Makes `dataDir` a copy of the empty database in pglite-template/, when it does not exist yet (or is empty) and a
 * template for this PGlite version exists; returns whether it did. PGlite's own initdb runs a second PostgreSQL
 * beside a copy of its memory: about 450 MiB for a few seconds (docs/decisions/007).
 */
export async function createFromTemplate(dataDir: string, template?: string): Promise<boolean> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return false;
  template ??= pgliteTemplateFile();
  if (!fs.existsSync(template)) {
    console.warn(
      `Pas de modèle de base pour cette version de PGlite (${path.basename(template)}) : npx tsx scripts/pglite-template.ts`,
    );
    return false;
  }
  // Unpacked beside, then renamed: a start interrupted here leaves no half-made database.
  const partial = `${dataDir}.nouvelle`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  await pipeline(fs.createReadStream(template), zlib.createBrotliDecompress(), untar(partial));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
  return true;
}

/**
 * The plain ustar archive the script writes (files and folders only), unpacked into `dir` as it arrives: each piece
 * is written before the next is taken, so the 40 MB it holds never sit in memory (a general tar reader buffers
 * them, as the WAL's zeros come out of brotli a thousand times larger than they went in).
 */
function untar(dir: string) {
  let state: "header" | "data" | "padding" | "end" = "header";
  let header = Buffer.alloc(0);
  let fd = -1;
  let remaining = 0;
  let padding = 0;

  function readHeader(block: Buffer) {
    if (block.every((byte) => byte === 0)) return void (state = "end");
    const field = (start: number, length: number) =>
      block.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const name = path.posix.join(field(345, 155), field(0, 100));
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1) || "0";
    if (path.posix.isAbsolute(name) || name.split("/").includes(".."))
      throw new Error(`modèle de base invalide : ${name}`);
    const target = path.join(dir, name);
    if (type === "5") return void fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    if (type !== "0") throw new Error(`modèle de base invalide : ${name} (type ${type})`);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fd = fs.openSync(target, "w", 0o600);
    remaining = size;
    padding = (512 - (size % 512)) % 512;
    if (size === 0) fs.closeSync(fd);
    else state = "data";
  }

  function take(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length && state !== "end") {
      if (state === "header") {
        const n = Math.min(512 - header.length, chunk.length - at);
        header = Buffer.concat([header, chunk.subarray(at, at + n)]);
        at += n;
        if (header.length === 512) {
          const block = header;
          header = Buffer.alloc(0);
          readHeader(block);
        }
      } else if (state === "data") {
        const n = Math.min(remaining, chunk.length - at);
        fs.writeSync(fd, chunk, at, n);
        remaining -= n;
        at += n;
        if (remaining === 0) {
          fs.closeSync(fd);
          state = padding > 0 ? "padding" : "header";
        }
      } else {
        const n = Math.min(padding, chunk.length - at);
        padding -= n;
        at += n;
        if (padding === 0) state = "header";
      }
    }
  }

  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        take(chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    final(done) {
      if (state === "data") fs.closeSync(fd);
      done(state === "end" ? null : new Error("modèle de base tronqué"));
    },
  });
}
