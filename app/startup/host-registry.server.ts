import { domainToASCII } from "node:url";
import type { Pool } from "pg";
import { StartupError } from "~/server/startup-error";

/**
 * The hoster's registry (docs/decisions/039): one PostgreSQL database (HOST_DATABASE_URL, « potager_host » in the
 * examples) listing the associations one host-mode server serves, each by its host name, with its own database on
 * the same PostgreSQL server and its own folder under DATA_DIR/associations/.
 */

export type HostedState = "active" | "suspendue" | "migration échouée";

export interface HostedAssociation {
  /** Letters, digits and underscores: its database is `potager_<id>`, its folder `associations/<id>`. */
  id: string;
  host: string;
  name: string;
  mailFrom: string;
  state: HostedState;
  /** Why its migrations failed, in one line, while its state says so. */
  failure: string | null;
  createdAt: Date;
  /** Its last export by the hoster's tool: its deletion waits for one of the last 24 hours. */
  exportedAt: Date | null;
}

/**
 * A host name as the registry keeps it and as a request's Host header is looked up: lower case, without its port or
 * a trailing dot, an international name in its ASCII form (« jardins-é.fr » → « xn--jardins--9ya.fr »). Null for what
 * is not a host name: nothing falls back to another association.
 */
export function normaliseHost(raw: string | undefined): string | null {
  if (!raw) return null;
  let host = raw.trim();
  // A port, never part of an association's name (an IPv6 address in brackets is no association's name either).
  const colon = host.lastIndexOf(":");
  if (colon > 0 && /^\d+$/.test(host.slice(colon + 1))) host = host.slice(0, colon);
  if (host.endsWith(".")) host = host.slice(0, -1);
  // Letters, digits, hyphens and dots only: the URL parser would read « a.org/admin » as « a.org ».
  if (!/^[\p{L}\p{N}\p{M}.-]+$/u.test(host)) return null;
  const ascii = domainToASCII(host.toLowerCase());
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split(".");
  // A bare name (« localhost ») or an address is no association's.
  if (labels.length < 2 || /^[\d.]+$/.test(ascii)) return null;
  return labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label)) ? ascii : null;
}

/** The name of the association `id`'s database. */
export const associationDatabaseName = (id: string) => `potager_${id}`;

/** The association's database on the registry's server: same address, same account, another database name. */
export function associationDatabaseUrl(registryUrl: string, id: string) {
  const url = new URL(registryUrl);
  url.pathname = `/${associationDatabaseName(id)}`;
  return url.toString();
}

const SCHEMA = `
create table if not exists potager_associations (
  id text primary key check (id ~ '^[a-z0-9_]{1,40}$'),
  host text not null unique,
  name text not null,
  mail_from text not null,
  state text not null default 'active',
  failure text,
  created_at timestamptz not null default now(),
  exported_at timestamptz
)`;

interface Row {
  id: string;
  host: string;
  name: string;
  mail_from: string;
  state: HostedState;
  failure: string | null;
  created_at: Date;
  exported_at: Date | null;
}

const fromRow = (row: Row): HostedAssociation => ({
  id: row.id,
  host: row.host,
  name: row.name,
  mailFrom: row.mail_from,
  state: row.state,
  failure: row.failure,
  createdAt: row.created_at,
  exportedAt: row.exported_at,
});

export interface Registry {
  pool: Pool;
  list(): Promise<HostedAssociation[]>;
  byHost(host: string): Promise<HostedAssociation | undefined>;
  add(association: Pick<HostedAssociation, "id" | "host" | "name" | "mailFrom">): Promise<void>;
  setState(host: string, state: HostedState, failure?: string | null): Promise<HostedAssociation | undefined>;
  exported(host: string): Promise<void>;
  remove(host: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the registry at `url`, creating its one table on first use. */
export async function openRegistry(url: string): Promise<Registry> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 });
  pool.on("error", (error) => console.error("Connexion PostgreSQL du registre perdue :", error.message));
  try {
    await pool.query(SCHEMA);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `Le registre des associations (HOST_DATABASE_URL) est inaccessible : ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return {
    pool,
    async list() {
      const { rows } = await pool.query<Row>("select * from potager_associations order by host");
      return rows.map(fromRow);
    },
    async byHost(host) {
      const { rows } = await pool.query<Row>("select * from potager_associations where host = $1", [host]);
      return rows[0] && fromRow(rows[0]);
    },
    async add({ id, host, name, mailFrom }) {
      await pool.query("insert into potager_associations (id, host, name, mail_from) values ($1, $2, $3, $4)", [
        id,
        host,
        name,
        mailFrom,
      ]);
    },
    async setState(host, state, failure = null) {
      const { rows } = await pool.query<Row>(
        "update potager_associations set state = $2, failure = $3 where host = $1 returning *",
        [host, state, failure],
      );
      return rows[0] && fromRow(rows[0]);
    },
    async exported(host) {
      await pool.query("update potager_associations set exported_at = now() where host = $1", [host]);
    },
    async remove(host) {
      await pool.query("delete from potager_associations where host = $1", [host]);
    },
    close: () => pool.end(),
  };
}
