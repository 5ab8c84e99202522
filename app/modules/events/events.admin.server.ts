import { formatDate, formatDateTime } from "~/lib/dates";
import { altOf } from "~/lib/image-alt";
import { dateToParisLocal, parisLocalToDate } from "~/lib/paris-time";
import { isSafeImageUrl, parseId } from "~/lib/text";
import { ANNEX_FIELDS, articleSchemaInput } from "~/modules/publishing/article-form";
import { readArticleForm } from "~/modules/publishing/article-form.server";
import type { SubmittedForm } from "~/modules/forms/multipart.server";
import type { AdminListQuery } from "~/server/admin-list.server";
import { KeptItem, type EditorDefinition } from "~/modules/publishing/editor.admin.server";
import { EVENT_TEXT_FIELDS, eventEditorSchema, eventRefusal, type EventFormFields } from "./events.schema";
import {
  assemblyOfEvent,
  createEvent,
  eventPage,
  deleteEvent,
  eventsForAdmin,
  getEvent,
  updateEvent,
  type EventInput,
  type EventRow,
} from "./events.server";

// A general assembly's rules, answers and minutes hang on its event (the database would delete them with it).
const ASSEMBLY_MARKED =
  "Cet événement est marqué comme assemblée générale : retirez d'abord la marque (Assemblées générales, « retirer la marque »), puis supprimez-le.";
const ASSEMBLY_CONVENED =
  "Cet événement est une assemblée générale convoquée : il est gardé, avec les réponses des membres, les votes et le procès-verbal.";

/** product §8, with its typographic apostrophe. */
export const EVENT_SAVE_FAILED_MESSAGE = "Erreur lors de l’enregistrement.";
export const EVENT_GONE_MESSAGE = "Cet événement n'existe plus : il a peut-être été supprimé entre-temps.";

const local = (date: Date | null) => (date ? dateToParisLocal(date) : "");

/** The editor's values for an event: as stored, dates in Paris time, each image's alternative by its field. */
export function eventFormFields(event: EventRow): EventFormFields {
  const annexes = ANNEX_FIELDS.map((_, i) => event.imagesAnnexes[i] ?? null);
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    start: local(event.start),
    end: local(event.endDate),
    content: event.content,
    image: event.image,
    annexes,
    alts: Object.fromEntries([
      ["image", altOf(event.imageAlts, event.image)],
      ...ANNEX_FIELDS.map((name, i) => [name, altOf(event.imageAlts, annexes[i])]),
    ]),
    publishAt: local(event.publishAt),
  };
}

/** /admin/events' editor (product §2, §4, §5, §8), for `publishing/editor.admin.server.ts`. */
export const eventEditor: EditorDefinition<EventRow, Omit<EventInput, "state" | "publishAt">, EventFormFields> = {
  kind: "evenement",
  path: "/admin/events",
  texts: EVENT_TEXT_FIELDS,
  schema: eventEditorSchema,
  refusalOf: eventRefusal,
  messages: {
    saveFailed: EVENT_SAVE_FAILED_MESSAGE,
    gone: EVENT_GONE_MESSAGE,
    mismatch: "Ce formulaire ne correspond pas à l'événement affiché : rechargez la page.",
    done: {
      publie: "Événement publié.",
      maj: "Événement mis à jour.",
      brouillon: "Brouillon enregistré.",
      programme: "Événement programmé.",
      supprime: "Événement supprimé.",
      restaure: "Version restaurée : l'ancienne version est gardée parmi les versions.",
    },
  },
  get: getEvent,
  fieldsOf: eventFormFields,
  fromVersion: (event, snapshot) => {
    const date = (value: unknown) => (typeof value === "string" ? new Date(value) : null);
    return {
      ...event,
      ...(snapshot as Partial<EventRow>),
      start: date(snapshot.start),
      endDate: date(snapshot.endDate),
      state: event.state,
      publishAt: event.publishAt,
    };
  },
  create: (input, by, tx) => createEvent(input, new Date(), { by }, tx),
  update: (id, input, by, tx) => updateEvent(id, input, { by }, tx),
  remove: async (id, tx) => {
    const assembly = await assemblyOfEvent(id, tx);
    if (assembly) throw new KeptItem(assembly.convoked ? ASSEMBLY_CONVENED : ASSEMBLY_MARKED);
    return deleteEvent(id, tx);
  },
  target: (id) => `événement n° ${id}`,
};

/** The lists of /admin/events: drafts, scheduled (with their time), and a page of the published ones by start. */
export async function eventLists(query: AdminListQuery) {
  const { drafts, scheduled, published, publishedTotal } = await eventsForAdmin(query);
  const item = (event: EventRow, details: string) => ({
    id: event.id,
    title: event.title,
    image: event.image,
    details,
    href: event.state === "publie" ? `/events/${event.id}` : `/admin/events?edit=${event.id}`,
  });
  const when = (event: EventRow) => [event.start && formatDateTime(event.start), event.location].filter(Boolean);
  return {
    drafts: drafts.map((event) =>
      item(event, [...when(event), `modifié le ${formatDate(event.updatedAt)}`].join(" · ")),
    ),
    scheduled: scheduled.map((event) =>
      item(event, [`Publication le ${formatDateTime(event.publishAt!)}`, ...when(event)].join(" · ")),
    ),
    published: published.map((event) => item(event, when(event).join(" · "))),
    publishedTotal,
  };
}

/**
 * An event as the editor's form holds it now, unsaved, for « Aperçu »: nothing is checked (a draft may be
 * incomplete, without dates yet), the rich text is sanitised, only image addresses the site accepts are shown.
 */
export async function eventPreviewFromForm(form: SubmittedForm, contact: Parameters<typeof eventPage>[1]) {
  const { fields } = await readArticleForm(form, EVENT_TEXT_FIELDS);
  const input = articleSchemaInput(fields);
  const start = parisLocalToDate(fields.start);
  return eventPage(
    {
      id: parseId(form.get("id")),
      title: fields.title.trim() || "Sans titre",
      description: fields.description.trim(),
      location: fields.location.trim(),
      start,
      endDate: parisLocalToDate(fields.end) ?? start,
      content: fields.content,
      image: isSafeImageUrl(fields.image) ? fields.image : null,
      imagesAnnexes: input.imagesannexes.filter(isSafeImageUrl),
      imageAlts: input.imagealts,
    },
    contact,
  );
}
