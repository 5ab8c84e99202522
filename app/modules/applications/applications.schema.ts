import { z } from "zod";
import { CABIN_TAKEOVER_MAX_EUROS, PLOT_SIZES, START_BUDGET_EUROS, TEMPS_DISPONIBLE, VILLES } from "~/lib/constants";
import { requiredLine, requiredText } from "~/modules/forms/fields.schema";
import { EMAIL_MAX, PHONE_MAX } from "~/modules/forms/limits";

/** French label of each field of the application form, used in '{label} est obligatoire'. */
export const APPLICATION_FIELD_LABELS = {
  nom: "Le nom",
  email: "L'email",
  adresse: "L'adresse",
  ville: "La ville",
  telephoneportable: "Le téléphone portable",
  telephonefixe: "Le téléphone fixe",
  taillejardin: "La taille du jardin",
  experience: "L'expérience en jardinage",
  budgetconnu: "La connaissance du budget",
  tempsdisponible: "Le temps disponible",
  inspectionconnu: "L'acceptation des inspections mensuelles",
  engagementcharte: "L'engagement à respecter la charte",
  engagementreglement: "L'engagement à respecter le règlement intérieur",
  engagementlieupublic: "L'engagement au respect du lieu public",
  motivations: "Les motivations",
} as const;

export type ApplicationField = keyof typeof APPLICATION_FIELD_LABELS;

/**
 * What /apply shows for each field, in the form's order, when the association has not written its own label
 * (form_fields, by field name). The boxes to tick say in full what ticking them means.
 */
export const APPLICATION_FORM_DEFAULT_LABELS: Record<ApplicationField, string> = {
  nom: "Nom et prénom",
  email: "Adresse e-mail",
  adresse: "Adresse postale",
  ville: "Ville",
  telephoneportable: "Téléphone portable",
  telephonefixe: "Téléphone fixe (facultatif)",
  taillejardin: "Taille de jardin souhaitée",
  experience: "Votre expérience en jardinage",
  budgetconnu: `Je sais qu'une participation d'environ ${START_BUDGET_EUROS} euros est demandée à l'entrée, plus la reprise éventuelle de la cabane (${CABIN_TAKEOVER_MAX_EUROS} euros au plus).`,
  tempsdisponible: "Temps que vous pouvez consacrer au jardin chaque semaine",
  inspectionconnu: `J'accepte qu'une visite de ma parcelle ait lieu chaque mois, et qu'une parcelle mal entretenue reçoive deux avertissements avant l'exclusion.`,
  engagementcharte: "Je m'engage à respecter la charte du jardinage naturel.",
  engagementreglement: "Je m'engage à respecter le règlement intérieur.",
  engagementlieupublic: "Je m'engage à respecter les jardins comme un lieu public, sans manifestation religieuse.",
  motivations: "Vos motivations",
};

export const APPLICATION_FIELDS = Object.keys(APPLICATION_FORM_DEFAULT_LABELS) as ApplicationField[];

/**
 * How a message names a field: by the label the visitor reads, when the association wrote its own (product §5:
 * '{label} est obligatoire'); otherwise by the field's usual name ('Le nom'), as the spec's messages do.
 */
export function fieldName(field: ApplicationField, labels: Partial<Record<ApplicationField, string>> = {}) {
  const shown = labels[field]?.trim();
  if (!shown || shown === APPLICATION_FORM_DEFAULT_LABELS[field]) return APPLICATION_FIELD_LABELS[field];
  // A label that ends as a question or with a colon still reads as the subject of the message.
  return shown.replace(/[\s.:;!?…*]+$/u, "") || APPLICATION_FIELD_LABELS[field];
}

export const requiredMessage = (field: ApplicationField, labels?: Partial<Record<ApplicationField, string>>) =>
  `${fieldName(field, labels)} est obligatoire`;
export const invalidMessage = (field: ApplicationField, labels?: Partial<Record<ApplicationField, string>>) =>
  `${fieldName(field, labels)} est invalide`;
