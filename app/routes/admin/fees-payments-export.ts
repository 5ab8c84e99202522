import type { Route } from "./+types/fees-payments-export";
import { getDb } from "~/db/client.server";
import { parisToday } from "~/lib/paris-time";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { otherPaymentsCsv } from "~/modules/register/plots-exports.server";
import { csvDownload, postOnly } from "~/server/downloads.server";

/** POST /admin/cotisations/paiements/export: entry budgets and cabin takeovers, recorded in the history. */
export async function action({ context }: Route.ActionArgs) {
  const csv = await otherPaymentsCsv();
  await recordHistory(getDb(), currentActor(context), { kind: "paiements.export", target: "budgets et cabanes" });
  return csvDownload(csv, `budgets-et-cabanes-${parisToday()}.csv`);
}

export const loader = postOnly;
