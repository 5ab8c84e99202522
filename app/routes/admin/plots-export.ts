import { parisToday } from "~/lib/paris-time";
import type { Route } from "./+types/plots-export";
import { getDb } from "~/db/client.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { plotsCsv } from "~/modules/register/plots-exports.server";
import { csvDownload, postOnly } from "~/server/downloads.server";
import { scopedSiteIds } from "~/modules/register/access.server";
import { signedInAdmin } from "~/request/context";

/** POST /admin/parcelles/export: every plot (a referent: their sites') with its state and holder, recorded in the history. */
export async function action({ context }: Route.ActionArgs) {
  const csv = await plotsCsv(scopedSiteIds(signedInAdmin(context)));
  await recordHistory(getDb(), currentActor(context), { kind: "parcelle.export", target: "liste des parcelles" });
  return csvDownload(csv, `parcelles-${parisToday()}.csv`);
}

export const loader = postOnly;
