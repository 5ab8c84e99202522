import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { history } from "~/modules/history/history.tables";
import type { HistoryKind } from "./history.kinds";

export type HistoryEntry = typeof history.$inferSelect;

/** Who did it: the signed-in administrator, or the name tried at a refused sign-in. */
export interface Actor {
  id: number | null;
  username: string;
}

/**
 * How the history names a gardener, as a change's target and as the actor of what they do in « Mon jardin »: by
 * number, never by name, so an erased record leaves no name behind; the screen shows the name of a record still kept.
 */
export const gardenerTarget = (gardenerId: number) => `jardinier n° ${gardenerId}`;

/** The gardener a target or an actor names (`gardenerTarget`), or null. */
export function gardenerOfTarget(text: string | null): number | null {
  const match = /^jardinier n° (\d{1,9})$/.exec(text ?? "");
  return match ? Number(match[1]) : null;
}

/** Who the history names for a change made from the server's command line (npm run admin, npm run import). */
export const COMMAND_LINE_ACTOR: Actor = { id: null, username: "ligne de commande" };

/** Who the history names for a refused sign-in whose identifier matches no account (the text typed is not kept). */
export const UNKNOWN_IDENTIFIER_ACTOR: Actor = { id: null, username: "identifiant inconnu" };

export interface HistoryInput {
  kind: HistoryKind;
  /** The record, by kind and number ("demande n° 12"); never a person's details. */
  target?: string | null;
  detail?: string | null;
}

export async function recordHistory(executor: Executor, actor: Actor, entry: HistoryInput, at = new Date()) {
  await executor.insert(history).values({
    at,
    adminId: actor.id,
    actor: actor.username,
    kind: entry.kind,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * A refused sign-in with an unknown identifier: counted on the entry of the current hour, so that someone guessing
 * names adds one row an hour, not one a try. Needs a transaction: concurrent refusals wait for each other here.
 */
export async function recordUnknownSignIn(tx: Transaction, at = new Date()) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('history:connexion.echec:identifiant inconnu', 0))`,
  );
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  const [counted] = await tx
    .update(history)
    .set({ occurrences: sql`${history.occurrences} + 1`, at })
    .where(
      and(
        eq(history.kind, "connexion.echec"),
        eq(history.actor, UNKNOWN_IDENTIFIER_ACTOR.username),
        isNull(history.adminId),
        gte(history.at, hour),
      ),
    )
    .returning({ id: history.id });
  if (!counted) await recordHistory(tx, UNKNOWN_IDENTIFIER_ACTOR, { kind: "connexion.echec" }, at);
}

/**
 * Runs a change and writes its history entry in the same transaction: both are kept, or neither. `describe` names
 * the entry from the change's result; nothing (the change changed nothing, e.g. an unknown id) writes none.
 */
export async function withHistory<T>(
  actor: Actor,
  work: (tx: Transaction) => Promise<T>,
  describe: (result: T) => HistoryInput | null | undefined | false,
): Promise<T> {
  return getDb().transaction(async (tx) => {
    const result = await work(tx);
    const entry = describe(result);
    if (entry) await recordHistory(tx, actor, entry);
    return result;
  });
}

export interface HistoryFilter {
  actor?: string;
  kind?: HistoryKind;
}

function conditions(filter: HistoryFilter) {
  return and(
    filter.actor ? eq(history.actor, filter.actor) : undefined,
    filter.kind ? eq(history.kind, filter.kind) : undefined,
  );
}

/** Entries newest first, a page at a time. */
export async function listHistory(
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<HistoryEntry[]> {
  return getDb()
    .select()
    .from(history)
    .where(conditions(filter))
    .orderBy(desc(history.at), desc(history.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countHistory(filter: HistoryFilter): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(history).where(conditions(filter));
  return row.n;
}

/** The names that appear in the history, for its filter. */
export async function historyActors(): Promise<string[]> {
  const rows = await getDb().selectDistinct({ actor: history.actor }).from(history).orderBy(history.actor);
  return rows.map((row) => row.actor);
}
