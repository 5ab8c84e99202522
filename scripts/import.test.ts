import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "~/db/data-dir-lock.server";
import { useOldSiteExport } from "../tests/fakes/image-host";
import { packageScript } from "../tests/package-script";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-import-"));
const fixture = useOldSiteExport();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const tool = packageScript("import");

/**
 * `npm run import -- …` as the README says, or (`throughNpm` false) the command npm runs, started the same way
 * without npm's own three seconds; asynchronous, so the fake image host in this process can answer.
 */
function runImport(args: string[], throughNpm = false): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const [command, commandArgs] = throughNpm
      ? ["npm", ["run", "--silent", "import", "--", ...args]]
      : [tool.command, [...tool.args, ...args]];
    const child = spawn(command, commandArgs, {
      cwd: tool.cwd,
      env: {
        ...process.env,
        PATH: tool.PATH,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
      },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.on("close", (code) =>
      resolve({
        code,
        out,
        err: err
          .split("\n")
          .filter((l) => !l.startsWith("npm warn"))
          .join("\n")
          .trim(),
      }),
    );
  });
}

describe("npm run import", () => {
  it("simulates, imports with a report per table, then imports nothing more", async () => {
    const [imageHost, exportDir] = [fixture.imageHost(), fixture.exportDir()];
    const dry = await runImport([exportDir, "--dry-run"], true);
    expect(dry.err).toBe("");
    expect(dry.out).toContain("Simulation : rien n'est écrit ni téléchargé.");
    expect(dry.out).toContain("blogPosts.json — 3 ligne(s) : 3 à importer ; 5 image(s) à télécharger");
    expect(imageHost.total()).toBe(0);

    const first = await runImport([exportDir]);
    expect(first.code).toBe(0);
    expect(first.out).toContain("events.csv — 3 ligne(s) : 2 importée(s), 1 écartée(s) ; 1 image(s) enregistrée(s)");
    expect(first.out).toContain("  • id 3 : non importée : événement sans titre");
    expect(first.out).toContain(
      "Import terminé : 15 ligne(s) importée(s), 5 image(s) laissée(s) de côté (voir ci-dessus).",
    );
    // The fixture's old records are past the default periods (24 months, 60 days, 6 months + 30 days).
    expect(first.out).toContain(
      "Au-delà des durées de conservation en vigueur, le serveur supprimera : 1 demande(s) archivée(s), 1 annonce(s) en attente, 1 annonce(s) validée(s) expirée(s).",
    );

    const second = await runImport([exportDir]);
    expect(second.out).toContain("blogPosts.json — 3 ligne(s) : 0 importée(s), 3 déjà importée(s)");
    expect(second.out).toContain("Import terminé : 0 ligne(s) importée(s).");
  }, 120_000);

  it("says what is wrong with the folder, and waits for a stopped server with the embedded database", async () => {
    const exportDir = fixture.exportDir();
    const missing = await runImport([path.join(dataDir, "pas-la")]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`Dossier introuvable ou illisible : ${path.join(dataDir, "pas-la")}`);

    const lock = await lockDataDir(dataDir, "le serveur Potager (processus 4242, port 3000)");
    try {
      const refused = await runImport([exportDir]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain("le serveur Potager (processus 4242, port 3000)");
    } finally {
      await lock.release();
    }
    expect((await runImport([])).err).toContain("Usage : npm run import -- <dossier de l'export> [--dry-run]");
  }, 120_000);
});
