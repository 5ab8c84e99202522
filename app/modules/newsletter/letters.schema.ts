import { z } from "zod";
import { RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import { stripHtml } from "~/lib/text";
import { requiredText } from "~/modules/forms/fields.schema";
import { EMAIL_MAX } from "~/modules/forms/limits";
import { singleLineText } from "~/modules/mail/mail.schema";

export const LETTER_SUBJECT_MAX = 150;
export const LETTER_SUBJECT_MESSAGE = "L'objet de la lettre est obligatoire.";
export const LETTER_MESSAGE_MESSAGE = "Écrivez le message de la lettre.";
export const LETTER_TEST_ADDRESS_MESSAGE = "Indiquez l'adresse où recevoir le test.";
export const LETTER_CONFIRM_MESSAGE = "Cochez la case pour confirmer l'envoi.";

export const GARDENER_GROUPS = ["actuels", "jardins", "cotisation", "parcelles"] as const;
export type GardenerGroupKind = (typeof GARDENER_GROUPS)[number];
export const LETTER_NATURES = ["information", "service"] as const;
export type LetterNature = (typeof LETTER_NATURES)[number];

/** Whom a letter to gardeners goes to (audience « jardiniers »), and whether each may decline it (decision 029). */
export interface GardenerAudience {
  gardeners: GardenerGroupKind | null;
  siteIds: number[];
  plotIds: number[];
  feeYear: number | null;
  nature: LetterNature;
}

/** What a letter presents, and to whom it goes. */
export interface LetterDraft extends Partial<GardenerAudience> {
  audience: "abonnes" | "inscrits" | "jardiniers";
  source: "article" | "evenement" | "libre" | "resume";
  sourceId: number | null;
  eventId: number | null;
  subject: string;
  message: string;
}

export const LETTER_SITES_MESSAGE = "Cochez au moins un jardin.";
export const LETTER_PLOTS_MESSAGE = "Cochez au moins une parcelle.";
export const LETTER_FEE_YEAR_MESSAGE = "Choisissez l'année de la cotisation.";
export const LETTER_GROUP_MESSAGE = "Choisissez à quels jardiniers écrire.";
const UNKNOWN_CHOICE = "Ce choix n'existe pas.";

/** Ticked boxes: none, one (a value) or several (a list), as ids. */
const ids = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z.coerce
        .number({ error: UNKNOWN_CHOICE })
        .int(UNKNOWN_CHOICE)
        .positive(UNKNOWN_CHOICE)
        .max(2 ** 31 - 1, UNKNOWN_CHOICE),
    )
    .max(10_000, UNKNOWN_CHOICE),
);

const subject = singleLineText().pipe(requiredText(LETTER_SUBJECT_MAX, LETTER_SUBJECT_MESSAGE));
const message = z.string().max(RICH_TEXT_MAX_LENGTH, { error: tooLongMessage(RICH_TEXT_MAX_LENGTH) });

/**
 * The letter editor's form: the subject and the message, then what to do. A free message needs words of its own;
 * one presenting an article or an event may have none. « Envoyer » asks for the box confirming the number of
 * recipients (no JavaScript needed for a second question).
 */
export const letterFormSchema = z
  .object({
    subject,
    message: message.default(""),
    presents: z.enum(["oui", "non"]).catch("non"),
    intent: z.enum(["save", "test", "send", "delete"], { error: "Action inconnue." }),
    testTo: z.string().trim().max(EMAIL_MAX).optional(),
    confirm: z.literal("on").optional(),
    // A letter to gardeners: which ones, and its nature.
    gardeners: z.enum(GARDENER_GROUPS, { error: LETTER_GROUP_MESSAGE }).optional(),
    siteIds: ids,
    plotIds: ids,
    feeYear: z
      .union([z.literal(""), z.coerce.number({ error: LETTER_FEE_YEAR_MESSAGE }).int().min(2000).max(2100)], {
        error: LETTER_FEE_YEAR_MESSAGE,
      })
      .optional()
      .transform((year) => (year === "" || year === undefined ? null : year)),
    nature: z.enum(LETTER_NATURES, { error: "Choisissez la nature du message." }).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.gardeners === "jardins" && form.siteIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["siteIds"], message: LETTER_SITES_MESSAGE });
    if (form.gardeners === "parcelles" && form.plotIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["plotIds"], message: LETTER_PLOTS_MESSAGE });
    if (form.gardeners === "cotisation" && form.feeYear === null)
      ctx.addIssue({ code: "custom", path: ["feeYear"], message: LETTER_FEE_YEAR_MESSAGE });
    if (form.presents === "non" && stripHtml(form.message) === "")
      ctx.addIssue({ code: "custom", path: ["message"], message: LETTER_MESSAGE_MESSAGE });
    if (form.intent === "test" && !z.email().safeParse(form.testTo ?? "").success)
      ctx.addIssue({ code: "custom", path: ["testTo"], message: LETTER_TEST_ADDRESS_MESSAGE });
    if (form.intent === "send" && form.confirm !== "on")
      ctx.addIssue({ code: "custom", path: ["confirm"], message: LETTER_CONFIRM_MESSAGE });
  });
