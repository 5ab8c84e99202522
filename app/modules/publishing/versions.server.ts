import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { autosaves, contentVersions } from "~/modules/publishing/publishing.tables";
import { VERSIONS_KEPT } from "./publication.schema";

/** What has versions and autosaves: articles and events. */
export type ItemKind = "article" | "evenement";

export interface VersionSummary {
  id: number;
  savedAt: Date;
  savedBy: string | null;
  title: string;
  state: string;
}

/**
 * Keeps the state an item had before a save (`snapshot`, saved at `savedAt` by `savedBy`), in the save's own
 * transaction, and lets the oldest go past the last VERSIONS_KEPT.
 */
export async function keepVersion(
  executor: Executor,
  kind: ItemKind,
  itemId: number,
  snapshot: Record<string, unknown>,
  savedAt: Date,
  savedBy: string | null,
) {
  await executor.insert(contentVersions).values({ itemKind: kind, itemId, snapshot, savedAt, savedBy });
  const kept = executor
    .select({ id: contentVersions.id })
    .from(contentVersions)
    .where(and(eq(contentVersions.itemKind, kind), eq(contentVersions.itemId, itemId)))
    .orderBy(desc(contentVersions.savedAt), desc(contentVersions.id))
    .limit(VERSIONS_KEPT);
  await executor
    .delete(contentVersions)
    .where(
      and(eq(contentVersions.itemKind, kind), eq(contentVersions.itemId, itemId), notInArray(contentVersions.id, kept)),
    );
}

/** An item's earlier states, newest first, without their content. */
export async function listVersions(kind: ItemKind, itemId: number): Promise<VersionSummary[]> {
  return getDb()
    .select({
      id: contentVersions.id,
      savedAt: contentVersions.savedAt,
      savedBy: contentVersions.savedBy,
      title: sql<string>`coalesce(${contentVersions.snapshot}->>'title', '')`,
      state: sql<string>`coalesce(${contentVersions.snapshot}->>'state', 'publie')`,
    })
    .from(contentVersions)
    .where(and(eq(contentVersions.itemKind, kind), eq(contentVersions.itemId, itemId)))
    .orderBy(desc(contentVersions.savedAt), desc(contentVersions.id));
}

/** One earlier state of the item, or undefined when it is not one of its versions. */
export async function getVersion(kind: ItemKind, itemId: number, versionId: number) {
  const [row] = await getDb()
    .select()
    .from(contentVersions)
    .where(
      and(eq(contentVersions.itemKind, kind), eq(contentVersions.itemId, itemId), eq(contentVersions.id, versionId)),
    );
  return row;
}

/** An item deleted takes its versions and its autosaves with it. */
export async function forgetItem(executor: Executor, kind: ItemKind, itemId: number) {
  await executor
    .delete(contentVersions)
    .where(and(eq(contentVersions.itemKind, kind), eq(contentVersions.itemId, itemId)));
  await executor.delete(autosaves).where(and(eq(autosaves.itemKind, kind), eq(autosaves.itemId, itemId)));
}
