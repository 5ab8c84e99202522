import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { lockDataDir } from "~/db/data-dir-lock.server";
import { packageScript } from "../tests/package-script";
import { adminCommand, Refusal } from "./admin-command";

const root = path.resolve(import.meta.dirname, "..");
// This file's own data directory (tests/setup.ts), which the commands run here and the tools started below share. It
// starts with the run's migrated empty database (tests/global-setup.ts), which the first command would otherwise make.
const dataDir = process.env.DATA_DIR!;
fs.cpSync(inject("pgliteDir"), path.join(dataDir, "db"), { recursive: true });
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "silent" };

/**
 * A tool's start costs three to five seconds of CPU: what the tool does with its arguments runs in this process
 * (`admin` below); the tool itself, started as npm starts it, proves it reads them and standard input, prints, exits
 * with the right code and honours the database's lock; the last test goes through npm, as the README says to.
 */
const tool = packageScript("admin");

function cli(args: string[], input = "") {
  const result = spawnSync(tool.command, [...tool.args, ...args], {
    cwd: tool.cwd,
    input,
    encoding: "utf8",
    env: { ...env, PATH: tool.PATH },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr.trim() };
}

/** The tool's command `args`, run in this process: what it printed, and the refusal it would print alone, if any. */
async function admin(args: string[], password = "") {
  const lines: string[] = [];
  try {
    await adminCommand(args, { print: (line) => lines.push(line), readPassword: async () => password });
    return { out: lines.join("\n"), refusal: undefined };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { out: lines.join("\n"), refusal: error.message };
  }
}

describe("npm run admin", () => {
  it("creates an admin with a password read from stdin, lists it, resets it, and refuses bad input", async () => {
    expect((await admin(["list"])).out).toBe("Aucun administrateur.");

    const created = cli(["create", "marie"], "groseilles-sous-la-pergola-1907\n");
    expect(created).toMatchObject({ code: 0, err: "" });
    expect(created.out).toContain("Administrateur « marie » créé.");
    expect((await admin(["list"])).out).toMatch(/^marie\tAdministrateur\t/m);

    // A refusal is one line on the error output and an exit code of 1.
    expect(cli(["create", "paul"], "court\n")).toMatchObject({
      code: 1,
      out: "",
      err: expect.stringMatching(/^[^\n]*au moins 12 caractères[^\n]*$/),
    });
    expect((await admin(["create", "marie"], "rhubarbe-et-capucines-2031")).refusal).toContain("existe déjà");
    expect((await admin(["create", "paul"], "motdepasse123")).refusal).toContain("trop facile à deviner");
    expect((await admin(["list"])).out).not.toMatch(/^paul\t/m);
    expect((await admin(["reset-password", "marie"], "rhubarbe-et-capucines-2031")).out).toContain("modifié");
    expect((await admin(["reset-password", "personne"], "rhubarbe-et-capucines-2031")).refusal).toBe(
      "Aucun administrateur « personne ».",
    );
    expect((await admin([])).refusal).toContain("Usage");
  }, 120_000);

  it("removes an administrator but never the last one, and turns a second factor off", async () => {
    expect((await admin(["create", "alain"], "courgettes-du-jardin-partage-77")).refusal).toBeUndefined();
    expect((await admin(["disable-2fa", "alain"])).out).toContain("Double authentification de « alain » désactivée");
    expect((await admin(["disable-2fa", "personne"])).refusal).toContain("Aucun compte « personne »");
    expect((await admin(["remove", "alain"])).out).toContain("Compte « alain » supprimé");
    expect((await admin(["list"])).out).not.toMatch(/^alain\t/m);
    expect((await admin(["remove", "marie"])).refusal).toBe("Impossible de supprimer le dernier administrateur.");
    expect((await admin(["list"])).out).toMatch(/^marie\tAdministrateur\t/m);
  }, 60_000);

  it("refuses to open the embedded database while another process holds it, naming that process", async () => {
    const lock = await lockDataDir(dataDir, "le serveur Potager (processus 4242)");
    try {
      // Run without blocking this process: it holds the lock and must answer the tool's question.
      const child = spawn(tool.command, [...tool.args, "list"], { cwd: tool.cwd, env: { ...env, PATH: tool.PATH } });
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
    expect((await admin(["list"])).refusal).toBeUndefined();
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
