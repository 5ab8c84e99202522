import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { logger } from "~/server/logger.server";
import { StartupError } from "~/server/startup-error";

/**
 * An exclusive lock on a data directory, held by the kernel for as long as the process lives: a listening Unix
 * socket named after the directory. PGlite has no lock of its own, and two processes on one embedded database
 * destroy it. Unlike a pid file, the lock disappears with its process (crash, kill -9, reboot), so it is never stale.
 * The holder answers whoever connects with one line saying who it is, for the refusal message.
 */
export interface DataDirLock {
  release(): Promise<void>;
}

// Linux's abstract namespace: no file to leave behind, freed by the kernel. Elsewhere, a socket file in the
// temporary directory, recognised as stale when nobody answers on it.
export function socketAddress(realDir: string) {
  const key = crypto.createHash("sha256").update(realDir).digest("hex").slice(0, 32);
  return process.platform === "linux" ? `\0potager-data-dir-${key}` : path.join(os.tmpdir(), `potager-${key}.sock`);
}

function listen(server: net.Server, address: string) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** What the holder says about itself (its first line), or null when nobody answers (a stale socket file). */
function askHolder(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(address);
    const done = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(answer.trim() || "un autre processus"));
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\n")) done(answer.slice(0, answer.indexOf("\n")).trim() || "un autre processus");
    });
    socket.on("end", () => done(answer.trim() || "un autre processus"));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      done(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? null : "un autre processus"),
    );
  });
}

export class DataDirBusyError extends StartupError {
  constructor(dir: string, holder: string) {
    super(`Le dossier de données ${dir} est déjà utilisé par ${holder}. Arrêtez-le d'abord, ou utilisez DATABASE_URL.`);
  }
}

/**
 * Locks `dir` for this process; `holder` describes it to the others ("le serveur Potager (processus 123, …)").
 * Throws DataDirBusyError, with one French line naming the holder, when another process has it.
 */
export async function lockDataDir(dir: string, holder: string): Promise<DataDirLock> {
  const realDir = fs.realpathSync(dir);
  const address = socketAddress(realDir);
  const token = crypto.randomBytes(32).toString("hex");
  for (let attempt = 0; ; attempt++) {
    const server = net.createServer((socket) => {
      socket.on("error", () => {});
      socket.write(`${holder}\n`);
      answerRequest(socket, token);
    });
    try {
      await listen(server, address);
      // The lock must never keep the process alive on its own.
      server.unref();
      try {
        writeToken(realDir, token);
      } catch (error) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const code = (error as NodeJS.ErrnoException).code ?? "";
        throw new StartupError(
          `Le jeton ${controlTokenFile(realDir)} ne peut pas être écrit (${code}) : vérifiez les droits sur le dossier de données.`,
          {
            cause: error,
          },
        );
      }
      return {
        release: async () => {
          await new Promise<void>((resolve) => server.close(() => resolve()));
          removeToken(realDir, token);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const answer = await askHolder(address);
      if (answer !== null || attempt > 0 || address.startsWith("\0"))
        throw new DataDirBusyError(dir, answer ?? "un autre processus");
      // A socket file left by a process that died: nobody holds it.
      fs.rmSync(address, { force: true });
    }
  }
}

/**
 * A process that cannot open the embedded database because the server holds it may ask the server to do a task for
 * it, on the same socket: one line (`<jeton> sauvegarde`), one line back. The server registers what it accepts; the
 * answer never carries data, only where the server wrote it (inside the data directory).
 *
 * An abstract socket has no file permissions: anyone on the machine can connect. So each request carries the
 * holder's token, which it writes at lock time in a 0600 file of the data directory: only an account that can read
 * the data directory can ask for anything.
 */
const TOKEN_FILE = "control-token";

export function controlTokenFile(dir: string) {
  return path.join(dir, TOKEN_FILE);
}

/** A fresh file each time, created 0600 under another name then renamed: never readable by others, even briefly. */
function writeToken(realDir: string, token: string) {
  const partial = path.join(realDir, `.${TOKEN_FILE}-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
  fs.writeFileSync(partial, `${token}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.renameSync(partial, controlTokenFile(realDir));
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

function removeToken(realDir: string, token: string) {
  const file = controlTokenFile(realDir);
  try {
    // Only our own, never a later holder's.
    if (fs.readFileSync(file, "utf8").trim() === token) fs.rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}

const digest = (text: string) => crypto.createHash("sha256").update(text).digest();

type RequestHandler = (request: string) => Promise<string>;
let requestHandler: RequestHandler | undefined;

export function setLockRequestHandler(handler: RequestHandler | undefined) {
  requestHandler = handler;
}

function answerRequest(socket: net.Socket, token: string) {
  let line = "";
  socket.setTimeout(1000, () => socket.end());
  socket.on("data", (chunk) => {
    line += chunk;
    if (!line.includes("\n")) {
      if (line.length > 200) socket.end("erreur requête trop longue\n");
      return;
    }
    socket.setTimeout(0);
    socket.removeAllListeners("data");
    const [given = "", ...words] = line.slice(0, line.indexOf("\n")).trim().split(" ");
    // Digests of equal length, compared in constant time: the answer's timing says nothing about the token.
    if (!crypto.timingSafeEqual(digest(given), digest(token))) {
      logger.warn("demande refusée sur le verrou du dossier de données : jeton absent ou faux");
      socket.end("erreur demande refusée (jeton absent ou faux)\n");
      return;
    }
    const request = words.join(" ");
    const handle = requestHandler ?? (async () => "erreur ce processus n'accepte aucune demande");
    handle(request)
      .catch((error: Error) => `erreur ${error.message}`)
      .then((answer) => socket.end(`${answer.replace(/\n/g, " ")}\n`));
  });
}

/** Why the holder's token cannot be read, in French. */
const TOKEN_PROBLEMS: Record<string, string> = {
  EACCES: "permission refusée",
  EPERM: "permission refusée",
  ENOENT: "fichier absent",
};

/**
 * Asks the holder of `dir` to do `request`, with the token it wrote in the directory; its one-line answer, or null
 * when nobody holds the directory. Rejects, with one French sentence, when the token cannot be read.
 */
export function askDataDirHolder(dir: string, request: string, timeoutMs = 10 * 60 * 1000): Promise<string | null> {
  const realDir = fs.realpathSync(dir);
  const address = socketAddress(realDir);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(address, () => {
      let token: string;
      try {
        token = fs.readFileSync(controlTokenFile(realDir), "utf8").trim();
      } catch (error) {
        socket.destroy();
        const code = (error as NodeJS.ErrnoException).code ?? "";
        reject(
          new Error(
            `Le jeton du serveur (${controlTokenFile(realDir)}) ne peut pas être lu (${TOKEN_PROBLEMS[code] ?? code}) : lancez la commande avec le compte qui fait tourner le serveur.`,
          ),
        );
        return;
      }
      socket.write(`${token} ${request}\n`);
    });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error("Le serveur n'a pas répondu à temps."));
    });
    socket.on("data", (chunk) => (received += chunk));
    socket.on("end", () => {
      const lines = received.split("\n").filter(Boolean);
      resolve(lines[1] ?? lines[0] ?? "");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(new Error(`La demande au serveur a échoué (${error.code ?? error.message}).`));
    });
  });
}
