import { and, eq, gt } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { autosaves } from "~/modules/publishing/publishing.tables";
import type { ItemKind } from "./versions.server";

/** The item an autosave belongs to: its id, or 0 for a new item not saved yet. */
export const NEW_ITEM = 0;

/**
 * Keeps what an administrator is typing in an editor (`fields`, as the form has them), in place of their previous
 * autosave of the same item. Changes nothing public.
 */
export async function saveAutosave(
  kind: ItemKind,
  itemId: number,
  adminId: number,
  fields: Record<string, unknown>,
  at = new Date(),
) {
  await getDb()
    .insert(autosaves)
    .values({ itemKind: kind, itemId, adminId, fields, savedAt: at })
    .onConflictDoUpdate({
      target: [autosaves.itemKind, autosaves.itemId, autosaves.adminId],
      set: { fields, savedAt: at },
    });
}

/**
 * The administrator's autosave of the item, when it is newer than the item's last save (`savedSince`; null for a
 * new item): what they typed after their last save, to be offered back.
 */
export async function findAutosave(kind: ItemKind, itemId: number, adminId: number, savedSince: Date | null) {
  const [row] = await getDb()
    .select({ savedAt: autosaves.savedAt, fields: autosaves.fields })
    .from(autosaves)
    .where(
      and(
        eq(autosaves.itemKind, kind),
        eq(autosaves.itemId, itemId),
        eq(autosaves.adminId, adminId),
        ...(savedSince ? [gt(autosaves.savedAt, savedSince)] : []),
      ),
    );
  return row;
}

/**
 * A save makes the autosaves of the item older than it: everyone's for an existing item, the author's own for a new
 * one (`adminId`). Also what « Ignorer » does.
 */
export async function discardAutosaves(executor: Executor, kind: ItemKind, itemId: number, adminId?: number) {
  await executor
    .delete(autosaves)
    .where(
      and(
        eq(autosaves.itemKind, kind),
        eq(autosaves.itemId, itemId),
        ...(itemId === NEW_ITEM || adminId !== undefined ? [eq(autosaves.adminId, adminId ?? -1)] : []),
      ),
    );
}
