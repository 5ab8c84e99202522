import { z } from "zod";
import { CABIN_TAKEOVER_MAX_EUROS, PLOT_SIZES, START_BUDGET_EUROS, TEMPS_DISPONIBLE, VILLES } from "~/lib/constants";
import { requiredText } from "~/lib/form-fields";

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

export const requiredMessage = (field: ApplicationField) => `${APPLICATION_FIELD_LABELS[field]} est obligatoire`;
export const invalidMessage = (field: ApplicationField) => `${APPLICATION_FIELD_LABELS[field]} est invalide`;
export const EMAIL_REQUIRED_MESSAGE = "L'email est obligatoire";
export const EMAIL_INVALID_MESSAGE = "Format d'email invalide";
export const MOBILE_REQUIRED_MESSAGE = "Le téléphone portable est obligatoire";
export const MOBILE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0612345678)";
export const LANDLINE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0412345678)";
export const MOTIVATIONS_REQUIRED_MESSAGE = "Les motivations sont obligatoires";
/** SPEC §8: the application could not be saved. */
export const APPLY_FAILURE_MESSAGE = "Une erreur s'est produite. Merci de réessayer.";
export const CHARTER_CHANGED_MESSAGE =
  "La charte a été modifiée pendant que vous remplissiez le formulaire : relisez-la, puis envoyez à nouveau votre demande.";
export const RULES_CHANGED_MESSAGE =
  "Le règlement intérieur a été modifié pendant que vous remplissiez le formulaire : relisez-le, puis envoyez à nouveau votre demande.";

/** French number: +33, 0033 or 0, then 9 digits, once spaces, dots and dashes are removed. */
export function isFrenchPhone(value: string): boolean {
  return /^(?:\+33|0033|0)\d{9}$/.test(value.replace(/[\s.-]/g, ""));
}

const choice = <T extends readonly [string, ...string[]]>(field: ApplicationField, values: T) =>
  requiredText(100, requiredMessage(field)).pipe(z.enum(values, { error: invalidMessage(field) }));

const CHECKED = new Set(["on", "true", "oui", "1", "yes"]);
/** A box that must be ticked: checkboxes post 'on' when ticked and nothing otherwise. */
const mustAccept = (field: ApplicationField) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === true || (typeof value === "string" && CHECKED.has(value.trim().toLowerCase())))
        return true as const;
      ctx.addIssue({ code: "custom", message: requiredMessage(field) });
      return z.NEVER;
    });

/**
 * The garden application form (SPEC §5), with the form's lower-case field names; every text is capped.
 * The output is what `createApplication` takes.
 */
export const applicationFormSchema = z.object({
  nom: requiredText(200, requiredMessage("nom")),
  email: requiredText(254, EMAIL_REQUIRED_MESSAGE).pipe(z.email({ error: EMAIL_INVALID_MESSAGE })),
  adresse: requiredText(300, requiredMessage("adresse")),
  ville: choice("ville", VILLES),
  telephoneportable: requiredText(30, MOBILE_REQUIRED_MESSAGE).refine(isFrenchPhone, { error: MOBILE_INVALID_MESSAGE }),
  telephonefixe: z
    .string()
    .trim()
    .max(30, { error: LANDLINE_INVALID_MESSAGE })
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isFrenchPhone(v), { error: LANDLINE_INVALID_MESSAGE }),
  taillejardin: choice("taillejardin", PLOT_SIZES),
  experience: requiredText(2000, requiredMessage("experience")),
  budgetconnu: mustAccept("budgetconnu"),
  tempsdisponible: choice("tempsdisponible", TEMPS_DISPONIBLE),
  inspectionconnu: mustAccept("inspectionconnu"),
  engagementcharte: mustAccept("engagementcharte"),
  engagementreglement: mustAccept("engagementreglement"),
  engagementlieupublic: mustAccept("engagementlieupublic"),
  motivations: requiredText(5000, MOTIVATIONS_REQUIRED_MESSAGE),
});

export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

/** The applicant's own page: the two ways to reach them, with the application form's rules. */
export const applicantContactSchema = applicationFormSchema.pick({ email: true, telephoneportable: true });
