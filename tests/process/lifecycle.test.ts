/**
 * The server as a process: starting on a data directory another process holds, after a crash, on a busy port,
 * with wrong settings, a database that cannot be reached or a read-only folder; reading `.env`; stopping with
 * SIGTERM through `npm start` while a request is in flight. A test about a first start (a refused password, `.env`'s
 * data directory) starts on an empty directory; the others on a prepared copy (./prepared-data-dir.ts).
 */
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { productionRuntime } from "../../scripts/production-runtime";
import { makeImage } from "../fakes/images";
import { signIn } from "../fuzz/session";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { freePort, root, spawnServer, startServer, tempDataDir, waitUntilReady, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
const adminEnv = { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password };

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});
async function started(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer(options);
  running.push(server);
  return server;
}

/** What a process printed, without npm's notices about this machine's configuration. */
const printed = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("npm warn"))
    .join("\n");

describe("one data directory, one process", () => {
  it(
    "refuses a second server on the same data directory, naming the first, and keeps the data intact",
    async () => {
      const dataDir = await preparedDataDir("demo");
      const first = await started({ dataDir, env: { ...adminEnv, SEED_DEMO: "true" } });
      const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
      const title = heading(await (await fetch(first.url)).text());
      expect(title).toBeTruthy();

      const second = await spawnServer({ dataDir, env: adminEnv });
      expect(await second.exited).toBe(1);
      expect(printed(second.output())).toMatch(
        new RegExp(
          `^Le dossier de données ${dataDir} est déjà utilisé par le serveur Potager \\(processus ${first.child.pid}, port ${first.port}, démarré le .+\\)\\. Arrêtez-le d'abord, ou utilisez DATABASE_URL\\.$`,
        ),
      );

      // The first server is untouched and still serves; after it stops, the next start finds everything.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      expect(await first.stop()).toBe(0);
      const third = await started({ dataDir, env: adminEnv });
      expect(heading(await (await fetch(third.url)).text())).toBe(title);
      await signIn(third.url, credentials.username, credentials.password);
    },
    PREPARED_START_MS,
  );

  it(
    "refuses the administration tool while the server holds the embedded database",
    async () => {
      const server = await started({ dataDir: await preparedDataDir("empty"), env: adminEnv });
      const result = spawnSync("npm", ["run", "--silent", "admin", "--", "list"], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", NODE_ENV: "production" },
      });
      expect(result.status).toBe(1);
      expect(printed(result.stderr)).toMatch(
        new RegExp(
          `^Le dossier de données .+ est déjà utilisé par le serveur Potager \\(processus ${server.child.pid},`,
        ),
      );
      expect(result.stdout).not.toContain(credentials.username);
    },
    PREPARED_START_MS,
  );

  it(
    "starts after a crash, and ignores a pid file left by an older version",
    async () => {
      const dataDir = await preparedDataDir("empty");
      const crashed = await started({ dataDir, env: adminEnv });
      crashed.child.kill("SIGKILL");
      await crashed.exited;
      // A marker naming a process that is alive (this one) but holds nothing.
      fs.writeFileSync(path.join(dataDir, "server.pid"), String(process.pid));

      const restarted = await started({ dataDir, env: adminEnv });
      await signIn(restarted.url, credentials.username, credentials.password);
      expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    },
    PREPARED_START_MS,
  );
});

