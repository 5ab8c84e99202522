import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "./client.server";
import { createFromTemplate, pgliteTemplateDir, pgliteTemplateFile } from "./pglite-template.server";

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-modele-test-"));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function systemIdentifier(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const result = (await handle.db.execute(
      sql`select system_identifier::text as id from pg_control_system()`,
    )) as unknown as { rows: { id: string }[] };
    // The migrations ran on it like on any new database.
    await handle.db.execute(sql`select count(*) from association_content`);
    return result.rows[0].id;
  } finally {
    await handle.close();
  }
}

describe("PGlite data directory template", () => {
  it("exists for the installed PGlite (after an upgrade: npx tsx scripts/pglite-template.ts)", () => {
    expect(fs.readdirSync(pgliteTemplateDir)).toContain(path.basename(pgliteTemplateFile()));
  });

  it("is what a new data directory starts from, instead of initdb, with files for the server's account only", async () => {
    const dir = tempDir();
    expect(await createFromTemplate(path.join(dir, "a"))).toBe(true);
    expect(fs.statSync(path.join(dir, "a")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "a/base")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "a/PG_VERSION")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dir, "a.nouvelle"))).toBe(false);
    // initdb gives every database its own identifier: two directories with the same one are both the template.
    const first = await systemIdentifier(path.join(dir, "a"));
    expect(await systemIdentifier(path.join(dir, "b"))).toBe(first);
  }, 60_000);

  it("leaves a directory that already holds files alone", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "PG_VERSION"), "18\n");
    expect(await createFromTemplate(dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(["PG_VERSION"]);
  });

  it("makes no data directory from a damaged template", async () => {
    const dir = tempDir();
    const tar = zlib.brotliDecompressSync(fs.readFileSync(pgliteTemplateFile()));
    const truncated = path.join(dir, "tronque.tar.br");
    fs.writeFileSync(
      truncated,
      zlib.brotliCompressSync(tar.subarray(0, tar.length / 2), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
      }),
    );
    await expect(createFromTemplate(path.join(dir, "db"), truncated)).rejects.toThrow("modèle de base tronqué");
    expect(fs.existsSync(path.join(dir, "db"))).toBe(false);

    const header = Buffer.alloc(1024);
    header.write("../ailleurs", 0);
    header.write("0000000000\0", 124);
    header.write("0", 156);
    const escaping = path.join(dir, "evade.tar.br");
    fs.writeFileSync(escaping, zlib.brotliCompressSync(header));
    await expect(createFromTemplate(path.join(dir, "db"), escaping)).rejects.toThrow("modèle de base invalide");
    expect(fs.existsSync(path.join(dir, "ailleurs"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
  });
});
