import { z } from "zod";
import { de } from "~/lib/text";
import { recordId } from "~/modules/forms/fields.schema";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { archiveApplication, deleteApplication, getApplication, setApplicationProcessed } from "./applications.server";

export const PROCESSED_MESSAGE = "Demande marquée comme traitée.";
export const UNPROCESSED_MESSAGE = "Demande marquée comme non traitée.";
export const ARCHIVED_MESSAGE = "Demande archivée avec succès.";
export const APPLICATION_GONE_MESSAGE = "Cette demande n'existe plus : elle a peut-être été supprimée entre-temps.";
export const NOT_ARCHIVABLE_MESSAGE = "Seule une demande traitée et non archivée peut être archivée.";
export const ARCHIVED_LOCKED_MESSAGE = "Une demande archivée ne peut plus être modifiée.";
export const UNKNOWN_ACTION_MESSAGE = "Action inconnue.";
export const deletedMessage = (name: string) => `Demande ${de(name)} supprimée avec succès.`;

const id = recordId(APPLICATION_GONE_MESSAGE);

/** The forms of /admin/applications: the 'Traitée' checkbox (absent when unticked), archive, delete. */
export const applicationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id, processed: z.literal("true").optional() }),
  z.object({ intent: z.literal("archive"), id }),
  z.object({ intent: z.literal("delete"), id }),
]);

export type ApplicationActionResult =
  | { ok: true; message: string; deleted?: false }
  | { ok: true; deleted: true; message: string }
  | { ok: false; status: number; message: string };

const target = (applicationId: number) => `demande n° ${applicationId}`;

/** Nothing changed: the application is gone (404), or its state does not allow the action (409). */
async function refusal(applicationId: number, conflict: string): Promise<ApplicationActionResult> {
  return (await getApplication(applicationId))
    ? { ok: false, status: 409, message: conflict }
    : { ok: false, status: 404, message: APPLICATION_GONE_MESSAGE };
}

/** Runs one action of the applications screen, its history entry in the same transaction. */
export async function runApplicationAction(
  fields: Record<string, string>,
  actor: Actor,
): Promise<ApplicationActionResult> {
  const parsed = applicationActionSchema.safeParse(fields);
  if (!parsed.success) {
    const unknownIntent = parsed.error.issues.some((issue) => issue.path[0] === "intent");
    return {
      ok: false,
      status: 400,
      message: unknownIntent ? UNKNOWN_ACTION_MESSAGE : parsed.error.issues[0]!.message,
    };
  }
  const action = parsed.data;
  switch (action.intent) {
    case "toggle": {
      const processed = action.processed === "true";
      const row = await withHistory(
        actor,
        (tx) => setApplicationProcessed(action.id, processed, tx),
        (changed) =>
          changed && { kind: processed ? "demande.traitee" : "demande.non-traitee", target: target(action.id) },
      );
      if (!row) return refusal(action.id, ARCHIVED_LOCKED_MESSAGE);
      return { ok: true, message: processed ? PROCESSED_MESSAGE : UNPROCESSED_MESSAGE };
    }
    case "archive": {
      const row = await withHistory(
        actor,
        (tx) => archiveApplication(action.id, tx),
        (changed) => changed && { kind: "demande.archivage", target: target(action.id) },
      );
      if (!row) return refusal(action.id, NOT_ARCHIVABLE_MESSAGE);
      return { ok: true, message: ARCHIVED_MESSAGE };
    }
    case "delete": {
      const row = await withHistory(
        actor,
        (tx) => deleteApplication(action.id, tx),
        (deleted) => deleted && { kind: "demande.suppression", target: target(action.id) },
      );
      if (!row) return { ok: false, status: 404, message: APPLICATION_GONE_MESSAGE };
      return { ok: true, deleted: true, message: deletedMessage(row.nom) };
    }
  }
}
