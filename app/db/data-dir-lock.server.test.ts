import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.server";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "potager-lock-"));

describe("lockDataDir", () => {
  it("lets one holder at a time have a directory, and tells the others who it is", async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir, "le serveur Potager (processus 12)");
    const refusal = await lockDataDir(dir, "l'outil d'administration").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DataDirBusyError);
    expect((refusal as Error).message).toBe(
      `Le dossier de données ${dir} est déjà utilisé par le serveur Potager (processus 12). Arrêtez-le d'abord, ou utilisez DATABASE_URL.`,
    );
    await lock.release();
    const again = await lockDataDir(dir, "l'outil d'administration");
    await again.release();
  });

  it("locks the directory, not its name: a symbolic link to it is the same directory", async () => {
    const dir = tempDir();
    const link = path.join(tempDir(), "lien");
    fs.symlinkSync(dir, link);
    const lock = await lockDataDir(dir, "le serveur Potager");
    await expect(lockDataDir(link, "un autre")).rejects.toBeInstanceOf(DataDirBusyError);
    await lock.release();
  });

  it("does not tie two different directories together", async () => {
    const locks = [await lockDataDir(tempDir(), "a"), await lockDataDir(tempDir(), "b")];
    expect(locks).toHaveLength(2);
    await Promise.all(locks.map((lock) => lock.release()));
  });
});
