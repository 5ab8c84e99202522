import { parisToday } from "~/lib/paris-time";
import type { Route } from "./+types/gardeners-export";
import { getDb } from "~/db/client.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { currentFeeYear } from "~/modules/register/fees.server";
import { gardenersCsv } from "~/modules/register/plots-exports.server";
import { csvDownload, postOnly } from "~/server/downloads.server";
import { scopedSiteIds } from "~/modules/register/access.server";
import { signedInAdmin } from "~/request/context";

/** POST /admin/jardiniers/export: the gardeners with their plots and the fee of the latest year called, recorded in the history. */
export async function action({ context }: Route.ActionArgs) {
  const year = await currentFeeYear();
  // A referent's: the gardeners who hold or held a plot on their sites.
  const csv = await gardenersCsv(year, scopedSiteIds(signedInAdmin(context)));
  await recordHistory(getDb(), currentActor(context), { kind: "jardinier.export", target: "liste des jardiniers" });
  return csvDownload(csv, `jardiniers-${parisToday()}.csv`);
}

export const loader = postOnly;
