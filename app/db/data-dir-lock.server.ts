import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { StartupError } from "~/startup-error";

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
function socketAddress(realDir: string) {
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
    socket.on("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? null : "un autre processus"));
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
  const address = socketAddress(fs.realpathSync(dir));
  for (let attempt = 0; ; attempt++) {
    const server = net.createServer((socket) => {
      socket.on("error", () => {});
      socket.write(`${holder}\n`);
      answerRequest(socket);
    });
    try {
      await listen(server, address);
      // The lock must never keep the process alive on its own.
      server.unref();
      return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      const answer = await askHolder(address);
      if (answer !== null || attempt > 0 || address.startsWith("\0")) throw new DataDirBusyError(dir, answer ?? "un autre processus");
      // A socket file left by a process that died: nobody holds it.
      fs.rmSync(address, { force: true });
    }
  }
}

/**
 * A process that cannot open the embedded database because the server holds it may ask the server to do a task for
 * it, on the same socket: one line (`sauvegarde`), one line back. The server registers what it accepts; the answer
 * never carries data, only where the server wrote it (inside the data directory).
 */
type RequestHandler = (request: string) => Promise<string>;
let requestHandler: RequestHandler | undefined;

export function setLockRequestHandler(handler: RequestHandler | undefined) {
  requestHandler = handler;
}

function answerRequest(socket: net.Socket) {
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
    const request = line.slice(0, line.indexOf("\n")).trim();
    const handle = requestHandler ?? (async () => "erreur ce processus n'accepte aucune demande");
    handle(request)
      .catch((error: Error) => `erreur ${error.message}`)
      .then((answer) => socket.end(`${answer.replace(/\n/g, " ")}\n`));
  });
}

/** Asks the holder of `dir` to do `request`; its one-line answer, or null when nobody holds the directory. */
export function askDataDirHolder(dir: string, request: string, timeoutMs = 10 * 60 * 1000): Promise<string | null> {
  const address = socketAddress(fs.realpathSync(dir));
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(address, () => socket.write(`${request}\n`));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error("le serveur n'a pas répondu à temps"));
    });
    socket.on("data", (chunk) => (received += chunk));
    socket.on("end", () => {
      const lines = received.split("\n").filter(Boolean);
      resolve(lines[1] ?? lines[0] ?? "");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
  });
}
