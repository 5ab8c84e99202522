/**
 * Host mode (issue 49, decision 039) through the real server and the hoster's real tool: two associations created by
 * `npm run host -- create`, served by one process by their host names only; what is one association's (its pages, its
 * cached pages, its invitation, its session) is nothing on the other's host; a host it does not name exactly reaches
 * neither; a suspended one shows a maintenance page, without a restart. PostgreSQL only: host mode has no PGlite.
 */
import { execFile } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../db";
import { root, startServer, tempDataDir, type ServerProcess } from "./server";

const run = promisify(execFile);
const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "rhubarbe-et-groseilles-sous-la-haie-2027";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// Each test runs the hoster's tool a few times, a second or more each on a busy machine.
describe.runIf(baseUrl)("host mode: one process, many associations", { timeout: 180_000 }, () => {
  let registry: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess;
  const dataDir = tempDataDir("potager-host-");
  const links: Record<string, string> = {};
  const databases: Record<string, string> = {};

  /** One statement on the database `name` of the test server. */
  async function query(name: string, text: string) {
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** `npm run host -- …` as the hoster types it. */
  const host = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/host.ts", ...args], {
      cwd: root,
      env: { ...process.env, HOST_DATABASE_URL: registry.url, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    });

  /** A request with the Host header a browser or a proxy would send (fetch does not let a test choose it). */
  const request = (
    hostName: string,
    address: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: address,
          method: options.method ?? "GET",
          headers: { Host: hostName, ...options.headers },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });

  const post = (
    hostName: string,
    address: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    request(hostName, address, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${hostName}`, ...headers },
    });

  /** Waits for what a running server does after a change of the registry (its NOTIFY). */
  const until = async (check: () => Promise<boolean>) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("pas dans les 10 s");
  };

  beforeAll(async () => {
    registry = await createPostgresDatabase(baseUrl!);
    for (const [name, hostName, email, ...demo] of [
      ["Jardins des Brosses", "brosses.example.org", "bureau@brosses.example.org", "--demo"],
      ["Jardins des Tilleuls", "tilleuls.example.org", "marie@tilleuls.example.org"],
      ["Jardin des Friches", "friches.example.org", "paul@friches.example.org"],
    ] as const) {
      const { stdout } = await host("create", hostName, name, email, ...demo);
      links[hostName] = new URL(/https:\/\/\S+\/invitation\/\S+/.exec(stdout)![0]).pathname;
      databases[hostName] = /\(base (potager_\w+)\)/.exec(stdout)![1]!;
    }
    // The Friches' last migration forgotten: the server applies it again at start, and it fails (its table exists).
    await query(
      databases["friches.example.org"]!,
      "delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)",
    );
    server = await startServer({ dataDir, env: { HOST_DATABASE_URL: registry.url } });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await registry?.drop();
  });

  it("creates and lists associations, refusing a host taken or not a host name", async () => {
    expect(Object.keys(links)).toEqual(["brosses.example.org", "tilleuls.example.org", "friches.example.org"]);
    const { stdout } = await host("list");
    expect(stdout).toMatch(
      /^brosses\.example\.org — Jardins des Brosses — active — base potager_brosses_example_org_\w+$/m,
    );
    expect(stdout).toMatch(/^tilleuls\.example\.org — Jardins des Tilleuls — active — /m);
    await expect(host("create", "brosses.example.org", "Autres jardins", "a@example.org")).rejects.toMatchObject({
      stderr: expect.stringContaining("L'adresse brosses.example.org est déjà celle d'une association."),
    });
    await expect(host("create", "pas un nom", "Autres jardins", "a@example.org")).rejects.toMatchObject({
      stderr: expect.stringContaining("« pas un nom » n'est pas un nom d'hôte"),
    });
  });

  it("serves each association at its own name, however the Host header writes it, and no other", async () => {
    for (let i = 0; i < 2; i++) {
      // Twice: the second answers come from the page cache, which must be each association's own.
      const brosses = await request("brosses.example.org", "/");
      expect(brosses.status).toBe(200);
      expect(brosses.body).toContain("Jardins des Brosses");
      expect(brosses.body).not.toContain("Jardins des Tilleuls");
      const tilleuls = await request("tilleuls.example.org", "/");
      expect(tilleuls.status).toBe(200);
      expect(tilleuls.body).toContain("Jardins des Tilleuls");
      expect(tilleuls.body).not.toContain("Jardins des Brosses");
    }
    for (const written of ["BROSSES.Example.ORG", "brosses.example.org.", "brosses.example.org:8443"]) {
      const answer = await request(written, "/");
      expect({ written, status: answer.status, named: answer.body.includes("Jardins des Brosses") }).toEqual({
        written,
        status: 200,
        named: true,
      });
    }
    for (const written of [
      "autre.example.org",
      "example.org",
      "www.brosses.example.org",
      "brosses.example.org.evil.test",
      "brosses.example",
      "127.0.0.1",
      "localhost",
      "jardins-é.example.org",
      "brosses.example.org:abc",
      "",
    ]) {
      const answer = await request(written, "/");
      expect({ written, status: answer.status, body: answer.body }).toEqual({
        written,
        status: 404,
        body: "Aucune association n'est servie à cette adresse.\n",
      });
    }
  });

  it("tells a proxy which host names to get certificates for, on the process's own address", async () => {
    const ask = (domain: string) => request("127.0.0.1:3000", `/hebergement/domaine?domain=${domain}`);
    expect((await ask("Tilleuls.example.org")).status).toBe(200);
    expect((await ask("brosses.example.org")).status).toBe(200);
    expect((await ask("autre.example.org")).status).toBe(404);
    expect((await ask("")).status).toBe(404);
    // Asked on an association's host, it is that association's site, which has no such page.
    const onSite = await request("brosses.example.org", "/hebergement/domaine?domain=brosses.example.org");
    expect(onSite.body).not.toBe("ok\n");
    expect((await request("127.0.0.1:3000", "/healthz")).body).toBe('{"status":"ok"}');
  });

  it("makes one association's invitation and session worthless on the other's host", async () => {
    const link = links["brosses.example.org"]!;
    expect((await request("tilleuls.example.org", link)).status).toBe(404);
    const refused = await post("tilleuls.example.org", link, { password: PASSWORD, confirmation: PASSWORD });
    expect(refused.status).toBe(404);
    const accepted = await post("brosses.example.org", link, { password: PASSWORD, confirmation: PASSWORD });
    expect(accepted.status).toBe(302);

    const signedIn = await post("brosses.example.org", "/login", { username: "bureau", password: PASSWORD });
    expect(signedIn.status).toBe(302);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0]!;
    const own = await request("brosses.example.org", "/admin", { headers: { Cookie: cookie } });
    expect(own.status).toBe(200);
    expect(own.body).toContain("Tableau de bord");
    const other = await request("tilleuls.example.org", "/admin", { headers: { Cookie: cookie } });
    expect(other.status).toBe(302);
    expect(other.headers.location).toMatch(/^\/login/);
    // Nor do the other association's name and password sign in there.
    expect((await post("tilleuls.example.org", "/login", { username: "bureau", password: PASSWORD })).status).toBe(401);
    // A form of one association posted from the other's page is another origin.
    const crossed = await post(
      "brosses.example.org",
      "/login",
      { username: "bureau", password: PASSWORD },
      {
        Origin: "http://tilleuls.example.org",
      },
    );
    expect(crossed.status).toBe(403);
  });

  it("suspends an association with a maintenance page and resumes it, without a restart, the other serving", async () => {
    expect((await host("suspend", "Brosses.example.org")).stdout).toContain("brosses.example.org est suspendue");
    await until(async () => (await request("brosses.example.org", "/")).status === 503);
    const page = await request("brosses.example.org", "/actualites");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("3600");
    expect(page.body).toContain("<h1>Jardins des Brosses</h1>");
    expect(page.body).toContain("Le site est momentanément indisponible pour maintenance.");
    expect((await request("tilleuls.example.org", "/")).status).toBe(200);
    expect((await host("list")).stdout).toMatch(/^brosses\.example\.org — Jardins des Brosses — suspendue — /m);

    await host("resume", "brosses.example.org");
    await until(async () => (await request("brosses.example.org", "/")).status === 200);
    await expect(host("suspend", "inconnue.example.org")).rejects.toMatchObject({
      stderr: expect.stringContaining("Aucune association n'a l'adresse inconnue.example.org."),
    });
    expect(server.output()).not.toMatch(/DrizzleQueryError|Cannot use a pool/);
  });

  it("answers a maintenance page for the association whose migration failed, and serves the others", async () => {
    expect(server.output()).toMatch(/friches\.example\.org : ÉCHEC — /);
    const page = await request("friches.example.org", "/");
    expect(page.status).toBe(503);
    expect(page.body).toContain("<h1>Jardin des Friches</h1>");
    expect((await request("brosses.example.org", "/")).status).toBe(200);
    expect((await request("tilleuls.example.org", "/")).status).toBe(200);
    expect((await host("list")).stdout).toMatch(
      /^friches\.example\.org — Jardin des Friches — migration échouée \(.+\) — /m,
    );
  });

  it("exports an association into an archive a single-association Potager restores, page for page", async () => {
    const file = path.join(dataDir, "brosses-export.tar.gz");
    expect((await host("export", "brosses.example.org", file)).stdout).toContain(
      `brosses.example.org exportée : ${file}`,
    );
    const single = tempDataDir("potager-from-host-");
    await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: single, DATABASE_URL: "", HOST_DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    const restored = await startServer({ dataDir: single });
    const headings = (html: string) => [...html.matchAll(/<h[1-3][^>]*>(.*?)<\/h[1-3]>/g)].map((m) => m[1]);
    try {
      for (const page of ["/", "/blog", "/events", "/annonces"]) {
        const hosted = await request("brosses.example.org", page);
        expect(hosted.status).toBe(200);
        expect(headings(hosted.body).length).toBeGreaterThan(1);
        expect(headings(await (await fetch(`${restored.url}${page}`)).text())).toEqual(headings(hosted.body));
      }
    } finally {
      await restored.stop();
      fs.rmSync(single, { recursive: true, force: true });
    }
  });

  it("imports an archive as another association, and deletes one only after an export and its name typed again", async () => {
    const file = path.join(dataDir, "brosses-copie.tar.gz");
    await host("export", "brosses.example.org", file);
    const imported = await host("import", "copie.example.org", "Copie des Brosses", file);
    expect(imported.stdout).toContain("Association importée : Copie des Brosses sur https://copie.example.org");
    const database = /\(base (potager_\w+)\)/.exec(imported.stdout)![1]!;
    await until(async () => (await request("copie.example.org", "/")).status === 200);
    expect((await request("copie.example.org", "/")).body).toContain("Jardins des Brosses");

    await expect(host("delete", "copie.example.org")).rejects.toMatchObject({
      stderr: expect.stringContaining(
        "confirmez en répétant son adresse : npm run host -- delete copie.example.org --confirmer=copie.example.org",
      ),
    });
    await expect(host("delete", "copie.example.org", "--confirmer=copie.example.org")).rejects.toMatchObject({
      stderr: expect.stringContaining("Exportez d'abord copie.example.org"),
    });
    await host("export", "copie.example.org");
    expect((await host("delete", "copie.example.org", "--confirmer=Copie.example.org")).stdout).toContain(
      "copie.example.org est supprimée",
    );
    await until(async () => (await request("copie.example.org", "/")).status === 404);
    expect(await query("postgres", `select 1 from pg_database where datname = '${database}'`)).toEqual([]);
    expect((await host("list")).stdout).not.toContain("copie.example.org");
  });
});
