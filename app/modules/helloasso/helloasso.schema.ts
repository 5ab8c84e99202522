import { z } from "zod";
import { requiredLine } from "~/modules/forms/fields.schema";

// « Paiement en ligne (HelloAsso) » on the treasurer's settings (decision 032). Safe for the browser: the form checks
// itself with this before sending, and the action checks again.

const HELLOASSO_ENVIRONMENTS = ["sandbox", "production"] as const;

export const HELLOASSO_ENVIRONMENT_LABELS: Record<(typeof HELLOASSO_ENVIRONMENTS)[number], string> = {
  sandbox: "Bac à sable (essais)",
  production: "Production (vrais paiements)",
};

export const helloAssoMessages = {
  environment: "Choisissez l'environnement : bac à sable ou production.",
  slug: "Indiquez l'identifiant de l'organisation : la fin de son adresse HelloAsso, en minuscules, chiffres et tirets (par exemple jardins-familiaux-de-rillieux).",
  clientId: "Indiquez le Client ID donné par HelloAsso (sans espace).",
  clientSecret: "Le Client secret s'écrit sans espace, en 200 caractères au plus.",
  secretAndRemoval: "Laissez le secret vide pour le retirer, ou décochez « Retirer le secret ».",
  secretForOtherEnvironment:
    "Indiquez le Client secret de cet environnement : les identifiants du bac à sable et ceux de production sont différents.",
  refused: "Les réglages HelloAsso n'ont pas été enregistrés :",
} as const;

/**
 * The organization's slug as typed: the slug itself, or its whole HelloAsso address pasted
 * (`https://www.helloasso.com/associations/jardins-familiaux-de-rillieux/…`), taken down to the slug.
 */
const organizationSlug = z
  .string({ error: helloAssoMessages.slug })
  .trim()
  .transform((value) => {
    const pasted = /helloasso(?:-sandbox)?\.com\/associations\/([^/?#\s]+)/i.exec(value);
    return (pasted ? pasted[1]! : value).toLowerCase();
  })
  .pipe(
    z
      .string()
      .max(100, { error: helloAssoMessages.slug })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: helloAssoMessages.slug }),
  );

/** The form of the section: the secret empty keeps the one kept; `removeSecret` ticked removes it. */
export const helloAssoSettingsSchema = z
  .object({
    environment: z.enum(HELLOASSO_ENVIRONMENTS, { error: helloAssoMessages.environment }),
    organizationSlug,
    clientId: z
      .string({ error: helloAssoMessages.clientId })
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, { error: helloAssoMessages.clientId }),
    clientSecret: z
      .string()
      .trim()
      .regex(/^\S{0,200}$/, { error: helloAssoMessages.clientSecret })
      .optional()
      .transform((v) => v ?? ""),
    removeSecret: z
      .literal("on", { error: "Cochez ou décochez la case." })
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((form, ctx) => {
    if (form.removeSecret && form.clientSecret)
      ctx.addIssue({ code: "custom", path: ["clientSecret"], message: helloAssoMessages.secretAndRemoval });
  });
export type HelloAssoSettingsForm = z.output<typeof helloAssoSettingsSchema>;

/** The fields in the order the form shows them. */
export const HELLOASSO_FIELDS = [
  "environment",
  "organizationSlug",
  "clientId",
  "clientSecret",
  "removeSecret",
] as const;

/** « Mettre de côté » a payment awaiting the bureau: why, for the history and the fee's page. */
export const anomalyAsideSchema = z.object({
  note: requiredLine(
    300,
    "Indiquez pourquoi ce paiement est mis de côté (par exemple : passé à la main dans le livre).",
  ),
});
