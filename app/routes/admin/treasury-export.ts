import type { Route } from "./+types/treasury-export";
import { currentActor } from "~/modules/history/actor.server";
import { entriesExport } from "~/modules/treasury/year-accounts.admin.server";
import { csvDownload, postOnly } from "~/server/downloads.server";

/** POST /admin/tresorerie/ecritures/export?annee=: the year's entries for an accountant or Paheko, in the history. */
export async function action({ request, context }: Route.ActionArgs) {
  const { year, csv } = await entriesExport(new URL(request.url), currentActor(context));
  return csvDownload(csv, `ecritures-${year}.csv`);
}

export const loader = postOnly;
