import { z } from "zod";
import { PLOT_SIZES, TEMPS_DISPONIBLE, VILLES } from "~/lib/constants";
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

export const requiredMessage = (field: ApplicationField) => `${APPLICATION_FIELD_LABELS[field]} est obligatoire`;
export const invalidMessage = (field: ApplicationField) => `${APPLICATION_FIELD_LABELS[field]} est invalide`;
export const EMAIL_REQUIRED_MESSAGE = "L'email est obligatoire";
export const EMAIL_INVALID_MESSAGE = "Format d'email invalide";
export const MOBILE_REQUIRED_MESSAGE = "Le téléphone portable est obligatoire";
export const MOBILE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0612345678)";
export const LANDLINE_INVALID_MESSAGE = "Format de téléphone invalide (ex: 0412345678)";
export const MOTIVATIONS_REQUIRED_MESSAGE = "Les motivations sont obligatoires";

/** French number: +33, 0033 or 0, then 9 digits, once spaces, dots and dashes are removed. */
export function isFrenchPhone(value: string): boolean {
  return /^(?:\+33|0033|0)\d{9}$/.test(value.replace(/[\s.-]/g, ""));
}

const choice = <T extends readonly [string, ...string[]]>(field: ApplicationField, values: T) =>
  requiredText(100, requiredMessage(field)).pipe(z.enum(values, { error: invalidMessage(field) }));

const CHECKED = new Set(["on", "true", "oui", "1", "yes"]);
/** A box that must be ticked: checkboxes post 'on' when ticked and nothing otherwise. */
const mustAccept = (field: ApplicationField) =>
  z.unknown().optional().transform((value, ctx) => {
    if (value === true || (typeof value === "string" && CHECKED.has(value.trim().toLowerCase()))) return true as const;
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
