import { z } from "zod";
import { AD_TYPES } from "~/lib/constants";
import { filledText, optionalEmail, optionalImageUrl, optionalText, requiredText } from "~/lib/form-fields";
import { AD_REQUIRED_MESSAGE, adCaptchaMessage } from "./ads.messages";

export { AD_FAILURE_MESSAGE, AD_REQUIRED_MESSAGE, AD_SENT_MESSAGE, adCaptchaMessage } from "./ads.messages";

export const AD_INVALID_TYPE_MESSAGE = "Type d'annonce invalide.";
export const AD_INVALID_EMAIL_MESSAGE = "Format d'email invalide";
export const AD_INVALID_PHOTO_MESSAGE = "Adresse d'image invalide.";

const fields = {
  nom: requiredText(200, AD_REQUIRED_MESSAGE),
  email: optionalEmail(AD_INVALID_EMAIL_MESSAGE),
  telephone: requiredText(50, AD_REQUIRED_MESSAGE),
  type: filledText(AD_REQUIRED_MESSAGE).pipe(z.enum(AD_TYPES, { error: AD_INVALID_TYPE_MESSAGE })),
  contenu: optionalText(5000),
};

const photo = optionalImageUrl(AD_INVALID_PHOTO_MESSAGE);

/**
 * The public ad form: nom, telephone, type required; email (valid if given), contenu, photo1, photo2
 * optional; `captcha` must equal `secret`, ignoring case. The output is what `createAd` takes.
 */
export function adFormSchema(secret: string) {
  return z
    .object({
      ...fields,
      photo1: photo,
      photo2: photo,
      captcha: z
        .string({ error: adCaptchaMessage(secret) })
        .trim()
        .refine((v) => v.toLowerCase() === secret.trim().toLowerCase(), { error: adCaptchaMessage(secret) }),
    })
    .transform(({ captcha: _captcha, ...ad }) => ad);
}

/** The admin inline edit of an ad: nom, email, telephone, type, contenu (photos are removed separately). */
export const adEditFormSchema = z.object(fields);

export type AdFormValues = z.infer<ReturnType<typeof adFormSchema>>;
export type AdEditFormValues = z.infer<typeof adEditFormSchema>;
