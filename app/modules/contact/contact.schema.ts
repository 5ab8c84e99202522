import { z } from "zod";
import { captchaField } from "~/modules/forms/captcha";
import { requiredText } from "~/modules/forms/fields.schema";

export const CONTACT_REQUIRED_MESSAGE = "Ce champ est obligatoire";
export const CONTACT_EMAIL_MESSAGE = "Veuillez entrer une adresse email valide";
export const CONTACT_LINE_BREAK_MESSAGE = "Ce champ ne doit pas contenir de retour à la ligne.";
/** product §8: the message could not be sent. */
export const CONTACT_FAILURE_MESSAGE = "Une erreur est survenue lors de l'envoi. Veuillez réessayer.";

/** A required one-line value: it ends up in mail headers, so CR and LF are refused. */
const singleLine = (max: number) =>
  requiredText(max, CONTACT_REQUIRED_MESSAGE).refine((v) => !/[\r\n]/.test(v), { error: CONTACT_LINE_BREAK_MESSAGE });

/** The contact form: name, email, subject, message, and the answer to 'Combien font 3 + 4 ?'. */
export const contactFormSchema = z
  .object({
    name: singleLine(200),
    email: z
      .string({ error: CONTACT_EMAIL_MESSAGE })
      .trim()
      .max(254, { error: CONTACT_EMAIL_MESSAGE })
      .pipe(z.email({ error: CONTACT_EMAIL_MESSAGE })),
    subject: singleLine(200),
    message: requiredText(5000, CONTACT_REQUIRED_MESSAGE),
    captcha: captchaField(),
  })
  .transform(({ captcha: _captcha, ...message }) => message);

export type ContactFormValues = z.infer<typeof contactFormSchema>;
