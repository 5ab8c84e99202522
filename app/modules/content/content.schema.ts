import { z } from "zod";
import { MAX_ASSOCIATION_IMAGES, RICH_TEXT_MAX_LENGTH } from "~/lib/constants";
import {
  imageList,
  optionalEmail,
  optionalIban,
  optionalLine,
  optionalText,
  requiredImageUrl,
} from "~/modules/forms/fields.schema";

/** The site-wide content record (product §3), as modules return it. */
export interface AssociationContent {
  id: number;
  titreAccueil: string | null;
  texteIntro: string | null;
  texteFooter: string | null;
  titreAssociation: string | null;
  contentAssociation: string | null;
  imageAccueil: string | null;
  headerIcon: string | null;
  imagesAssociation: (string | null)[] | null;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  horaires: string | null;
  parcellesOccupees: number;
  parcellesTotal: number;
  nomAssociation: string | null;
  slogan: string | null;
  charte: string | null;
  reglement: string | null;
  editeurNom: string | null;
  editeurAdresse: string | null;
  editeurNumero: string | null;
  directeurPublication: string | null;
  hebergeurNom: string | null;
  hebergeurAdresse: string | null;
  hebergeurTelephone: string | null;
  tribunal: string | null;
  retentionArchivedApplicationsMonths: number;
  retentionContactMessagesMonths: number;
  retentionPendingAdsDays: number;
  retentionValidatedAdsMonths: number;
  retentionHistoryMonths: number;
  retentionSentMailDays: number;
  retentionEventRegistrationsMonths: number;
  retentionGardenersYears: number;
  retentionPaymentsYears: number;
  /** The plots' e-mails and the fee call's payment instructions; null: the defaults of plots.texts.ts. */
  plotAllotmentMail: string | null;
  plotWarningMail: string | null;
  feePaymentInstructions: string | null;
  /** The fee call's payment details (IBAN, BIC, HelloAsso page, cheques' payee); null: not set. */
  feeIban: string | null;
  feeBic: string | null;
  feeHelloassoUrl: string | null;
  feeChequeOrder: string | null;
  /** Descriptions of the images above, by address ("" for a decorative one). */
  imageAlts: Record<string, string>;
  updatedAt: Date;
}

/** Fields an update may carry; only the ones present are written. */
export type ContentFields = Partial<Omit<AssociationContent, "id" | "updatedAt" | "imageAlts">> & {
  /** Descriptions of images by address, set one by one (null removes one); the others are kept. */
  imageAlts?: Record<string, string | null>;
};

export const PLOTS_MESSAGE = "Merci de saisir des nombres valides pour les parcelles.";
export const PLOTS_OVER_TOTAL_MESSAGE =
  "Le nombre de parcelles occupées ne peut pas dépasser le nombre total de parcelles.";
export const REGISTRATION_NUMBER_MESSAGE =
  "Indiquez le numéro RNA (W suivi de 9 chiffres) ou le numéro SIRET (14 chiffres) de l'association.";
export const NO_HOME_IMAGE_MESSAGE = "Aucune image d’accueil à enregistrer.";
export const NO_HEADER_ICON_MESSAGE = "Aucune icône à enregistrer.";
export const INVALID_EMAIL_MESSAGE = "Format d'email invalide";
export const INVALID_IMAGE_MESSAGE = "Adresse d'image invalide.";
const MAX_PLOTS = 1_000_000;

/** Longest text of each content field, for the schemas and for the form fields that show it. */
export const CONTENT_TEXT_LIMITS = {
  titreAccueil: 200,
  texteIntro: 2000,
  texteFooter: 1000,
  titreAssociation: 200,
  contentAssociation: RICH_TEXT_MAX_LENGTH,
  adresse: 300,
  telephone: 50,
  email: 254,
  horaires: 300,
  nomAssociation: 100,
  slogan: 200,
  charte: 20_000,
  reglement: 20_000,
  editeurNom: 200,
  editeurAdresse: 300,
  editeurNumero: 40,
  directeurPublication: 200,
  hebergeurNom: 200,
  hebergeurAdresse: 300,
  hebergeurTelephone: 50,
  tribunal: 200,
} as const;
const limit = CONTENT_TEXT_LIMITS;

