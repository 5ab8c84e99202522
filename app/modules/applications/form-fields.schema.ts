import { z } from "zod";
import { optionalText } from "~/modules/forms/fields.schema";
import { APPLICATION_FIELDS, type ApplicationField } from "./applications.schema";

/** Longest label of an application form field: the boxes to tick hold a whole sentence. */
export const APPLICATION_LABEL_MAX = 500;

/**
 * 'Formulaire de candidature': one label per field of /apply, by field name; an empty one (null) shows the default.
 */
export const applicationLabelsFormSchema = z.object(
  Object.fromEntries(APPLICATION_FIELDS.map((field) => [field, optionalText(APPLICATION_LABEL_MAX)])) as Record<
    ApplicationField,
    ReturnType<typeof optionalText<null>>
  >,
);

export type ApplicationLabelsForm = z.infer<typeof applicationLabelsFormSchema>;

/** The rows to store: the labels given, each with its field's name (replace-all of product §7). */
export function labelRows(labels: ApplicationLabelsForm) {
  return APPLICATION_FIELDS.flatMap((name) => (labels[name] ? [{ name, label: labels[name] }] : []));
}
