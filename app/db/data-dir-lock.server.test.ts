import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  askDataDirHolder,
  controlTokenFile,
  DataDirBusyError,
  lockDataDir,
  setLockRequestHandler,
  socketAddress,
} from "./data-dir-lock.server";

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

/** What a client with no token, or a guessed one, gets on the socket: the first line, then the answer. */
function rawRequest(dir: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(socketAddress(fs.realpathSync(dir)), () => socket.write(`${line}\n`));
    socket.on("data", (chunk) => (received += chunk));
    socket.on("end", () => resolve(received.split("\n")[1] ?? ""));
    socket.on("error", reject);
  });
}

describe("requests to the holder", () => {
  afterEach(() => setLockRequestHandler(undefined));

  it("are answered only with the token the holder keeps in a 0600 file of the directory", async () => {
    const dir = tempDir();
    const done: string[] = [];
    setLockRequestHandler(async (request) => {
      done.push(request);
      return "ok fait";
    });
    const lock = await lockDataDir(dir, "le serveur Potager");
    const file = controlTokenFile(dir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const token = fs.readFileSync(file, "utf8").trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // Anyone on the machine can reach an abstract socket: without the file's token, nothing is done.
    expect(await rawRequest(dir, "sauvegarde")).toBe("erreur demande refusée (jeton absent ou faux)");
    expect(await rawRequest(dir, `${"0".repeat(64)} sauvegarde`)).toBe("erreur demande refusée (jeton absent ou faux)");
    expect(await rawRequest(dir, `${token.slice(0, 63)} sauvegarde`)).toBe(
      "erreur demande refusée (jeton absent ou faux)",
    );
    expect(done).toEqual([]);

    expect(await askDataDirHolder(dir, "sauvegarde")).toBe("ok fait");
    expect(done).toEqual(["sauvegarde"]);

    // Each holder writes its own; the file goes with the lock.
    await lock.release();
    expect(fs.existsSync(file)).toBe(false);
    const next = await lockDataDir(dir, "le serveur Potager");
    expect(fs.readFileSync(file, "utf8").trim()).not.toBe(token);
    await next.release();
  });

  it("cannot be made by an account that cannot read the token", async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir, "le serveur Potager");
    fs.rmSync(controlTokenFile(dir));
    await expect(askDataDirHolder(dir, "sauvegarde")).rejects.toThrow(
      `Le jeton du serveur (${controlTokenFile(fs.realpathSync(dir))}) ne peut pas être lu (fichier absent) : lancez la commande avec le compte qui fait tourner le serveur.`,
    );
    await lock.release();
  });
});
