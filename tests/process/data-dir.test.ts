/**
 * The data directory holds password hashes, second-factor secrets and every application: other accounts on the
 * machine must not be able to read or write anything in it, on a first start as on a directory left open before.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, tempDataDir, type ServerProcess } from "./server";

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

/** Every file and folder below `dir` (media excepted, public anyway) that another account may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) open.push(`${path.relative(dir, file) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory())
      for (const entry of fs.readdirSync(file)) if (file !== dir || entry !== "media") walk(path.join(file, entry));
  };
  walk(dir);
  return open;
}

it("creates a new data directory, its database included, for the server's account alone", async () => {
  const dataDir = path.join(tempDataDir(), "donnees");
  const server = await startServer({ dataDir });
  running.push(server);
  expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
  expect(fs.readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(5);
  expect(openToOthers(dataDir)).toEqual([]);
});

it(
  "makes an existing data directory private at start, and says so in one line",
  async () => {
    // A directory a server has already started on, as a previous version left it: the folder 0755, PGlite's files
    // 0666, an e-mail 0644.
    const dataDir = await preparedDataDir("empty");
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, "db"), 0o755);
    fs.chmodSync(path.join(dataDir, "db", "PG_VERSION"), 0o666);
    fs.mkdirSync(path.join(dataDir, "mail"), { recursive: true });
    fs.chmodSync(path.join(dataDir, "mail"), 0o755);
    fs.writeFileSync(path.join(dataDir, "mail", "ancien.eml"), "Subject: test\n\n", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "mail", "ancien.eml"), 0o644);
    expect(openToOthers(dataDir).length).toBeGreaterThan(3);

    const server = await startServer({ dataDir });
    running.push(server);
    expect(openToOthers(dataDir)).toEqual([]);
    const said = server
      .output()
      .split("\n")
      .filter((line) => line.includes("accessible à d'autres comptes"));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("maintenant privé (droits 0700");
  },
  PREPARED_START_MS,
);
