import { z } from "zod";
import { MAX_ANNEX_IMAGES, RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import { filledText, imageList, optionalImageUrl, optionalText, requiredText } from "~/lib/form-fields";
import { stripHtml } from "~/lib/text";
import { parisLocalToDate } from "./paris-time";

export const EVENT_REQUIRED_MESSAGE = "Ce champ est obligatoire";
export const EVENT_DATE_ORDER_MESSAGE = "La date de début ne peut pas être postérieure à la date de fin.";
export const INVALID_DATE_MESSAGE = "Date invalide";
export const INVALID_IMAGE_MESSAGE = "Adresse d'image invalide.";

/** A datetime-local value, read as Paris time. */
const parisDateTime = filledText(EVENT_REQUIRED_MESSAGE).transform((value, ctx) => {
  const date = parisLocalToDate(value);
  if (!date) {
    ctx.addIssue({ code: "custom", message: INVALID_DATE_MESSAGE });
    return z.NEVER;
  }
  return date;
});

/**
 * The event form (admin): title, start and end (datetime-local, Paris time), rich-text content required;
 * description, location and cover image optional; up to 3 annex images sent as repeated values, a JSON
 * array string or a single address. Form names: title, description, location, start, end, content, image,
 * imagesannexes. The output is what `createEvent` / `updateEvent` take.
 */
export const eventFormSchema = z
  .object({
    title: requiredText(200, EVENT_REQUIRED_MESSAGE),
    description: optionalText(1000, ""),
    location: optionalText(300, ""),
    start: parisDateTime,
    end: parisDateTime,
    content: z
      .string({ error: EVENT_REQUIRED_MESSAGE })
      .max(RICH_TEXT_MAX_LENGTH, { error: tooLongMessage(RICH_TEXT_MAX_LENGTH) })
      .refine((html) => stripHtml(html) !== "", { error: EVENT_REQUIRED_MESSAGE }),
    image: optionalImageUrl(INVALID_IMAGE_MESSAGE),
    imagesannexes: imageList(MAX_ANNEX_IMAGES),
  })
  .refine((e) => e.start.getTime() <= e.end.getTime(), { error: EVENT_DATE_ORDER_MESSAGE, path: ["start"] })
  .transform(({ end, imagesannexes, ...rest }) => ({ ...rest, endDate: end, imagesAnnexes: imagesannexes }));

export type EventFormValues = z.infer<typeof eventFormSchema>;
