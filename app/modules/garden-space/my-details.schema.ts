import { z } from "zod";
import { EMAIL_MAX } from "~/modules/forms/limits";
import { gardenerFormSchema } from "~/modules/register/plots.schema";

// « Mes coordonnées » in « Mon jardin »: the bureau's rules for the same fields, so a number the gardener types is
// one the bureau's form would take.

const box = z
  .literal("on", { error: "Cochez ou décochez la case." })
  .optional()
  .transform((v) => v === "on");

export const myDetailsSchema = gardenerFormSchema.pick({ mobile: true, landline: true, address: true }).extend({
  newsletter: box,
  letters: box,
});

export const NEW_EMAIL_MESSAGE = "Indiquez une adresse e-mail valide, par exemple prenom.nom@exemple.fr.";

export const emailChangeSchema = z.object({
  newEmail: z
    .string({ error: NEW_EMAIL_MESSAGE })
    .trim()
    .min(1, { error: "Indiquez la nouvelle adresse e-mail." })
    .max(EMAIL_MAX, { error: NEW_EMAIL_MESSAGE })
    .pipe(z.email({ error: NEW_EMAIL_MESSAGE })),
});
