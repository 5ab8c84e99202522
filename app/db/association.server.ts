import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "~/server/env.server";
import type { DatabaseHandle } from "./client.server";

/**
 * The association a request or a job works for (docs/decisions/039). A single-association server has one, set at
 * start by `useDatabase`, and it is every caller's. A host-mode server has none by default: its request handler and
 * each job runner enter theirs with `withAssociation`, and code that runs outside any (a query at a module's top
 * level, a timer that lost its context) is refused rather than given some association's data.
 */
export interface Association {
  /** The registry's id in host mode; « principale » for the single association. */
  id: string;
  database: DatabaseHandle;
  /** Its folder: media, documents, mail files, DKIM key, the server's secret, backups. */
  dir: string;
  /** Its public address (« https://jardins-brosses.example.org »), in every link of its pages and e-mails. */
  publicUrl: string;
  /** The sender of its e-mails (« Jardins des Brosses <contact@jardins-brosses.example.org> »). */
  mailFrom: string;
}

const storage = new AsyncLocalStorage<Association>();
let single: Association | undefined;
let hostMode = false;

export const NO_ASSOCIATION =
  "Aucune association dans ce contexte : en mode hébergement, une requête ou une tâche passe par withAssociation.";

/** The single association's database (set once at start, or per test suite); undefined closes it. */
export function useSingleAssociation(database: DatabaseHandle | undefined) {
  if (database && hostMode) throw new Error("Un serveur d'hébergement n'a pas d'association par défaut.");
  // Its folder, address and sender are the settings', read when asked (a test may change them).
  single = database
    ? {
        id: "principale",
        database,
        get dir() {
          return env.dataDir;
        },
        get publicUrl() {
          return env.PUBLIC_URL;
        },
        get mailFrom() {
          return env.MAIL_FROM;
        },
      }
    : undefined;
}

/** Host mode: no association is anyone's by default. `false` goes back to the single association (tests). */
export function setHostMode(on: boolean) {
  hostMode = on;
  if (on) single = undefined;
}

export function isHostMode() {
  return hostMode;
}

/** Runs `run`, and everything it starts (awaits, timers, streams), for `association`. */
export function withAssociation<T>(association: Association, run: () => T): T {
  return storage.run(association, run);
}

/** The association of the current request or job, if any. */
export function associationOrNone(): Association | undefined {
  return storage.getStore() ?? single;
}

export function currentAssociation(): Association {
  const association = associationOrNone();
  if (association) return association;
  throw new Error(hostMode ? NO_ASSOCIATION : "La base de données n'est pas ouverte.");
}

/** What the current association says, else the single-association server's setting; none outside one in host mode. */
function ofAssociation<T>(read: (association: Association) => T, setting: () => T): T {
  const association = associationOrNone();
  if (association) return read(association);
  if (hostMode) throw new Error(NO_ASSOCIATION);
  return setting();
}

/** The folder of the current association's files: DATA_DIR on a single-association server, also before it opens. */
export const associationDir = () =>
  ofAssociation(
    (a) => a.dir,
    () => env.dataDir,
  );

/** The current association's public address: PUBLIC_URL on a single-association server. */
export const publicUrl = () =>
  ofAssociation(
    (a) => a.publicUrl,
    () => env.PUBLIC_URL,
  );

/** The sender of the current association's e-mails: MAIL_FROM on a single-association server. */
export const mailFrom = () =>
  ofAssociation(
    (a) => a.mailFrom,
    () => env.MAIL_FROM,
  );
