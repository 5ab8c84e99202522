/**
 * The restore drill, through the commands the README gives: a server on the embedded database with the demo content,
 * `npm run backup` while it runs, the server stopped, `npm run restore` into a fresh database of the other kind
 * (PostgreSQL when the machine has it), a server started on it: the same pages (the plots register's screens too),
 * the same administrator.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { controlTokenFile, socketAddress } from "~/db/data-dir-lock.server";
import { createPostgresDatabase } from "../db";
import { signIn } from "../fuzz/session";
import { root, startServer, tempDataDir, type ServerProcess } from "./server";

const credentials = { username: "marie", password: crypto.randomBytes(12).toString("base64url") };
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

function npm(args: string[], env: Record<string, string>) {
  const result = spawnSync("npm", ["run", "--silent", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "production", ...env },
    timeout: 120_000,
  });
  const err = result.stderr
    .split("\n")
    .filter((line) => line && !line.startsWith("npm warn"))
    .join("\n");
  return { code: result.status, out: result.stdout.trim(), err };
}

/** Another account on the machine: it reaches the data directory's socket, not the token inside the directory. */
function askWithoutToken(dataDir: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(socketAddress(fs.realpathSync(dataDir)), () => socket.write(`${line}\n`));
    socket.on("data", (chunk) => (received += chunk));
    socket.on("end", () => resolve(received.split("\n")[1] ?? ""));
    socket.on("error", reject);
  });
}

const PAGES = [
  "/",
  "/association",
  "/blog",
  "/blog/1",
  "/events",
  "/annonces",
  "/mentions-legales",
  "/sitemap.xml",
  "/blog/rss.xml",
];

/** The register of plots and gardeners, as the back-office shows it: sites, a site's plots and rounds, a record, fees. */
const ADMIN_PAGES = [
  "/admin/parcelles",
  "/admin/parcelles/jardins/1",
  "/admin/parcelles/jardins/1/visite",
  "/admin/jardiniers?statut=anciens",
  "/admin/jardiniers/1",
  "/admin/cotisations",
];

async function pages(server: ServerProcess) {
  const texts: Record<string, string> = {};
  const cookie = await signIn(server.url, credentials.username, credentials.password);
  // The nonce changes with every answer; everything else must be the same.
  for (const page of [...PAGES, ...ADMIN_PAGES])
    texts[page] = (await (await fetch(`${server.url}${page}`, { headers: { Cookie: cookie } })).text())
      .replace(/nonce="[^"]*"/g, "")
      .replaceAll(server.url, "SITE");
  return texts;
}

it("backup while the server runs, restore into the other kind of database: same pages, same administrator", async () => {
  const dataDir = tempDataDir();
  const original = await startServer({
    dataDir,
    env: {
      ADMIN_USERNAME: credentials.username,
      ADMIN_PASSWORD: credentials.password,
      SEED_DEMO: "true",
      PUBLIC_URL: "http://localhost:3000",
    },
  });
  running.push(original);
  const before = await pages(original);
  const archive = path.join(tempDataDir("potager-archive-"), "sauvegarde.tar.gz");

  // The server's token is in a file only the server's account can read; without it, the socket does nothing.
  expect(fs.statSync(controlTokenFile(dataDir)).mode & 0o777).toBe(0o600);
  const token = fs.readFileSync(controlTokenFile(dataDir), "utf8").trim();
  for (const line of ["sauvegarde", `${crypto.randomBytes(32).toString("hex")} sauvegarde`]) {
    expect(await askWithoutToken(dataDir, line)).toBe("erreur demande refusée (jeton absent ou faux)");
  }
  expect(fs.existsSync(path.join(dataDir, "backups"))).toBe(false);
  await expect
    .poll(() => original.output())
    .toContain("demande refusée sur le verrou du dossier de données : jeton absent ou faux");
  expect(original.output()).not.toContain(token);

  const backup = npm(["backup", "--", archive], { DATA_DIR: dataDir });
  expect(backup.err).toBe("");
  expect(backup.out).toMatch(
    /^Sauvegarde écrite : .*sauvegarde\.tar\.gz \(\d+\.\d Mo\)\. Gardez-en une copie hors du serveur\.$/,
  );
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  // The server wrote it in its own backups folder too.
  expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([
    expect.stringMatching(/^potager-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/),
  ]);
  // Restoring needs the server stopped when it holds the embedded database.
  expect(npm(["restore", "--", archive], { DATA_DIR: dataDir }).err).toMatch(/est déjà utilisé par le serveur Potager/);
  running.splice(0);
  await original.stop();
  // The token goes with the server.
  expect(fs.existsSync(controlTokenFile(dataDir))).toBe(false);

  const target: Record<string, string> = { DATA_DIR: tempDataDir() };
  if (process.env.TEST_DATABASE_URL) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    cleanups.push(() => database.drop());
    target.DATABASE_URL = database.url;
  }
  const restore = npm(["restore", "--", archive], target);
  expect(restore.err).toBe("");
  expect(restore.out).toMatch(/^Sauvegarde du .* restaurée : \d+ tables, \d+ lignes, \d+ fichiers d'images\.$/);
  expect(npm(["restore", "--", archive], target).err).toMatch(/^La base n'est pas vide/);

  const copy = await startServer({
    dataDir: target.DATA_DIR,
    env: { DATABASE_URL: target.DATABASE_URL, PUBLIC_URL: "http://localhost:3000" },
  });
  running.push(copy);
  expect(await pages(copy)).toEqual(before);
  // The administrator signs in with the same password; images are served.
  expect(await signIn(copy.url, credentials.username, credentials.password)).toMatch(/session=/);
  const image = /\/media\/[\w-]+\.(?:webp|jpg)/.exec(before["/"])![0];
  expect((await fetch(`${copy.url}${image}`)).status).toBe(200);
}, 180_000);
