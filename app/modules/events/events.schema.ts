import { z } from "zod";
import { MAX_ANNEX_IMAGES, RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import {
  filledText,
  imageAlts,
  imageList,
  optionalImageUrl,
  optionalLine,
  optionalText,
  requiredLine,
} from "~/modules/forms/fields.schema";
import { stripHtml } from "~/lib/text";
import type { articleFormFields } from "~/modules/publishing/article-form";
import { parisLocalToDate } from "~/lib/paris-time";
import { DRAFT_TITLE_MESSAGE, publicationFormSchema } from "~/modules/publishing/publication.schema";

export const EVENT_REQUIRED_MESSAGE = "Ce champ est obligatoire";
export const EVENT_DATE_ORDER_MESSAGE = "La date de début ne peut pas être postérieure à la date de fin.";
export const INVALID_DATE_MESSAGE = "Date invalide";
export const INVALID_IMAGE_MESSAGE = "Adresse d'image invalide.";

/** The longest texts, for the schema and for the fields that count their characters. */
export const EVENT_TEXT_LIMITS = { title: 200, description: 1000, location: 300 } as const;
/** The event form's texts; start and end are datetime-local values, in Paris time. */
export const EVENT_TEXT_FIELDS = ["title", "description", "location", "start", "end"] as const;
const REQUIRED_FIELDS: readonly string[] = ["title", "start", "end", "content"];

/** The event form's fields as typed, shown again after a refusal. */
export type EventFormFields = ReturnType<typeof articleFormFields<(typeof EVENT_TEXT_FIELDS)[number]>>;

const toParisDate = (value: string, ctx: z.RefinementCtx) => {
  const date = parisLocalToDate(value);
  if (!date) {
    ctx.addIssue({ code: "custom", message: INVALID_DATE_MESSAGE });
    return z.NEVER;
  }
  return date;
};

/** A datetime-local value, read as Paris time. */
const parisDateTime = filledText(EVENT_REQUIRED_MESSAGE).transform(toParisDate);

/** The same, for a draft: may be left empty (then null). */
const optionalParisDateTime = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => (value ? toParisDate(value, ctx) : null));

const startNotAfterEnd = (e: { start: Date | null; end: Date | null }) =>
  !e.start || !e.end || e.start.getTime() <= e.end.getTime();

const rich = z.string({ error: EVENT_REQUIRED_MESSAGE }).max(RICH_TEXT_MAX_LENGTH, {
  error: tooLongMessage(RICH_TEXT_MAX_LENGTH),
});

const shared = {
  description: optionalText(EVENT_TEXT_LIMITS.description, ""),
  location: optionalLine(EVENT_TEXT_LIMITS.location, ""),
  image: optionalImageUrl(INVALID_IMAGE_MESSAGE),
  imagesannexes: imageList(MAX_ANNEX_IMAGES),
  imagealts: imageAlts(),
};

const output = <T extends { end: Date | null; imagesannexes: string[]; imagealts: Record<string, string> }>({
  end,
  imagesannexes,
  imagealts,
  ...rest
}: T) => ({ ...rest, endDate: end, imagesAnnexes: imagesannexes, imageAlts: imagealts });

/**
 * The event form (admin): title, start and end (datetime-local, Paris time), rich-text content required;
 * description, location and cover image optional; up to 3 annex images sent as repeated values, a JSON
 * array string or a single address. Form names: title, description, location, start, end, content, image,
 * imagesannexes. The output is what `createEvent` / `updateEvent` take.
 */
export const eventFormSchema = z
  .object({
    title: requiredLine(EVENT_TEXT_LIMITS.title, EVENT_REQUIRED_MESSAGE),
    start: parisDateTime,
    end: parisDateTime,
    content: rich.refine((html) => stripHtml(html) !== "", { error: EVENT_REQUIRED_MESSAGE }),
    ...shared,
  })
  .refine(startNotAfterEnd, { error: EVENT_DATE_ORDER_MESSAGE, path: ["start"] })
  .transform(output);

/** A draft: a title is enough; dates given must still be dates, the start not after the end. */
const eventDraftSchema = z
  .object({
    title: requiredLine(EVENT_TEXT_LIMITS.title, DRAFT_TITLE_MESSAGE),
    start: optionalParisDateTime,
    end: optionalParisDateTime,
    content: rich.optional().transform((html) => html ?? ""),
    ...shared,
  })
  .refine(startNotAfterEnd, { error: EVENT_DATE_ORDER_MESSAGE, path: ["start"] })
  .transform(output);

/** The editor's form, whichever button sent it: a draft, a scheduled or a published event. */
export const eventEditorSchema = publicationFormSchema(eventFormSchema, eventDraftSchema);

/**
 * The form's refusal (product §5), from the schema's issues, in the browser and on the server alike: a missing title,
 * start, end or content gives no message, only the fields to mark (`missing`); otherwise the first issue's message,
 * on its field.
 */
export function eventRefusal(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const missing = issues
    .filter((issue) => issue.message === EVENT_REQUIRED_MESSAGE && REQUIRED_FIELDS.includes(String(issue.path[0])))
    .map((issue) => String(issue.path[0]));
  if (missing.length > 0) return { message: null, field: missing[0], missing };
  const issue = issues[0]!;
  return {
    message: issue.message,
    field: issue.message === EVENT_DATE_ORDER_MESSAGE ? "start" : String(issue.path[0]),
    missing: [],
  };
}

/** What the form's page needs to check it as the action does. */
export const eventForm = { schema: eventEditorSchema, texts: EVENT_TEXT_FIELDS, refusalOf: eventRefusal };
