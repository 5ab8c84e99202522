import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-cli-"));

function cli(args: string[], input = "") {
  // Through npm, exactly as the README tells people to run it.
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    cwd: root,
    input,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", LOG_LEVEL: "silent" },
    timeout: 60_000,
  });
  // npm's own notices about the machine's configuration are not the tool's output.
  const err = result.stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"))
    .join("\n")
    .trim();
  return { code: result.status, out: result.stdout, err };
}

describe("npm run admin", () => {
  it("creates an admin with a password read from stdin, lists it, resets it, and refuses bad input", () => {
    expect(cli(["list"]).out).toContain("Aucun administrateur.");

    const created = cli(["create", "marie"], "un-mot-de-passe-solide\n");
    expect(created.err).toBe("");
    expect(created.out).toContain("Administrateur « marie » créé.");
    expect(cli(["list"]).out).toMatch(/^marie\t/m);

    expect(cli(["create", "marie"], "un-autre-mot-de-passe\n").err).toContain("existe déjà");
    expect(cli(["create", "paul"], "court\n").err).toContain("au moins 10 caractères");
    expect(cli(["reset-password", "marie"], "nouveau-mot-de-passe\n").out).toContain("modifié");
    expect(cli(["reset-password", "personne"], "nouveau-mot-de-passe\n").code).toBe(1);
    expect(cli([]).err).toContain("Usage");
  }, 180_000);

  it("refuses to open the embedded database while a server holds it", () => {
    fs.writeFileSync(path.join(dataDir, "server.pid"), String(process.pid));
    const result = cli(["list"]);
    expect(result.code).not.toBe(0);
    expect(result.err).toContain("utilise déjà la base");
    fs.rmSync(path.join(dataDir, "server.pid"));
  }, 60_000);
});
