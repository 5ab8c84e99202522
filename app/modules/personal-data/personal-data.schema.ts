import { z } from "zod";

export const personalDataEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "Adresse e-mail invalide." }));
/** 'Tout effacer' on the personal data screen. */
export const eraseSchema = z.object({ intent: z.literal("erase"), email: personalDataEmail });
/** The export form, posted to its own address. */
export const exportSchema = z.object({ email: personalDataEmail });
