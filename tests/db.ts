import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, inject } from "vitest";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase, useDatabase, type DatabaseHandle } from "~/db/client.server";

export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

/**
 * A new PostgreSQL database on the server of `baseUrl`, empty or a copy of `template`: its URL, and how to drop it.
 */
export async function createPostgresDatabase(baseUrl: string, template?: string) {
  const name = `potager_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A private PostgreSQL database per suite, so parallel test files never share rows: a copy of the migrated one. */
async function openPostgres(baseUrl: string): Promise<DatabaseHandle> {
  const database = await createPostgresDatabase(baseUrl, inject("postgresTemplate"));
  const handle = await openDatabase({ url: database.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A copy of the migrated empty PGlite database the run's global setup made (tests/global-setup.ts), opened from its
 * folder as the site opens its own. Loading the same database from a dump into memory cost each test file about two
 * seconds more CPU: the dump's 44 MB unpacked, then held in WebAssembly's file system through every test.
 */
async function openPglite(): Promise<DatabaseHandle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "potager-pglite-"));
  fs.cpSync(inject("pgliteDir"), dir, { recursive: true });
  const handle = await openDatabase({ dataDir: dir });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const testDatabases: TestDatabase[] = [
  { name: "pglite", open: openPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres" as const, open: () => openPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];

const tables = [
  "association_content",
  "blog_posts",
  "events",
  "applications",
  "form_fields",
  "annonces",
  "contact_messages",
  "sessions",
  "admins",
  "rate_limit_hits",
  "media",
  "outbox",
  "history",
  "recovery_codes",
  "admin_invitations",
  "imported_records",
  "content_versions",
  "autosaves",
  "newsletter_subscribers",
  "newsletter_letters",
  "letter_paper_recipients",
  "event_registrations",
  "garden_sites",
  "plots",
  "gardeners",
  "plot_holdings",
  "planned_allotments",
  "gardener_payments",
  "bounced_cheques",
  "fee_calls",
  "inspection_rounds",
  "inspection_marks",
  "job_runs",
  "documents",
  "document_versions",
  "assemblies",
  "assembly_items",
  "assembly_members",
  "volunteer_members",
  "assembly_candidates",
  "association_officers",
  "gardener_links",
  "gardener_sessions",
  "helloasso_settings",
  "online_payments",
  "helloasso_notifications",
];

/**
 * The book back to a fresh install's: the migration's two accounts (a bank account and the cash box, kept from this
 * year, no opening balance) and the chart of accounts without the sub-categories a test added. Its other tables are
 * emptied with the rest.
 */
const treasuryTables = [
  "treasury_accounts",
  "treasury_entries",
  "treasury_deposits",
  "treasury_statements",
  "treasury_receipts",
  "treasury_receipt_numbers",
  "treasury_years",
  "treasury_budget_lines",
  "treasury_settings",
];
// A new site's first accounts, as the migration writes them, but kept from a fixed past year rather than the year of the
// run: tests date payments in the years they name, and on the 1st of January the run's year would refuse them.
const RESET_TREASURY = `delete from treasury_categories where not built_in;
  insert into treasury_accounts (name, kind, code, opening_year, position) values
    ('Compte courant', 'banque', '512', 2020, 0),
    ('Caisse', 'caisse', '530', 2020, 1);`;

/**
 * What `truncate <tables> restart identity cascade` does, as one script of deletes: the tables, and every table that
 * refers to them, emptied children first, and their sequences back to their start. TRUNCATE makes new files for each
 * table and index: for these fifty-odd tables, 160–190 ms before each test on PostgreSQL and 63 on PGlite, against 3 and
 * 12–15 for deleting the few rows a test wrote. Triggers see a DELETE as they see a TRUNCATE (the site's version is
 * bumped either way).
 */
async function resetScript(handle: DatabaseHandle, named: string[]) {
  const rows = async <T>(query: string) => ((await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const links = await rows<{ child: string; parent: string }>(
    `select conrelid::regclass::text as child, confrelid::regclass::text as parent
       from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );
  const doomed = new Set(named);
  for (let size = 0; size !== doomed.size;) {
    size = doomed.size;
    for (const { child, parent } of links) if (doomed.has(parent)) doomed.add(child);
  }
  // Children before the tables they refer to.
  const order: string[] = [];
  const visit = (table: string, chain: string[]) => {
    if (order.includes(table)) return;
    if (chain.includes(table)) throw new Error(`références circulaires : ${[...chain, table].join(" → ")}`);
    for (const { child, parent } of links) if (parent === table && doomed.has(child)) visit(child, [...chain, table]);
    order.push(table);
  };
  for (const table of doomed) visit(table, []);
  const sequences = await rows<{ sequence: string; start: string }>(
    `select s.seqrelid::regclass::text as sequence, s.seqstart::text as start
       from pg_sequence s join pg_depend d on d.objid = s.seqrelid and d.deptype in ('a', 'i')
      where d.refobjid::regclass::text in (${[...doomed].map((t) => `'${t}'`).join(", ")})`,
  );
  return [
    ...order.map((table) => `delete from ${table};`),
    ...sequences.map(({ sequence, start }) => `select setval('${sequence}', ${start}, false);`),
  ].join("\n");
}

/** Runs a script of several statements (the simple query protocol of either client). */
function runScript(handle: DatabaseHandle, script: string) {
  const client = (
    handle.db as unknown as { $client: { exec?(q: string): Promise<unknown>; query(q: string): Promise<unknown> } }
  ).$client;
  return client.exec ? client.exec(script) : client.query(script);
}

/**
 * Runs `body` once per available database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
 * with every module pointed at it and every table emptied before each test.
 */
export function describeEachDatabase(title: string, body: (ctx: { handle: () => DatabaseHandle }) => void) {
  describe.each(testDatabases)(`${title} [$name]`, (database) => {
    let handle: DatabaseHandle;
    let reset: string;
    beforeAll(async () => {
      handle = await database.open();
      useDatabase(handle);
      reset = `${await resetScript(handle, [...tables, ...treasuryTables])}\n${RESET_TREASURY}`;
    });
    afterAll(async () => {
      useDatabase(undefined);
      await handle?.close();
    });
    beforeEach(async () => {
      await runScript(handle, reset);
    });
    body({ handle: () => handle });
  });
}
