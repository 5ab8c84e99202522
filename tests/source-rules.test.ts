import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MODULE_STATE,
  MODULE_STATE_PATTERN,
  PARALLEL_READS_MESSAGE,
  sourceRuleViolations,
  tableImportViolations,
  violationsIn,
} from "../scripts/source-rules";

describe("the code's rules (scripts/source-rules.ts)", () => {
  it("hold in app/", () => {
    expect(sourceRuleViolations()).toEqual([]);
  });

  it("each catch what they are for, and leave their own implementation and comments alone", () => {
    const utcDay = "const day = new Date().toISOString().slice(0, 10);";
    expect(violationsIn("app/routes/admin/x.ts", utcDay)).toEqual([
      "app/routes/admin/x.ts:1: a day is Paris's, not UTC's: parisToday(), parisDateOf(date) or addDays(day, n) from app/lib/paris-time.ts",
    ]);
    expect(violationsIn("app/lib/paris-time.ts", utcDay)).toEqual([]);
    expect(violationsIn("app/modules/a/b.ts", `// ${utcDay}`)).toEqual([]);
    expect(violationsIn("app/routes/public/layout.tsx", "year: new Date().getFullYear(),")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", "const d = when.getDate() + 1;")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", 'const t = (cents / 100).toFixed(2).replace(".", ",");')).toHaveLength(1);
    expect(violationsIn("app/components/x.tsx", 'const money = new Intl.NumberFormat("fr-FR");')).toHaveLength(1);
    expect(violationsIn("app/lib/money.ts", 'return new Intl.NumberFormat("fr-FR").format(1);')).toEqual([]);
    expect(violationsIn("app/modules/mail/m.ts", "export function escapeHtml(value: string) {")).toHaveLength(1);
    expect(violationsIn("app/lib/html.ts", "export function escapeHtml(value: string) {")).toEqual([]);
    // A payment booked or given its receipt by hand, beside the one use case.
    expect(violationsIn("app/modules/helloasso/h.ts", "const entry = await bookPayment(tx, row, who);")).toHaveLength(
      1,
    );
    expect(
      violationsIn("app/modules/register/fees.admin.server.ts", "await receiptOfNewPayment(tx, 1, a);"),
    ).toHaveLength(1);
    expect(violationsIn("app/modules/register/payments.server.ts", "await bookPayment(tx, p, a.username);")).toEqual(
      [],
    );
    const inlineJob = '    {\n      name: "sessions expirées",\n      everyMs: 1,\n    },';
    expect(violationsIn("app/startup/services.server.ts", inlineJob)).toEqual([
      "app/startup/services.server.ts:2: a job is exported by the module whose work it does; serverJobs only lists them",
    ]);
    expect(violationsIn("app/modules/auth/auth.server.ts", inlineJob)).toEqual([]);
    // An association's files and the state modules keep (decision 039: in host mode, one process serves many).
    expect(violationsIn("app/modules/a/b.ts", 'const dir = path.join(env.dataDir, "photos");')).toHaveLength(1);
    expect(violationsIn("app/startup/database.server.ts", "ensureWritableDataDir(env.dataDir);")).toEqual([]);
    expect(violationsIn("app/modules/a/b.ts", 'const link = new URL("/x", env.PUBLIC_URL);')).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", "send({ from: env.MAIL_FROM, to });")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", "let lastSent: Date | undefined;")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", "export const seen = new Map<string, number>();")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", "const pending = new Set<string>();")).toHaveLength(1);
    expect(violationsIn("app/modules/a/b.ts", 'const WORDS = new Set(["oui", "non"]);')).toEqual([]);
    expect(violationsIn("app/modules/a/b.ts", "  let inside = 0;")).toEqual([]);
    expect(violationsIn("app/server/server-secret.server.ts", "const secrets = new Map<string, string>();")).toEqual(
      [],
    );
    const parallel = `export async function f(executor: Executor = getDb()) {
  const [a, b] = await Promise.all([
    executor.select().from(documents),
    executor.select().from(documentVersions),
  ]);
}`;
    expect(violationsIn("app/modules/documents/d.ts", parallel)).toEqual([
      `app/modules/documents/d.ts:2: ${PARALLEL_READS_MESSAGE}`,
    ]);
    expect(violationsIn("app/modules/documents/d.ts", parallel.replaceAll("executor.", "getDb()."))).toEqual([]);
    expect(
      violationsIn("app/modules/x/y.ts", "const [a, b] = await Promise.all([agendaOf(id, tx), candidatesOf(id)]);"),
    ).toHaveLength(1);
  });

  it("list module state only where some remains", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const stale = Object.keys(MODULE_STATE).filter(
      (file) =>
        !fs
          .readFileSync(path.join(root, file), "utf8")
          .split("\n")
          .some((line) => MODULE_STATE_PATTERN.test(line)),
    );
    expect(stale).toEqual([]);
  });

  it("keep each module to its own tables, but for the crossings given a reason", () => {
    const own = 'import { plots } from "~/modules/register/register.tables";';
    expect(tableImportViolations("app/modules/register/plots.server.ts", own)).toEqual([]);
    expect(
      tableImportViolations("app/modules/register/plots.server.ts", 'import { gardeners } from "./register.tables";'),
    ).toEqual([]);
    // The register reading the site's content itself: it asks the content module.
    const content = 'import x from "y";\nimport { associationContent } from "~/modules/content/content.tables";';
    expect(tableImportViolations("app/modules/register/fees.server.ts", content)).toEqual([
      "app/modules/register/fees.server.ts:2: the tables of « content » are read through that module's functions (or a reason in TABLE_CROSSINGS, scripts/source-rules.ts)",
    ]);
    expect(tableImportViolations("app/modules/treasury/book.server.ts", own)).toEqual([]);
    expect(tableImportViolations("app/modules/retention/retention.server.ts", content)).toEqual([]);
    // Every table at once is for the whole-database modules; a route reads none.
    const all = 'import * as tables from "~/db/schema";';
    expect(tableImportViolations("app/modules/ads/ads.server.ts", all)).toHaveLength(1);
    expect(tableImportViolations("app/modules/demo/demo.server.ts", all)).toEqual([]);
    expect(tableImportViolations("app/routes/admin/plots.tsx", own)).toEqual([
      "app/routes/admin/plots.tsx:1: routes and components read no table: they call a module",
    ]);
    // A tables file names other modules' tables for its foreign keys.
    expect(
      tableImportViolations(
        "app/modules/treasury/treasury.tables.ts",
        'import { gardeners } from "../register/register.tables";',
      ),
    ).toEqual([]);
  });
});
