import type { Route } from "./+types/event-registrations-export";
import { getDb } from "~/db/client.server";
import { currentActor } from "~/modules/history/actor.server";
import { recordHistory } from "~/modules/history/history.server";
import { registrationsEvent } from "~/modules/registrations/registrations.admin.server";
import { registrationsCsv } from "~/modules/registrations/registrations.server";
import { csvDownload, postOnly } from "~/server/downloads.server";

/** POST /admin/events/:id/inscriptions/export: the event's sign-ups as a CSV file, recorded in the history. */
export async function action({ params, context }: Route.ActionArgs) {
  const event = await registrationsEvent(params.id);
  const csv = await registrationsCsv(event.id, event.signupQuestion);
  await recordHistory(getDb(), currentActor(context), {
    kind: "inscriptions.export",
    target: `événement n° ${event.id}`,
  });
  return csvDownload(csv, `inscriptions-evenement-${event.id}.csv`);
}

export const loader = postOnly;
