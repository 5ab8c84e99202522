import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { setHostMode, withAssociation } from "~/db/association.server";
import { inviteAdmin } from "~/modules/accounts/accounts.server";
import { ensureContentRow, updateContent } from "~/modules/content/content.server";
import { seedDemoContent } from "~/modules/demo/demo.server";
import { BackupError, createBackup, restoreBackup } from "~/modules/backup/backup.server";
import { env } from "~/server/env.server";
import {
  associationDatabaseName,
  normaliseHost,
  openRegistry,
  type HostedAssociation,
  type HostedState,
  type Registry,
} from "./host-registry.server";
import { hostedDir, openAssociation, REGISTRY_CHANNEL } from "./host.server";

/** What `npm run host` does (docs/decisions/039), apart from the tool that reads its arguments (scripts/host.ts). */

/** A refusal the hoster can act on: the tool prints its sentence alone and exits with 1. */
export class HostRefusal extends Error {}

const newAssociation = z.object({
  host: z.string().transform((value, context) => {
    const host = normaliseHost(value);
    if (!host) {
      context.addIssue({
        code: "custom",
        message: `« ${value} » n'est pas un nom d'hôte : indiquez par exemple jardins-brosses.example.org.`,
      });
      return z.NEVER;
    }
    return host;
  }),
  name: z
    .string()
    .trim()
    .min(1, { error: "Indiquez le nom de l'association, entre guillemets." })
    .max(120, { error: "Le nom de l'association fait au plus 120 caractères." }),
  email: z.email({ error: "Indiquez l'adresse e-mail du premier administrateur, par exemple bureau@example.org." }),
});

/** Runs `work` with the registry of HOST_DATABASE_URL open. */
async function withRegistry<T>(work: (registry: Registry, url: string) => Promise<T>): Promise<T> {
  const url = env.HOST_DATABASE_URL;
  if (!url)
    throw new HostRefusal("Réglez HOST_DATABASE_URL (la base du registre des associations) avant npm run host.");
  // As the host server: each association's secret in its folder (never SESSION_SECRET), nothing outside a context.
  setHostMode(true);
  const registry = await openRegistry(url);
  try {
    return await work(registry, url);
  } finally {
    await registry.close();
  }
}

/** Tells every host process the registry changed for `host`: it opens, closes or forgets that association. */
async function announce(registry: Registry, host: string) {
  await registry.pool.query("select pg_notify($1, $2)", [REGISTRY_CHANNEL, host]);
}

/** Letters and digits of the host, and a random end: its database's and its folder's name. */
const idFor = (host: string) =>
  `${host.replace(/[^a-z0-9]+/g, "_").slice(0, 30)}_${crypto.randomBytes(3).toString("hex")}`;

/** A username from the e-mail's local part, as the accounts' rule takes them (letters, digits, . _ -; 2 to 40). */
function usernameFor(email: string) {
  const name = email
    .split("@")[0]!
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .slice(0, 40);
  return name.length >= 2 ? name : "administrateur";
}

const dropDatabase = (registry: Registry, database: string) =>
  registry.pool.query(`drop database if exists "${database}" with (force)`);

/** The database of a new association at `host`, created empty, and its entry (registered by the caller once filled). */
async function newDatabase(registry: Registry, host: string, name: string) {
  if (await registry.byHost(host)) throw new HostRefusal(`L'adresse ${host} est déjà celle d'une association.`);
  const id = idFor(host);
  const database = associationDatabaseName(id);
  await registry.pool.query(`create database "${database}"`);
  // Sent from the hoster's address under the association's name: the hoster's domain is the one SPF and DKIM vouch for.
  const mailFrom = `${name.replace(/[<>"]/g, "")} <${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}>`;
  const entry: HostedAssociation = {
    id,
    host,
    name,
    mailFrom,
    state: "active",
    failure: null,
    createdAt: new Date(),
    exportedAt: null,
  };
  return { entry, database };
}

/**
 * A new association at `host`: its database made and migrated, filled by `fill` in its context, then registered and
 * announced. Registered last, so that an association that could not be made leaves nothing behind: its database is
 * dropped.
 */
async function addAssociation<T>(host: string, name: string, fill: () => Promise<T>) {
  return withRegistry(async (registry, url) => {
    const { entry, database } = await newDatabase(registry, host, name);
    try {
      const association = await openAssociation(url, entry);
      try {
        const filled = await withAssociation(association, fill);
        await registry.add(entry);
        await announce(registry, host);
        return { entry, filled };
      } finally {
        await association.database.close();
      }
    } catch (error) {
      await dropDatabase(registry, database);
      throw error;
    }
  });
}

