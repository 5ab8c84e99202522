import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { history } from "~/modules/history/history.tables";
import type { HistoryKind } from "./history.kinds";
import { gardenerTarget, type Actor } from "./history.server";

/*
 * What a gardener does in « Mon jardin » is written in Historique under their number, never their name: the history
 * names no person's details. The bureau reads a gardener's changes back on their record.
 */

/** How the history names a gardener acting from « Mon jardin »; also the target of their entries. */
export const gardenerActor = (gardenerId: number): Actor => ({ id: null, username: gardenerTarget(gardenerId) });

/** The entries a gardener's record lists under « Modifications faites dans Mon jardin » (not their sign-ins). */
const MY_GARDEN_CHANGE_KINDS = [
  "jardin.coordonnees",
  "jardin.lettre",
  "jardin.lettres-jardiniers",
  "jardin.adresse",
  "jardin.export",
] as const satisfies readonly HistoryKind[];

/** The gardener's latest changes from « Mon jardin », newest first. */
export async function myGardenChanges(gardenerId: number, limit = 10) {
  const { username } = gardenerActor(gardenerId);
  return getDb()
    .select({ id: history.id, at: history.at, kind: history.kind, detail: history.detail })
    .from(history)
    .where(
      and(
        eq(history.actor, username),
        eq(history.target, username),
        isNull(history.adminId),
        inArray(history.kind, [...MY_GARDEN_CHANGE_KINDS]),
      ),
    )
    .orderBy(desc(history.at), desc(history.id))
    .limit(limit);
}
