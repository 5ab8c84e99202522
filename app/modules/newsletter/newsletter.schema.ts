import { z } from "zod";
import { captchaField } from "~/modules/forms/captcha";
import { EMAIL_MAX } from "~/modules/forms/limits";
import { NEWSLETTER_EMAIL_MESSAGE } from "./newsletter.messages";

/** Where a subscription form sits: the footer of every page, or the end of an article or an event. */
export const NEWSLETTER_SOURCES = ["pied-de-page", "page", "article", "evenement"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The subscription form: an address, the captcha (« Combien font 2 + 5 ? »), and where the form was. */
export const newsletterFormSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_MESSAGE })
    .trim()
    .max(EMAIL_MAX, { error: NEWSLETTER_EMAIL_MESSAGE })
    .pipe(z.email({ error: NEWSLETTER_EMAIL_MESSAGE })),
  captcha: captchaField(),
  source: z.enum(NEWSLETTER_SOURCES).catch("page"),
  sourceId: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .catch(undefined),
});

export type NewsletterForm = z.output<typeof newsletterFormSchema>;

export const SUBSCRIBER_GONE_MESSAGE = "Cette adresse n'est plus dans la liste.";

/** The back-office's « Retirer » of an address, or its choice of the automatic letter's frequency. */
export const subscriberActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("remove"),
      id: z
        .string()
        .regex(/^\d{1,9}$/, { error: SUBSCRIBER_GONE_MESSAGE })
        .transform(Number),
    }),
    z.object({
      intent: z.literal("digest"),
      digestFrequency: z.enum(["jamais", "semaine", "mois"], { error: "Choisissez une fréquence." }),
    }),
  ],
  { error: "Action inconnue." },
);
