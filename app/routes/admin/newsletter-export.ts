import type { Route } from "./+types/newsletter-export";
import { currentActor } from "~/modules/history/actor.server";
import { getDb } from "~/db/client.server";
import { recordHistory } from "~/modules/history/history.server";
import { subscribersCsv } from "~/modules/newsletter/newsletter.server";
import { csvDownload, postOnly } from "~/server/downloads.server";
import { parisToday } from "~/lib/paris-time";

/** POST /admin/lettre/export: the newsletter's list as a CSV file, recorded in the history. */
export async function action({ context }: Route.ActionArgs) {
  const csv = await subscribersCsv();
  await recordHistory(getDb(), currentActor(context), { kind: "lettre.export" });
  const day = parisToday();
  return csvDownload(csv, `lettre-abonnes-${day}.csv`);
}

export const loader = postOnly;
