import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "~/db/data-dir-lock.server";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-cli-"));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "silent" };

/**
 * The command `npm run admin` runs (package.json's script), started as npm starts it: from the project, with its
 * node_modules/.bin first on the PATH. npm itself costs each call three seconds of CPU; the last test goes through it,
 * as the README says to.
 */
function adminCommand(): [string, string[]] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const [tool, ...args] = (pkg.scripts.admin as string).split(/\s+/);
  return [path.join(root, "node_modules/.bin", tool!), args];
}
const [adminTool, adminArgs] = adminCommand();
const PATH = `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`;

function cli(args: string[], input = "") {
  const result = spawnSync(adminTool, [...adminArgs, ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    env: { ...env, PATH },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr.trim() };
}

describe("npm run admin", () => {
  it("creates an admin with a password read from stdin, lists it, resets it, and refuses bad input", () => {
    expect(cli(["list"]).out).toContain("Aucun administrateur.");

    const created = cli(["create", "marie"], "groseilles-sous-la-pergola-1907\n");
    expect(created.err).toBe("");
    expect(created.out).toContain("Administrateur « marie » créé.");
    expect(cli(["list"]).out).toMatch(/^marie\tAdministrateur\t/m);

    expect(cli(["create", "marie"], "rhubarbe-et-capucines-2031\n").err).toContain("existe déjà");
    expect(cli(["create", "paul"], "court\n").err).toContain("au moins 12 caractères");
    expect(cli(["create", "paul"], "motdepasse123\n").err).toContain("trop facile à deviner");
    expect(cli(["reset-password", "marie"], "rhubarbe-et-capucines-2031\n").out).toContain("modifié");
    expect(cli(["reset-password", "personne"], "rhubarbe-et-capucines-2031\n").code).toBe(1);
    expect(cli([]).err).toContain("Usage");
  }, 180_000);

  it("removes an administrator but never the last one, and turns a second factor off", () => {
    expect(cli(["create", "alain"], "courgettes-du-jardin-partage-77\n").code).toBe(0);
    expect(cli(["disable-2fa", "alain"]).out).toContain("Double authentification de « alain » désactivée");
    expect(cli(["disable-2fa", "personne"]).err).toContain("Aucun compte « personne »");
    expect(cli(["remove", "alain"]).out).toContain("Compte « alain » supprimé");
    expect(cli(["list"]).out).not.toMatch(/^alain\t/m);
    expect(cli(["remove", "marie"]).err).toBe("Impossible de supprimer le dernier administrateur.");
    expect(cli(["list"]).out).toMatch(/^marie\tAdministrateur\t/m);
  }, 180_000);

  it("refuses to open the embedded database while another process holds it, naming that process", async () => {
    const lock = await lockDataDir(dataDir, "le serveur Potager (processus 4242)");
    try {
      // Run without blocking this process: it holds the lock and must answer the tool's question.
      const child = spawn(adminTool, [...adminArgs, "list"], { cwd: root, env: { ...env, PATH } });
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Le dossier de données ${dataDir} est déjà utilisé par le serveur Potager (processus 4242). Arrêtez-le d'abord, ou utilisez DATABASE_URL.`,
      );
    } finally {
      await lock.release();
    }
    expect(cli(["list"]).code).toBe(0);
  }, 60_000);

  it("says what is wrong with a setting in one line, without a stack trace, through npm as the README says", () => {
    const result = spawnSync("npm", ["run", "--silent", "admin", "--", "list"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "mysql://localhost/x" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n").filter((line) => line && !line.startsWith("npm warn"))).toEqual([
      "Réglage invalide : DATABASE_URL doit être une adresse postgres:// ou postgresql://…, par exemple postgres://potager:motdepasse@127.0.0.1:5432/potager",
    ]);
  });
});
