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

/** What a letter presents, and to whom it goes. */
export interface LetterDraft {
  audience: "abonnes" | "inscrits" | "jardiniers";
  source: "article" | "evenement" | "libre" | "resume";
  sourceId: number | null;
  eventId: number | null;
  subject: string;
  message: string;
}

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
  })
  .superRefine((form, ctx) => {
    if (form.presents === "non" && stripHtml(form.message) === "")
      ctx.addIssue({ code: "custom", path: ["message"], message: LETTER_MESSAGE_MESSAGE });
    if (form.intent === "test" && !z.email().safeParse(form.testTo ?? "").success)
      ctx.addIssue({ code: "custom", path: ["testTo"], message: LETTER_TEST_ADDRESS_MESSAGE });
    if (form.intent === "send" && form.confirm !== "on")
      ctx.addIssue({ code: "custom", path: ["confirm"], message: LETTER_CONFIRM_MESSAGE });
  });