/** Empty input counts as 0; otherwise a whole number ≥ 0. */
const plotCount = z
  .union([z.string(), z.number()], { error: PLOTS_MESSAGE })
  .optional()
  .transform((v, ctx) => {
    const text = String(v ?? "").trim();
    if (text === "") return 0;
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n > MAX_PLOTS) {
      ctx.addIssue({ code: "custom", message: PLOTS_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/** 'Page d’accueil - Textes': home title, intro and footer text; one left empty is stored as null so the default text shows. */
export const homeTextsFormSchema = z.object({
  titreAccueil: optionalLine(limit.titreAccueil),
  texteIntro: optionalText(limit.texteIntro),
  texteFooter: optionalText(limit.texteFooter),
});

/** 'Page d’accueil - Image': the home image. */
export const homeImageFormSchema = z.object({
  imageAccueil: requiredImageUrl(NO_HOME_IMAGE_MESSAGE, INVALID_IMAGE_MESSAGE),
});

/** The header icon ('logo site admin'). */
export const headerIconFormSchema = z.object({
  headerIcon: requiredImageUrl(NO_HEADER_ICON_MESSAGE, INVALID_IMAGE_MESSAGE),
});

/** 'Parcelles occupées': occupied and total plot counts; no more plots occupied than there are. */
export const plotsFormSchema = z
  .object({ parcellesOccupees: plotCount, parcellesTotal: plotCount })
  .refine((plots) => plots.parcellesOccupees <= plots.parcellesTotal, {
    error: PLOTS_OVER_TOTAL_MESSAGE,
    path: ["parcellesOccupees"],
  });

/** An RNA number (W and 9 digits) or a SIRET (14 digits), spaces allowed; stored as typed, trimmed. */
const registrationNumber = optionalText(limit.editeurNumero).refine(
  (v) => v === null || /^(W\d{9}|\d{14})$/i.test(v.replace(/\s/g, "")),
  { error: REGISTRATION_NUMBER_MESSAGE },
);

/**
 * 'Identité de l'association': the name and tagline shown across the site, the charter and rules an applicant
 * commits to (plain text, a paragraph a line), and the facts of the legal notice. Empty texts show the defaults.
 */
export const identityFormSchema = z.object({
  nomAssociation: optionalLine(limit.nomAssociation),
  slogan: optionalLine(limit.slogan),
  charte: optionalText(limit.charte),
  reglement: optionalText(limit.reglement),
  editeurNom: optionalText(limit.editeurNom),
  editeurAdresse: optionalText(limit.editeurAdresse),
  editeurNumero: registrationNumber,
  directeurPublication: optionalText(limit.directeurPublication),
  hebergeurNom: optionalText(limit.hebergeurNom),
  hebergeurAdresse: optionalText(limit.hebergeurAdresse),
  hebergeurTelephone: optionalText(limit.hebergeurTelephone),
  tribunal: optionalText(limit.tribunal),
});

/**
 * 'Page notre association': title, rich text (sanitised by the server on save) and up to 3 images,
 * sent as repeated values, a JSON array string or a single address.
 */
export const associationPageFormSchema = z.object({
  titreAssociation: optionalLine(limit.titreAssociation),
  contentAssociation: optionalText(limit.contentAssociation),
  imagesAssociation: imageList(MAX_ASSOCIATION_IMAGES),
});

/** The plots' e-mails and the fee call's payment instructions (plain text, placeholders in braces); empty: defaults. */
export const PLOT_MAIL_MAX = 4000;
export const plotMailsFormSchema = z.object({
  plotAllotmentMail: optionalText(PLOT_MAIL_MAX),
  plotWarningMail: optionalText(PLOT_MAIL_MAX),
  feePaymentInstructions: optionalText(PLOT_MAIL_MAX),
  feeIban: optionalIban(),
  feeBic: optionalLine(11),
  feeHelloassoUrl: optionalLine(300).refine((v) => v === null || /^https:\/\/(www\.)?helloasso\.com\//.test(v), {
    error: "Indiquez l'adresse de la page HelloAsso, qui commence par https://www.helloasso.com/.",
  }),
  feeChequeOrder: optionalLine(200),
});

/** 'Informations de contact': address, phone, email (valid or empty), opening hours. */
export const contactInfoFormSchema = z.object({
  adresse: optionalText(limit.adresse),
  telephone: optionalText(limit.telephone),
  email: optionalEmail(INVALID_EMAIL_MESSAGE),
  horaires: optionalText(limit.horaires),
});

/** A whole number of months or days within bounds, with a French message that gives them. */
const period = (min: number, max: number, unit: string) =>
  z
    .string({ error: `Saisissez un nombre de ${unit}.` })
    .trim()
    .regex(/^\d{1,4}$/, { error: `Saisissez un nombre entier de ${unit}.` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `Entre ${min} et ${max} ${unit}.` })
        .max(max, { error: `Entre ${min} et ${max} ${unit}.` }),
    );

/** 'Données personnelles': how long each kind of personal data is kept (RGPD). */
export const retentionFormSchema = z.object({
  retentionArchivedApplicationsMonths: period(1, 120, "mois"),
  retentionContactMessagesMonths: period(1, 120, "mois"),
  retentionPendingAdsDays: period(7, 365, "jours"),
  retentionValidatedAdsMonths: period(1, 36, "mois"),
  retentionHistoryMonths: period(6, 120, "mois"),
  retentionSentMailDays: period(1, 365, "jours"),
  retentionEventRegistrationsMonths: period(1, 36, "mois"),
  retentionGardenersYears: period(1, 20, "ans"),
  retentionPaymentsYears: period(1, 20, "ans"),
});
