import { contentFromForm, imagesFromForm } from "~/lib/admin-form.server";
import { parseId } from "~/lib/text";
import { logger } from "~/logger.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import type { SubmittedForm } from "~/modules/media/multipart.server";
import { EVENT_DATE_ORDER_MESSAGE, EVENT_REQUIRED_MESSAGE, eventFormSchema } from "./events.schema";
import { createEvent, getEvent, updateEvent } from "./events.server";

/** SPEC §8, with its typographic apostrophe. */
export const EVENT_SAVE_FAILED_MESSAGE = "Erreur lors de l’enregistrement.";
export const EVENT_GONE_MESSAGE = "Cet événement n'existe plus : il a peut-être été supprimé entre-temps.";

export interface EventFormValues {
  id: string;
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
  content: string;
  image: string | null;
  annexes: (string | null)[];
}

export type EventFormOutcome =
  | { ok: true; id: number; created: boolean }
  | { ok: false; status: number; message: string | null; field?: string; missing: string[]; values: EventFormValues };

const REQUIRED = ["title", "start", "end", "content"] as const;

/**
 * /admin/events' save: creates the event, or updates the one named by `id`. A missing title, start, end or content
 * gives no message (SPEC §5: the form does nothing), only the fields to mark; a start after the end and a failed
 * save give the spec's messages.
 */
export async function saveEventForm(form: SubmittedForm, actor: Actor): Promise<EventFormOutcome> {
  const id = form.get("id") ? parseId(form.get("id")) : null;
  const { cover, annexes } = await imagesFromForm(form);
  const values: EventFormValues = {
    id: form.get("id") ?? "",
    title: form.get("title") ?? "",
    description: form.get("description") ?? "",
    location: form.get("location") ?? "",
    start: form.get("start") ?? "",
    end: form.get("end") ?? "",
    content: contentFromForm(form),
    image: "url" in cover ? cover.url : (form.get("image") ?? null),
    annexes: annexes.map((annex, i) => ("url" in annex ? annex.url : (form.get(`annexe${i + 1}`) ?? null))),
  };
  const refuse = (
    status: number,
    message: string | null,
    field?: string,
    missing: string[] = [],
  ): EventFormOutcome => ({
    ok: false,
    status,
    message,
    field,
    missing,
    values,
  });

  if ("error" in cover) return refuse(cover.error.status, cover.error.message, "image");
  const failedAnnex = annexes.findIndex((annex) => "error" in annex);
  if (failedAnnex >= 0) return refuse(400, "Erreur lors de l'upload des images annexes", `annexe${failedAnnex + 1}`);
  if (form.get("id") && (id === null || !(await getEvent(id)))) return refuse(404, EVENT_GONE_MESSAGE);

  const parsed = eventFormSchema.safeParse({
    ...values,
    image: values.image ?? "",
    imagesannexes: values.annexes.filter(Boolean),
  });
  if (!parsed.success) {
    const missing = parsed.error.issues
      .filter((issue) => issue.message === EVENT_REQUIRED_MESSAGE)
      .map((issue) => String(issue.path[0]))
      .filter((field) => (REQUIRED as readonly string[]).includes(field));
    if (missing.length > 0) return refuse(400, null, missing[0], missing);
    const issue = parsed.error.issues[0]!;
    return refuse(400, issue.message, issue.message === EVENT_DATE_ORDER_MESSAGE ? "start" : String(issue.path[0]));
  }
  try {
    if (id !== null) {
      const updated = await withHistory(
        actor,
        (tx) => updateEvent(id, parsed.data, new Date(), tx),
        (event) => event && { kind: "evenement.modification", target: `événement n° ${id}` },
      );
      if (!updated) return refuse(404, EVENT_GONE_MESSAGE);
      return { ok: true, id, created: false };
    }
    const created = await withHistory(
      actor,
      (tx) => createEvent(parsed.data, new Date(), {}, tx),
      (event) => ({ kind: "evenement.creation", target: `événement n° ${event.id}` }),
    );
    return { ok: true, id: created.id, created: true };
  } catch (error) {
    logger.error({ err: error }, "enregistrement d'un événement impossible");
    return refuse(500, EVENT_SAVE_FAILED_MESSAGE);
  }
}
