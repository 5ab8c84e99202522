// Writes pglite-template/pgdata-<PGlite version>.tar.br: an empty PGlite database as initdb leaves it. A new data
// directory starts as a copy of it, because running initdb in the server costs about 450 MiB for a few seconds
// (docs/decisions/007). Run again after upgrading @electric-sql/pglite: `npx tsx scripts/pglite-template.ts`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { pgliteTemplateDir, pgliteTemplateFile } from "~/db/pglite-template.server";
import { print } from "./command";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "potager-modele-"));
try {
  const dataDir = path.join(work, "db");
  const client = await PGlite.create({ dataDir });
  await client.close();
  // PostgreSQL's files are for the server's account alone, as initdb makes them in a data directory.
  for (const name of fs.readdirSync(dataDir, { recursive: true, encoding: "utf8" })) {
    const full = path.join(dataDir, name);
    fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o700 : 0o600);
  }
  const file = pgliteTemplateFile();
  fs.mkdirSync(pgliteTemplateDir, { recursive: true });
  for (const old of fs.readdirSync(pgliteTemplateDir)) {
    if (old.startsWith("pgdata-")) fs.rmSync(path.join(pgliteTemplateDir, old));
  }
  // Plain ustar, as app/db/pglite-template.server.ts reads it; brotli's largest window finds the repeats between
  // the three template databases (1.3 MB rather than 2.7).
  const plain = path.join(work, "pgdata.tar");
  await tar.create(
    { cwd: dataDir, file: plain, portable: true, noMtime: true, noPax: true },
    fs.readdirSync(dataDir).sort(),
  );
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24 };
  fs.writeFileSync(file, zlib.brotliCompressSync(fs.readFileSync(plain), { params }));
  print(`${path.relative(process.cwd(), file)} : ${Math.round(fs.statSync(file).size / 1024)} Kio`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
