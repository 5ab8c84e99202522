import { z } from "zod";
import { optionalEmail, optionalLine } from "~/modules/forms/fields.schema";

// The receipts' forms: sending one by e-mail, and their settings (decision 031). Safe for the browser.

const EMAIL_MESSAGE = "Indiquez une adresse e-mail valide (ex : nom@exemple.fr).";

/** « Envoyer par e-mail »: the address typed when the payer is not a gardener with one. */
export const receiptSendFormSchema = z.object({ email: optionalEmail(EMAIL_MESSAGE) });

const SIRET_MESSAGE = "Le SIRET a 14 chiffres (les espaces sont permis).";

/** The receipts' settings: the SIRET, who signs, the town of « Fait à ». */
export const receiptSettingsFormSchema = z.object({
  siret: optionalLine(20, "").refine((v) => v === "" || /^\d{14}$/.test(v.replace(/\s/g, "")), {
    error: SIRET_MESSAGE,
  }),
  signatory: optionalLine(120, ""),
  place: optionalLine(80, ""),
});
