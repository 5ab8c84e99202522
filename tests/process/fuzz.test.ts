/**
 * Every action of the built site under random bodies (fast-check): unicode, NUL and control characters, lone
 * surrogates, huge values, duplicated and missing fields, broken urlencoded and multipart bodies, other media types,
 * with and without a session and a same-origin header. No answer may be a 5xx, no connection may be dropped, and the
 * server must still answer afterwards. The actions are read from the build, so a form added later is covered too.
 */
import crypto from "node:crypto";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FuzzTarget } from "../fuzz/actions";
import { caseFor } from "../fuzz/bodies";
import { describeQueryCase, queryCaseFor } from "../fuzz/queries";
import {
  describeCase,
  describeOutcome,
  isFailure,
  prepare,
  sendCase,
  sendQueryCase,
  sendSequence,
  type PageTarget,
  type Sessions,
} from "../fuzz/run";
import { PREPARED_START_MS, preparedDataDir } from "./prepared-data-dir";
import { startServer, type ServerProcess } from "./server";

// Bodies and addresses reach the same code on either database, and PGlite is PostgreSQL itself (compiled to
// WebAssembly): it refuses what PostgreSQL refuses. So the fuzz runs once, on the embedded database the site runs on by
// default; the integration tests run on both. Each run draws new bodies (fast-check's seed), so the runs add up;
// `bench/fuzz.ts` runs many more at once.
// A budget for the whole run, shared out between the actions and pages found, rather than a number for each: the
// site's forms keep coming (the treasury's, « Mon jardin »'s, the assembly's) and this test, the suite's longest, must
// not grow with them (it had gone from 120 bodies an action to 30 as they came). Never fewer than a floor per action.
// With 85 actions and 128 pages: 24 bodies and 3 sequences an action, 8 addresses a page (30, 4 and 20 before).
const BUDGET = { bodies: 2_000, addresses: 1_000, sequences: 250 };
const FLOOR = { bodies: 12, addresses: 8, sequences: 2 };
const share = (kind: keyof typeof BUDGET, among: number) => Math.max(FLOOR[kind], Math.round(BUDGET[kind] / among));
// An accepted request here writes a whole backup (database and images): a few bodies say as much as many.
const FEW_RUNS: Record<string, number> = { "/admin/sauvegarde": 8 };
const credentials = { username: "fuzz", password: crypto.randomBytes(12).toString("base64url") };

const databases = [
  { name: "pglite", url: async () => ({ url: undefined as string | undefined, drop: async () => {} }) },
];

describe.each(databases)("every action under random bodies [$name]", (database) => {
  let server: ServerProcess;
  let dropDatabase: () => Promise<void>;
  let sessions: Sessions;
  let targets: FuzzTarget[];
  let pages: PageTarget[];
  let cookie: string;

  beforeAll(async () => {
    const { url, drop } = await database.url();
    dropDatabase = drop;
    server = await startServer({
      dataDir: url ? undefined : await preparedDataDir("demo"),
      env: {
        ADMIN_USERNAME: credentials.username,
        ADMIN_PASSWORD: credentials.password,
        SEED_DEMO: "true",
        DATABASE_URL: url,
      },
    });
    ({ sessions, targets, pages, cookie } = await prepare(server.url, credentials));
  }, PREPARED_START_MS);

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  it("finds the site's actions and their fields", () => {
    const paths = targets.map((t) => t.path);
    expect(paths).toEqual(expect.arrayContaining(["/login", "/logout", "/admin/settings", "/admin/media"]));
    expect(targets.find((t) => t.path === "/admin/settings")?.knownValues.intent).toEqual(
      expect.arrayContaining(["homeTexts", "plots", "contact", "association"]),
    );
    expect(targets.find((t) => t.path === "/login")?.fields).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("finds the site's pages and the query parameters their links use", () => {
    const patterns = pages.map((p) => p.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining(["/search", "/blog/:id", "/admin/blog", "/admin/jardiniers", "/admin/lettre"]),
    );
    expect(pages.find((p) => p.pattern === "/admin/jardiniers")?.params).toHaveProperty("statut");
  });

  it("answers every hostile address of every page, GET and HEAD, never with a 5xx", async () => {
    for (const page of pages) {
      await fc.assert(
        fc.asyncProperty(queryCaseFor(page), async (fuzz) => {
          const outcome = await sendQueryCase(server.url, cookie, fuzz);
          // The weather's own answer while its service is out of reach (none is, here) is a 503 by design.
          const unavailable = page.pattern === "/api/meteo" && outcome.kind === "response" && outcome.status === 503;
          expect(isFailure(outcome) && !unavailable, `${describeOutcome(outcome)} ← ${describeQueryCase(fuzz)}`).toBe(
            false,
          );
        }),
        { numRuns: share("addresses", pages.length) },
      );
    }
  }, 600_000);

  it("answers every body on a fresh connection, never with a 5xx", async () => {
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(caseFor(target), async (fuzz) => {
          const outcome = await sendCase(server.url, sessions, target, fuzz);
          expect(isFailure(outcome), `${target.path} : ${describeOutcome(outcome)} ← ${describeCase(fuzz)}`).toBe(
            false,
          );
        }),
        { numRuns: Math.min(FEW_RUNS[target.path] ?? Infinity, share("bodies", targets.length)) },
      );
    }
  }, 600_000);

  it("answers each body of a sequence on one keep-alive connection, which then still serves", async () => {
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(fc.array(caseFor(target), { minLength: 2, maxLength: 5 }), async (cases) => {
          const outcomes = await sendSequence(server.url, sessions, target, cases);
          const failed = outcomes.findIndex(isFailure);
          const what =
            failed < 0 ? "" : failed < cases.length ? describeCase(cases[failed]) : "GET /healthz après la séquence";
          expect(
            failed,
            `${target.path}, requête ${failed + 1} : ${failed < 0 ? "" : describeOutcome(outcomes[failed])} ← ${what}`,
          ).toBe(-1);
          // The connection served the whole sequence: the refusals did not break it.
          expect(outcomes.at(-1)).toMatchObject({ kind: "response", status: 200, reusedSocket: true });
        }),
        { numRuns: Math.min(FEW_RUNS[target.path] ?? Infinity, share("sequences", targets.length)) },
      );
    }
  }, 600_000);

  it("is still running and answering afterwards", async () => {
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // The lines themselves, so that a failure shows what the server logged.
    expect(
      server
        .output()
        .split("\n")
        .filter((line) => /Unhandled|Uncaught|"level":50/.test(line)),
    ).toEqual([]);
  });
});