describe("starting", () => {
  it(
    "stops with one French line and a non-zero exit when the port is taken, leaving the data directory free",
    async () => {
      const blocker = net.createServer();
      const port = await freePort();
      await new Promise<void>((resolve) => blocker.listen(port, resolve));
      try {
        const dataDir = await preparedDataDir("empty");
        const server = await spawnServer({ dataDir, port });
        expect(await server.exited).toBe(1);
        expect(printed(server.output())).toBe(`Le port ${port} est déjà utilisé.`);
        await started({ dataDir });
      } finally {
        blocker.close();
      }
    },
    PREPARED_START_MS,
  );

  it("says what is wrong with the settings, one French line each, without a stack trace", async () => {
    const server = await spawnServer({
      env: { PORT: "quatre-vingts", SESSION_SECRET: "trop-court", CONTACT_TO: "bureau" },
    });
    expect(await server.exited).toBe(1);
    expect(printed(server.output())).toBe(
      [
        "Réglage invalide : PORT doit être un nombre entre 1 et 65535",
        "Réglage invalide : SESSION_SECRET doit faire au moins 32 caractères",
        "Réglage invalide : CONTACT_TO doit être une adresse e-mail, par exemple bureau@jardins.example",
      ].join("\n"),
    );
  }, 30_000);

  it(
    "refuses a first administrator's password that any other password would be refused for, saying why",
    async () => {
      const dataDir = await preparedDataDir("empty");
      // Long enough, but a common word and a year: the accounts screen refuses it, so does the start.
      const server = await spawnServer({ dataDir, env: { ADMIN_USERNAME: "marie", ADMIN_PASSWORD: "jardinage2026" } });
      expect(await server.exited).toBe(1);
      expect(printed(server.output())).toMatch(
        /^ADMIN_PASSWORD est refusé : Ce mot de passe est trop facile à deviner\./,
      );
      // Nothing was half-created: a start with a good password makes the account.
      await signIn((await started({ dataDir, env: adminEnv })).url, credentials.username, credentials.password);
    },
    PREPARED_START_MS,
  );

  it("says in one line that the database cannot be reached", async () => {
    const port = await freePort();
    const server = await spawnServer({ env: { DATABASE_URL: `postgres://potager:secret@127.0.0.1:${port}/potager` } });
    expect(await server.exited).toBe(1);
    expect(printed(server.output())).toBe(
      `Impossible d'utiliser la base PostgreSQL de DATABASE_URL (127.0.0.1:${port}/potager) : connexion refusée (le serveur PostgreSQL est-il démarré ?).`,
    );
  }, 30_000);

  it("says in one line that the data directory is read-only", async () => {
    const parent = tempDataDir();
    let expected: string;
    // root writes through permissions: a read-only file system then; anyone else: a folder without write permission.
    if (process.getuid?.() === 0) {
      execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", parent]);
      expected = "le système de fichiers est en lecture seule";
    } else {
      fs.chmodSync(parent, 0o555);
      expected = "permission refusée";
    }
    try {
      const dataDir = path.join(parent, "data");
      const server = await spawnServer({ dataDir });
      expect(await server.exited).toBe(1);
      expect(printed(server.output())).toBe(
        `Le dossier de données ${dataDir} n'est pas accessible en écriture (${expected}) : choisissez-en un autre avec DATA_DIR.`,
      );
    } finally {
      if (process.getuid?.() === 0) execFileSync("umount", [parent]);
    }
  }, 30_000);

  it("reads .env from its working directory; empty values are unset; the environment wins", async () => {
    const dir = tempDataDir("potager-dotenv-");
    const port = await freePort();
    // .env.example itself, with a port and a data directory of the test's own.
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    fs.writeFileSync(
      path.join(dir, ".env"),
      example
        .replace(/^PORT=.*$/m, `PORT=${port}`)
        .replace(/^DATA_DIR=.*$/m, "DATA_DIR=./donnees")
        .replace(/^SEED_DEMO=.*$/m, "SEED_DEMO=false") +
        `\nADMIN_USERNAME=depuis-le-fichier\nADMIN_PASSWORD=${credentials.password}\n`,
    );
    const runtime = productionRuntime();
    const server = await spawnServer({
      cwd: dir,
      command: [process.execPath, ...runtime.nodeArgs, path.join(root, "scripts/start.ts")],
      env: { PORT: undefined, DATA_DIR: undefined, ADMIN_USERNAME: "depuis-l-environnement" },
    });
    running.push(server);
    await waitUntilReady({ ...server, url: `http://127.0.0.1:${port}` });
    expect(fs.existsSync(path.join(dir, "donnees/db"))).toBe(true);
    await signIn(`http://127.0.0.1:${port}`, "depuis-l-environnement", credentials.password);
  }, 60_000);
});

describe("stopping", () => {
  it(
    "on SIGTERM to npm start: finishes the upload in flight, closes the database, logs one line, exits 0",
    async () => {
      const server = await spawnServer({
        command: ["npm", "start"],
        dataDir: await preparedDataDir("empty"),
        env: adminEnv,
      });
      running.push(server);
      await waitUntilReady(server);
      const cookie = await signIn(server.url, credentials.username, credentials.password);
      const nodePid = Number(
        fs.readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, "utf8").trim(),
      );
      expect(fs.readFileSync(`/proc/${nodePid}/cmdline`, "utf8")).toContain("scripts/start.ts");

      // An image sent slowly, in three parts; SIGTERM arrives after the first.
      const image = await makeImage(800, 600, "jpeg");
      const boundary = "----potagerArret";
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="potager.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}/admin/media`, {
          method: "POST",
          headers: {
            Cookie: cookie,
            Origin: server.url,
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(body.length),
          },
        });
        request.on("response", (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        request.on("error", reject);
        const third = Math.floor(body.length / 3);
        request.write(body.subarray(0, third));
        setTimeout(() => {
          server.child.kill("SIGTERM");
          request.write(body.subarray(third, 2 * third));
        }, 300);
        setTimeout(() => request.end(body.subarray(2 * third)), 1500);
      });

      const response = await answer;
      expect(response.status).toBe(201);
      expect(JSON.parse(response.body)).toMatchObject({ secure_url: expect.stringMatching(/^\/media\//) });
      expect(await server.exited).toBe(0);
      // node is gone with npm, no orphan left holding the database.
      expect(() => process.kill(nodePid, 0)).toThrow("ESRCH");
      expect(
        printed(server.output())
          .split("\n")
          .filter((line) => line.startsWith("Potager est arrêté")),
      ).toEqual(["Potager est arrêté (SIGTERM), après 1 requête(s) en cours."]);
    },
    PREPARED_START_MS,
  );
});
