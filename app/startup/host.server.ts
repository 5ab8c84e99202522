import fs from "node:fs";
import path from "node:path";
import type { Client } from "pg";
import { setHostMode, withAssociation, type Association } from "~/db/association.server";
import { escapeHtml } from "~/lib/html";
import { connectionLimit, openDatabase } from "~/db/client.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { StartupError } from "~/server/startup-error";
import { ensureWritableDataDir } from "./database.server";
import { associationDatabaseUrl, openRegistry, type HostedAssociation, type Registry } from "./host-registry.server";
import { startAssociationServices, type AssociationServices } from "./services.server";

/**
 * Host mode (docs/decisions/039): one process serves every association of the registry (HOST_DATABASE_URL), each by
 * its host name, in its own database and folder, with its own jobs. A request is looked up by its Host header only:
 * a host the registry does not name exactly is nobody's.
 */

/** What a request's host finds: an association that serves, one that does not at the moment, or nothing. */
export type HostLookup =
  | { kind: "open"; association: Association; services: AssociationServices }
  | { kind: "closed"; name: string }
  | { kind: "unknown" };

interface Served {
  entry: HostedAssociation;
  open?: { association: Association; services: AssociationServices };
}

/** At most this many connections to each association's database, each closed after 2 s idle: idle ones hold none. */
const CONNECTIONS_PER_ASSOCIATION = 2;
/** Every association's connections together (HOST_MAX_CONNECTIONS), for this process. */
const connections = connectionLimit(env.HOST_MAX_CONNECTIONS);
/** The registry's channel: the hoster's commands name the host they changed, every host process reads it again. */
export const REGISTRY_CHANNEL = "potager_registry";

let host: { url: string; registry: Registry; listener: Client; changes: Promise<void> } | undefined;
const served = new Map<string, Served>();

/** The folder of the association `id`: its media, documents, mail files, DKIM key, secret and backups. */
export function hostedDir(id: string) {
  return path.join(env.dataDir, "associations", id);
}

/** The association's context: its database (opened and migrated), folder, address and sender. */
export async function openAssociation(registryUrl: string, entry: HostedAssociation): Promise<Association> {
  const database = await openDatabase({
    url: associationDatabaseUrl(registryUrl, entry.id),
    maxConnections: CONNECTIONS_PER_ASSOCIATION,
    limit: connections,
  });
  const dir = hostedDir(entry.id);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { id: entry.id, database, dir, publicUrl: `https://${entry.host}`, mailFrom: entry.mailFrom };
}

/** Serves `entry` as the registry has it now: opened and started, or closed, or forgotten (`undefined`). */
async function serve(hostName: string, entry: HostedAssociation | undefined): Promise<string> {
  const { url, registry } = host!;
  const before = served.get(hostName);
  if (before?.open && entry?.state !== "active") {
    await withAssociation(before.open.association, () => before.open!.services.stop());
    await before.open.association.database.close();
    before.open = undefined;
  }
  if (!entry) {
    served.delete(hostName);
    return `${hostName} : retirée`;
  }
  if (entry.state === "suspendue") {
    served.set(hostName, { entry });
    return `${hostName} : suspendue`;
  }
  if (before?.open) {
    served.set(hostName, { entry, open: before.open });
    return `${hostName} : en ligne`;
  }
  try {
    const association = await openAssociation(url, entry);
    const services = withAssociation(association, () => startAssociationServices(association.database.kind, true));
    const current = entry.state === "active" ? entry : await registry.setState(hostName, "active");
    served.set(hostName, { entry: current ?? entry, open: { association, services } });
    return `${hostName} : en ligne`;
  } catch (error) {
    const failure = error instanceof StartupError ? error.message : String((error as Error)?.message ?? error);
    const marked = await registry.setState(hostName, "migration échouée", failure);
    served.set(hostName, { entry: marked ?? { ...entry, state: "migration échouée", failure } });
    logger.error({ association: entry.id, err: error }, "association non démarrée");
    return `${hostName} : ÉCHEC — ${failure}`;
  }
}

/**
 * Opens the registry and every association it lists, one at a time (each one's migrations under PostgreSQL's lock),
 * and starts its jobs. One that fails is marked « migration échouée » with its reason and answers a maintenance page;
 * the others serve. Then follows the hoster's commands (`npm run host`) as they change the registry. Returns one line
 * per association, printed at start.
 */
export async function startHost(registryUrl: string): Promise<string[]> {
  setHostMode(true);
  ensureWritableDataDir();
  const registry = await openRegistry(registryUrl);
  const { default: pg } = await import("pg");
  const listener = new pg.Client({ connectionString: registryUrl });
  await listener.connect();
  host = { url: registryUrl, registry, listener, changes: Promise.resolve() };
  listener.on("notification", ({ payload }) => {
    if (!host || !payload) return;
    // One change at a time, in the order they came.
    host.changes = host.changes
      .then(async () => logger.info({ host: payload }, await serve(payload, await registry.byHost(payload))))
      .catch((error: unknown) => logger.error({ err: error, host: payload }, "registre : changement non appliqué"));
  });
  listener.on("error", (error) => logger.error({ err: error }, "registre : écoute interrompue"));
  await listener.query(`listen ${REGISTRY_CHANNEL}`);
  const report: string[] = [];
  for (const entry of await registry.list()) report.push(await serve(entry.host, entry));
  return report;
}

/** The association a request's (normalised) host names, as this process serves it. */
export function lookUpHost(hostName: string | null): HostLookup {
  const found = hostName ? served.get(hostName) : undefined;
  if (!found) return { kind: "unknown" };
  // Open only while active: `serve` closes it on any other state.
  if (!found.open) return { kind: "closed", name: found.entry.name };
  return { kind: "open", ...found.open };
}

/** The page of an association that does not serve at the moment (suspended, or its migration failed): 503. */
export function maintenancePage(name: string) {
  const escaped = escapeHtml(name);
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped} — site en maintenance</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2a1c;line-height:1.5}h1{color:#264f21}</style></head><body><h1>${escaped}</h1><p>Le site est momentanément indisponible pour maintenance. Merci de revenir un peu plus tard.</p></body></html>`;
}

/** Stops following the registry, stops every association's jobs, then closes their databases and the registry. */
export async function stopHost() {
  if (!host) return;
  const { registry, listener } = host;
  await listener.end().catch(() => {});
  await host.changes;
  for (const hostName of [...served.keys()]) await serve(hostName, undefined);
  host = undefined;
  await registry.close();
  setHostMode(false);
}