/**
 * Creates an association: its database (migrated), its name on the site, the demo when asked, and the first
 * administrator's invitation (e-mailed when SMTP is set; the link is also returned).
 */
export async function createHostedAssociation(input: { host: string; name: string; email: string; demo: boolean }) {
  const parsed = newAssociation.safeParse(input);
  if (!parsed.success) throw new HostRefusal(parsed.error.issues[0]!.message);
  const { host, name, email } = parsed.data;
  const { entry, filled } = await addAssociation(host, name, async () => {
    if (input.demo) await seedDemoContent();
    const content = await ensureContentRow();
    await updateContent(content.id, { nomAssociation: name });
    const invited = await inviteAdmin({ id: null, username: "hébergement" }, usernameFor(email), email);
    if (!invited.ok) throw new HostRefusal(invited.message);
    return { link: invited.link, mailed: invited.mailed, username: usernameFor(email) };
  });
  return { entry, ...filled };
}

export function listHostedAssociations() {
  return withRegistry((registry) => registry.list());
}

/** Suspends (« suspendue »: a maintenance page, no jobs) or resumes (« active ») the association of `host`. */
export async function setHostedState(rawHost: string, state: Extract<HostedState, "active" | "suspendue">) {
  return withRegistry(async (registry) => {
    const { host } = await registered(registry, rawHost);
    const changed = (await registry.setState(host, state))!;
    await announce(registry, host);
    return changed;
  });
}

/** The registered association of `rawHost`, or a refusal that says there is none. */
async function registered(registry: Registry, rawHost: string) {
  const host = normaliseHost(rawHost);
  const entry = host ? await registry.byHost(host) : undefined;
  if (!entry) throw new HostRefusal(`Aucune association n'a l'adresse ${rawHost}.`);
  return entry;
}

/**
 * The association's backup, as a single-association server's (`npm run restore` loads it into one, or `import` into
 * a host): its tables in one snapshot, its images, documents and secret. Written to `file`, or to its backups folder.
 */
export async function exportHostedAssociation(rawHost: string, file?: string) {
  return withRegistry(async (registry, url) => {
    const entry = await registered(registry, rawHost);
    const association = await openAssociation(url, entry);
    try {
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const target = path.resolve(file ?? path.join(association.dir, "backups", `export-${stamp}.tar.gz`));
      const manifest = await withAssociation(association, () => createBackup(target, "postgres"));
      await registry.exported(entry.host);
      return { entry, file: target, manifest };
    } finally {
      await association.database.close();
    }
  });
}

/** A new association at `host` from a backup archive (this host's export, or a single-association server's backup). */
export async function importHostedAssociation(input: { host: string; name: string; file: string }) {
  const parsed = newAssociation.omit({ email: true }).safeParse(input);
  if (!parsed.success) throw new HostRefusal(parsed.error.issues[0]!.message);
  const { host, name } = parsed.data;
  try {
    const { entry, filled } = await addAssociation(host, name, () => restoreBackup(path.resolve(input.file)));
    return { entry, manifest: filled.manifest };
  } catch (error) {
    throw error instanceof BackupError ? new HostRefusal(error.message) : error;
  }
}

/** An export of the last 24 hours is asked for before a deletion: what is deleted can still be given back. */
const EXPORT_BEFORE_DELETE_MS = 24 * 3_600_000;

/**
 * Deletes an association for good: its database, its folder and its entry. Only with its host name typed again as
 * the confirmation, and after an export of the last 24 hours.
 */
export async function deleteHostedAssociation(rawHost: string, confirmation: string | undefined) {
  return withRegistry(async (registry) => {
    const entry = await registered(registry, rawHost);
    if (normaliseHost(confirmation) !== entry.host)
      throw new HostRefusal(
        `Pour supprimer ${entry.host} et toutes ses données, confirmez en répétant son adresse : npm run host -- delete ${entry.host} --confirmer=${entry.host}`,
      );
    if (!entry.exportedAt || Date.now() - entry.exportedAt.getTime() > EXPORT_BEFORE_DELETE_MS)
      throw new HostRefusal(
        `Exportez d'abord ${entry.host} (npm run host -- export ${entry.host}) : la suppression attend une exportation de moins de 24 heures.`,
      );
    await registry.remove(entry.host);
    // Every host process closes it (up to 10 s are given); any connection left is cut by the drop.
    await announce(registry, entry.host);
    const database = associationDatabaseName(entry.id);
    for (let waited = 0; waited < 10_000; waited += 100) {
      const { rows } = await registry.pool.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [database],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await dropDatabase(registry, database);
    fs.rmSync(hostedDir(entry.id), { recursive: true, force: true });
    return entry;
  });
}