export const EMAIL_INVALID_MESSAGE = "Format d'email invalide";
export const MOBILE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0612345678)";
export const LANDLINE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0412345678)";
export const MOTIVATIONS_REQUIRED_MESSAGE = "Les motivations sont obligatoires";
/** product §8: the application could not be saved. */
export const APPLY_FAILURE_MESSAGE = "Une erreur s'est produite. Merci de réessayer.";
export const CHARTER_CHANGED_MESSAGE =
  "La charte a été modifiée pendant que vous remplissiez le formulaire : relisez-la, puis envoyez à nouveau votre demande.";
export const RULES_CHANGED_MESSAGE =
  "Le règlement intérieur a été modifié pendant que vous remplissiez le formulaire : relisez-le, puis envoyez à nouveau votre demande.";

/** French number: +33, 0033 or 0, then 9 digits, once spaces, dots and dashes are removed. */
export function isFrenchPhone(value: string): boolean {
  return /^(?:\+33|0033|0)\d{9}$/.test(value.replace(/[\s.-]/g, ""));
}

const CHECKED = new Set(["on", "true", "oui", "1", "yes"]);

/**
 * The garden application form (product §5), with the form's lower-case field names; every text is capped. Its
 * messages name each field by the `labels` /apply shows (see `fieldName`); 'Les motivations sont obligatoires' is
 * the spec's own. The page and its action build it from the same labels. The output is what `createApplication`
 * takes.
 */
export function applicationFormSchemaFor(
  labels: Partial<Record<ApplicationField, string>> = APPLICATION_FORM_DEFAULT_LABELS,
) {
  const required = (field: ApplicationField) => requiredMessage(field, labels);
  const choice = <T extends readonly [string, ...string[]]>(field: ApplicationField, values: T) =>
    requiredText(100, required(field)).pipe(z.enum(values, { error: invalidMessage(field, labels) }));
  /** A box that must be ticked: checkboxes post 'on' when ticked and nothing otherwise. */
  const mustAccept = (field: ApplicationField) =>
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === true || (typeof value === "string" && CHECKED.has(value.trim().toLowerCase())))
          return true as const;
        ctx.addIssue({ code: "custom", message: required(field) });
        return z.NEVER;
      });
  return z.object({
    nom: requiredLine(200, required("nom")),
    email: requiredText(EMAIL_MAX, required("email")).pipe(z.email({ error: EMAIL_INVALID_MESSAGE })),
    adresse: requiredText(300, required("adresse")),
    ville: choice("ville", VILLES),
    telephoneportable: requiredText(PHONE_MAX, required("telephoneportable")).refine(isFrenchPhone, {
      error: MOBILE_INVALID_MESSAGE,
    }),
    telephonefixe: z
      .string()
      .trim()
      .max(PHONE_MAX, { error: LANDLINE_INVALID_MESSAGE })
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isFrenchPhone(v), { error: LANDLINE_INVALID_MESSAGE }),
    taillejardin: choice("taillejardin", PLOT_SIZES),
    experience: requiredText(2000, required("experience")),
    budgetconnu: mustAccept("budgetconnu"),
    tempsdisponible: choice("tempsdisponible", TEMPS_DISPONIBLE),
    inspectionconnu: mustAccept("inspectionconnu"),
    engagementcharte: mustAccept("engagementcharte"),
    engagementreglement: mustAccept("engagementreglement"),
    engagementlieupublic: mustAccept("engagementlieupublic"),
    motivations: requiredText(5000, MOTIVATIONS_REQUIRED_MESSAGE),
  });
}

/** The form with its default labels. */
export const applicationFormSchema = applicationFormSchemaFor();

export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

/** The applicant's own page: the two ways to reach them, with the application form's rules. */
export const applicantContactSchema = applicationFormSchema.pick({ email: true, telephoneportable: true });
