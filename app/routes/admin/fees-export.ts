import type { Route } from "./+types/fees-export";
import { getDb } from "~/db/client.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { feeYear } from "~/modules/register/fees.admin.server";
import { feesCsv } from "~/modules/register/plots-exports.server";
import { csvDownload, postOnly } from "~/server/downloads.server";

/** POST /admin/cotisations/export?annee=: a year's fees, recorded in the history. */
export async function action({ request, context }: Route.ActionArgs) {
  const year = await feeYear(new URL(request.url));
  const csv = await feesCsv(year);
  await recordHistory(getDb(), currentActor(context), { kind: "cotisation.export", target: `cotisation ${year}` });
  return csvDownload(csv, `cotisations-${year}.csv`);
}

export const loader = postOnly;
