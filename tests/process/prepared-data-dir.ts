/**
 * Data directories as the built server leaves them after its first start: migrated, and with the demo when asked.
 * The first test of the run that asks starts a server on an empty directory once, stops it, and keeps what it wrote;
 * each test then starts from a copy. A server on a copy skips PGlite's initdb, the migrations and the demo's images:
 * about 4 s of CPU instead of 7, or 14 with the demo, on a two-core machine. Tests of the first start itself (a
 * new data directory, a first administrator, the memory at start) start on an empty directory, as a new site does.
 */
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { spawnServer, tempDataDir, waitUntilReady } from "./server";

type Kind = "empty" | "demo";

/** A test that starts from a prepared directory may first wait for it to be made: a minute on a loaded machine. */
const TEMPLATE_WAIT_MS = 120_000;
/** What a hook that starts a server from a prepared directory allows: the wait for it, then the start itself. */
export const PREPARED_START_MS = TEMPLATE_WAIT_MS + 60_000;

async function makeTemplate(kind: Kind, target: string) {
  const dataDir = tempDataDir("potager-template-");
  const server = await waitUntilReady(await spawnServer({ dataDir, env: { SEED_DEMO: String(kind === "demo") } }));
  const code = await server.stop();
  if (code !== 0) throw new Error(`le serveur du modèle « ${kind} » s'est arrêté avec ${code} :\n${server.output()}`);
  // Each copy's server makes a secret of its own, as a new site does.
  fs.rmSync(path.join(dataDir, "session-secret"), { force: true });
  fs.renameSync(dataDir, target);
}

/** The template of `kind`, made by whichever test asks first; the others wait for it. */
async function template(kind: Kind) {
  const root = inject("preparedDataDirs");
  const target = path.join(root, kind);
  fs.mkdirSync(root, { recursive: true });
  let maker = false;
  try {
    fs.mkdirSync(`${target}.lock`);
    maker = true;
  } catch (error) {
    // EEXIST: another test file is making it (or has); anything else is a real failure, not a reason to wait.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (maker) {
    await makeTemplate(kind, target);
    return target;
  }
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (!fs.existsSync(target)) {
    if (Date.now() > deadline) throw new Error(`le modèle de dossier de données « ${kind} » n'est pas venu`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return target;
}

/** A new data directory holding a copy of the template of `kind`, for one server. */
export async function preparedDataDir(kind: Kind) {
  const dataDir = tempDataDir();
  const source = await template(kind);
  fs.cpSync(source, dataDir, { recursive: true });
  // Node 24's cpSync makes every folder it creates 0755, whatever the source's: the copy keeps the server's 0700, so
  // that its server has nothing to make private, as on a restart.
  for (const entry of fs.readdirSync(source, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(entry.parentPath, entry.name);
    fs.chmodSync(path.join(dataDir, path.relative(source, folder)), fs.statSync(folder).mode & 0o7777);
  }
  return dataDir;
}
