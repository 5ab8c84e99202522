/**
 * Fails on code written the way docs/architecture.md (« The rules, and how lint keeps them ») says not to: each rule
 * names the one place that does the job. Tests are left out (a test may build any date it needs). Part of
 * `npm run lint`; `tests/source-rules.test.ts` shows each rule catching what it is for.
 */
import fs from "node:fs";
import path from "node:path";

export interface SourceRule {
  /** What the rule finds in a line of code. */
  pattern: RegExp;
  /** Files (relative to the repository, with /) where the pattern is the rule's own implementation. */
  allowedIn: string[];
  /** Only in these files, when given. */
  onlyIn?: RegExp;
  message: string;
}

export const SOURCE_RULES: SourceRule[] = [
  {
    pattern: /\.toISOString\(\)\.slice\(0,\s*10\)/,
    allowedIn: ["app/lib/paris-time.ts"],
    message:
      "a day is Paris's, not UTC's: parisToday(), parisDateOf(date) or addDays(day, n) from app/lib/paris-time.ts",
  },
  {
    pattern: /\.getFullYear\(\)|\.getMonth\(\)|\.getDate\(\)/,
    allowedIn: ["app/lib/paris-time.ts"],
    message: "the machine's time zone is not the association's: take the year or the day from app/lib/paris-time.ts",
  },
  {
    pattern: /\.toFixed\(2\)|new Intl\.NumberFormat\(/,
    allowedIn: ["app/lib/money.ts"],
    message: "money is written by app/lib/money.ts (euros, decimalEuros, eurosField)",
  },
  {
    pattern: /function escapeHtml\b|const escapeHtml\b/,
    allowedIn: ["app/lib/html.ts"],
    message: "HTML is escaped by escapeHtml from app/lib/html.ts",
  },
  {
    pattern: /\b(?:bookPayment|receiptOfNewPayment)\(/,
    allowedIn: [
      "app/modules/treasury/book.server.ts",
      "app/modules/treasury/receipts.server.ts",
      "app/modules/register/payments.server.ts",
      // The demo's seed books the payments it writes as they were, dated in the past, without receipts to mail.
      "app/modules/demo/demo-treasury.server.ts",
    ],
    message:
      "a payment is recorded by receivePayment (app/modules/register/payments.server.ts): payment, entry, receipt",
  },
  {
    pattern: /^\s*name: ["']/,
    allowedIn: [],
    onlyIn: /^app\/startup\/services\.server\.ts$/,
    message: "a job is exported by the module whose work it does; serverJobs only lists them",
  },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A transaction is one connection and takes one query at a time: reads given an `executor` (or a `tx`) that may be
 * one go through `readAll` (app/db/client.server.ts), which runs them together only on the pool, never `Promise.all`.
 */
const PARALLEL_READS = /Promise\.all\(\s*\[([\s\S]{0,800}?)\]\s*\)/g;
const ON_EXECUTOR =
  /\b(?:executor|tx)\s*\.\s*(?:select|insert|update|delete|execute|query)\b|[(,]\s*(?:executor|tx)\s*\)/;
export const PARALLEL_READS_MESSAGE =
  "reads on an executor or a transaction go one at a time: readAll(executor, [...]) from app/db/client.server.ts";

/** « app/x.ts:12: the message » for each line of `text` (the file `file`, relative, with /) that breaks a rule. */
export function violationsIn(file: string, text: string, rules = SOURCE_RULES) {
  const found: string[] = [];
  for (const match of text.matchAll(PARALLEL_READS))
    if (ON_EXECUTOR.test(match[1]!) && file !== "app/db/client.server.ts")
      found.push(`${file}:${text.slice(0, match.index).split("\n").length}: ${PARALLEL_READS_MESSAGE}`);
  text.split("\n").forEach((line, index) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const rule of rules)
      if (rule.pattern.test(line) && !rule.allowedIn.includes(file) && (!rule.onlyIn || rule.onlyIn.test(file)))
        found.push(`${file}:${index + 1}: ${rule.message}`);
  });
  return found;
}

/** Every violation under `app/` of the repository at `root`. */
export function sourceRuleViolations(root = path.resolve(import.meta.dirname, "..")) {
  return sourceFiles(path.join(root, "app")).flatMap((file) =>
    violationsIn(path.relative(root, file).split(path.sep).join("/"), fs.readFileSync(file, "utf8")),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const violations = sourceRuleViolations();
  for (const line of violations) console.error(line);
  if (violations.length > 0) process.exit(1);
  console.log("Aucun écart aux règles du code.");
}
