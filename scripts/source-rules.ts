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

/**
 * What the code keeps in a module's variables, which outlive every request: in host mode one process serves many
 * associations (decision 039), so each is either nothing of anyone, the process's own, or keyed by association. A new
 * one is added here with its reason, or kept in the association's context (app/db/association.server.ts).
 */
export const MODULE_STATE: Record<string, string> = {
  "app/db/association.server.ts": "the association of a single-association server, and whether the process hosts many",
  "app/db/data-dir-lock.server.ts": "the lock on DATA_DIR's embedded database: the process's own",
  "app/modules/auth/auth.server.ts": "the hash compared when a username is unknown: nothing of anyone",
  "app/modules/auth/password-checks.server.ts": "how many password hashes run at once: the process's CPU",
  "app/modules/accounts/password-policy.server.ts": "the password estimator's thread: nothing of anyone",
  "app/modules/mail/dkim.server.ts": "the DKIM keys read, by file (each association's folder)",
  "app/modules/media/media.server.ts": "the folder a test points to; resizes running (the CPU), by file",
  "app/modules/media/sharp.server.ts": "the image library, loaded once",
  "app/modules/content/favicon.server.ts": "the icons drawn, keyed by the association's folder",
  "app/modules/documents/document-files.server.ts": "the folder a test points to; PDFs read one at a time (memory)",
  "app/modules/weather/weather.server.ts": "the forecast of the place the settings name: public data",
  "app/modules/helloasso/helloasso.client.server.ts": "HelloAsso's tokens, keyed by the account's credentials",
  "app/server/server-secret.server.ts": "each association's secret, by its folder",
  "app/startup/host.server.ts": "the associations a host-mode process serves, by host name, and its registry",
  "app/startup/services.server.ts": "a single-association server's services (decision 039: one set per association)",
};

/** A `let`, or a Map or an empty Set, at a module's top level. */
export const MODULE_STATE_PATTERN =
  /^(?:export )?(?:let |const \w+(?::[^=]+)? = new (?:Map|WeakMap)\b|const \w+(?::[^=]+)? = new Set<)/;

export const SOURCE_RULES: SourceRule[] = [
  {
    pattern: /\benv\.dataDir\b/,
    allowedIn: ["app/db/association.server.ts", "app/startup/database.server.ts", "app/startup/host.server.ts"],
    message:
      "an association's files are under associationDir() (app/db/association.server.ts): in host mode each has its own folder",
  },
  {
    pattern: /\benv\.(?:PUBLIC_URL|MAIL_FROM)\b/,
    // The hoster's tool gives a new association the hoster's sending address, under the association's name.
    allowedIn: ["app/db/association.server.ts", "app/startup/host-commands.server.ts"],
    message:
      "an association's address and sender are publicUrl() and mailFrom() (app/db/association.server.ts): in host mode each has its own",
  },
  {
    pattern: MODULE_STATE_PATTERN,
    allowedIn: Object.keys(MODULE_STATE),
    message:
      "module state outlives the request, and in host mode serves every association: key it by association, or give its reason in MODULE_STATE (scripts/source-rules.ts)",
  },
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

/**
 * A module's code reads and writes its own tables (`app/modules/<module>/<module>.tables.ts`) and reaches another
 * module's through that module's functions. The crossings kept, each for its reason (docs/architecture.md, « Who
 * touches which tables »): `*` for the modules that are about the whole database.
 */
export const TABLE_CROSSINGS: Record<string, Record<string, string>> = {
  retention: { "*": "one pass deletes what every module keeps past its duration (decision 014)" },
  "personal-data": { "*": "a person's export and erasure must miss nothing (decision 014)" },
  demo: { "*": "the demo seeds and removes rows of every table that has them" },
  import: {
    "*": "moving in from the previous site's export writes its content, ads, articles and events (decision 015)",
  },
  media: { "*": "which stored images are still used is read in every table holding an image address" },
  documents: {
    treasury: "the book's proofs and receipts share the documents' store: its cleanup reads their hashes",
    mail: "a receipt being sent is a file of the store: its cleanup reads the waiting messages' attachments",
  },
  publishing: {
    blog: "the publishing module is the rules articles and events share (decision 018)",
    events: "the publishing module is the rules articles and events share (decision 018)",
  },
  accounts: {
    auth: "administrators' accounts are the sign-in's people: the CLI and the invitations write them with their sessions",
    register: "a « Référent de jardin » account names the sites it looks after",
  },
  auth: { register: "a « Référent de jardin »'s sites, read at sign-in for the permissions" },
  applications: { register: "an applicant already in the register, or promised a plot, is told so" },
  assembly: {
    events: "an assembly is held at an event of the calendar, read and moved with it (decision 030)",
    register: "the members and their voices are the register's current gardeners and plots, read (decision 030)",
  },
  events: { assembly: "an event that holds an assembly cannot be deleted: it reads whether one does" },
  "garden-space": {
    register: "a gardener signs in to « Mon jardin » by the register's address",
    registrations: "the space lists the gardener's own sign-ups, read only",
    treasury: "the space lists the gardener's own receipts, read only",
  },
  helloasso: { register: "an online payment names its fee, its gardener and their plots (decision 032)" },
  newsletter: {
    mail: "a letter's messages are queued in one statement and counted as they go (decision 029)",
    auth: "a test letter goes to the administrator who asks for it",
    blog: "the digest lists the articles published since the last",
    events: "the digest lists the coming events",
    content: "the digest's frequency and last sending are site settings",
    registrations: "a letter to an event's sign-ups reads them",
  },
  register: {
    applications: "a plot allotted from an application closes it (decision 036)",
    treasury:
      "a cheque returned unpaid is written by the register's use case, in the book's table that names its entries",
  },
  registrations: { events: "a sign-up is to an event: its capacity, date and title" },
  treasury: {
    register: "the book's entries name the register's payments and gardeners (decision 031)",
    auth: "a receipt is signed with the name of the treasurer who makes it",
  },
};

const TABLES_IMPORT =
  /from\s+"(?:~\/modules\/([\w-]+)\/[\w-]+\.tables|\.\.\/([\w-]+)\/[\w-]+\.tables|(~\/db\/schema))"/g;

/** The imports of tables in `file` that cross a module's boundary without a reason in TABLE_CROSSINGS. */
export function tableImportViolations(file: string, text: string, crossings = TABLE_CROSSINGS) {
  if (file.endsWith(".tables.ts")) return [];
  const module = /^app\/modules\/([\w-]+)\//.exec(file)?.[1];
  const found: string[] = [];
  for (const match of text.matchAll(TABLES_IMPORT)) {
    const owner = match[1] ?? match[2] ?? "*";
    if (owner === module) continue;
    const allowed = module !== undefined && (crossings[module]?.["*"] || (owner !== "*" && crossings[module]?.[owner]));
    if (!allowed)
      found.push(
        `${file}:${text.slice(0, match.index).split("\n").length}: ${
          module
            ? `the tables of ${owner === "*" ? "every module" : `« ${owner} »`} are read through that module's functions (or a reason in TABLE_CROSSINGS, scripts/source-rules.ts)`
            : "routes and components read no table: they call a module"
        }`,
      );
  }
  return found;
}

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
  return sourceFiles(path.join(root, "app")).flatMap((file) => {
    const relative = path.relative(root, file).split(path.sep).join("/");
    const text = fs.readFileSync(file, "utf8");
    return [...violationsIn(relative, text), ...tableImportViolations(relative, text)];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const violations = sourceRuleViolations();
  for (const line of violations) console.error(line);
  if (violations.length > 0) process.exit(1);
  console.log("Aucun écart aux règles du code.");
}
