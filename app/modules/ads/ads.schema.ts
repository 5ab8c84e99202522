import { z } from "zod";
import { AD_TYPES } from "~/lib/constants";
import {
  filledText,
  optionalEmail,
  optionalImageUrl,
  optionalText,
  recordId,
  requiredLine,
  requiredText,
} from "~/modules/forms/fields.schema";
import { EMAIL_MAX } from "~/modules/forms/limits";
import { AD_REQUIRED_MESSAGE, adCaptchaMessage } from "./ads.messages";

export { AD_FAILURE_MESSAGE } from "./ads.messages";

export const AD_INVALID_TYPE_MESSAGE = "Type d'annonce invalide.";
export const AD_INVALID_EMAIL_MESSAGE = "Format d'email invalide";
export const AD_INVALID_PHOTO_MESSAGE = "Adresse d'image invalide.";
export const AD_GONE_MESSAGE = "Cette annonce n'existe plus : elle a peut-être été supprimée entre-temps.";
export const REFUSAL_REASON_MESSAGE = "Indiquez la raison du refus.";

/** The longest texts, for the schemas and for the fields that count their characters. */
export const AD_TEXT_LIMITS = { nom: 200, email: EMAIL_MAX, telephone: 50, contenu: 5000, reason: 300 } as const;

const fields = {
  nom: requiredLine(AD_TEXT_LIMITS.nom, AD_REQUIRED_MESSAGE),
  email: optionalEmail(AD_INVALID_EMAIL_MESSAGE),
  telephone: requiredText(AD_TEXT_LIMITS.telephone, AD_REQUIRED_MESSAGE),
  type: filledText(AD_REQUIRED_MESSAGE).pipe(z.enum(AD_TYPES, { error: AD_INVALID_TYPE_MESSAGE })),
  contenu: optionalText(AD_TEXT_LIMITS.contenu),
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

const id = recordId(AD_GONE_MESSAGE);

/** The forms of /admin/annonces, by intent. 'update' takes the public form's rules (adEditFormSchema). */
export const adActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("validate"), id }),
  z.object({ intent: z.literal("republish"), id }),
  z.object({ intent: z.literal("update"), id }).extend(adEditFormSchema.shape),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("deletePhoto"), id, photo: z.enum(["photo1", "photo2"]) }),
  z.object({ intent: z.literal("refuse"), id, reason: requiredText(AD_TEXT_LIMITS.reason, REFUSAL_REASON_MESSAGE) }),
]);

export type AdFormValues = z.infer<ReturnType<typeof adFormSchema>>;
