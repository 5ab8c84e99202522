import { z } from "zod";
import { optionalLine, optionalText, recordId, requiredLine } from "~/modules/forms/fields.schema";
import { PAYMENT_KINDS, PAYMENT_MEANS } from "~/modules/register/fees.labels";
import { calendarDate, choice, pastDate, euroAmount, yearField } from "~/modules/register/plots.schema";

// The forms of /admin/cotisations and of a fee's page: the call, payments, waiver, cancellation, particular rates.

/** A cheque's number and bank, for the deposit slip (optional: the deposit asks for what is missing). */
export const chequeFields = {
  chequeNumber: optionalLine(20, ""),
  chequeBank: optionalLine(60, ""),
};

/** « Envoyer le reçu par e-mail »: ticked, the payment's receipt is made and queued once the payment is recorded. */
export const receiptBox = { sendReceipt: z.literal("on", { error: "Cochez ou décochez la case." }).optional() };

/** A payment recorded on a gardener's record: a year's fee, the entry budget or a cabin takeover. */
export const paymentFormSchema = z.object({
  kind: choice(PAYMENT_KINDS, "Choisissez ce qui est payé."),
  year: yearField(),
  amount: euroAmount(),
  paidOn: calendarDate("Indiquez la date du paiement."),
  means: choice(PAYMENT_MEANS, "Choisissez le moyen de paiement."),
  ...chequeFields,
  ...receiptBox,
});
export type PaymentForm = z.output<typeof paymentFormSchema>;

export const FEE_CONFIRM_MESSAGE = "Cochez la case pour confirmer l'envoi.";
const REASON_MESSAGE = "Indiquez la raison (elle reste écrite sur la cotisation).";
const means = () => z.enum(PAYMENT_MEANS, { error: "Choisissez le moyen de paiement." });
/** « Envoyer un lien de paiement »: ticked, each e-mail carries its fee's link to pay online (when online payment is on). */
const paymentLink = z
  .literal("on", { error: "Cochez ou décochez la case." })
  .optional()
  .transform((v) => v === "on");

/** « Appel à cotisation »: the year, the amount of a plot of each size, the due date; `confirm` to send. */
export const feeCallFormSchema = z.object({
  year: yearField(),
  small: euroAmount(),
  medium: euroAmount(),
  large: euroAmount(),
  dueOn: calendarDate("Indiquez la date avant laquelle régler."),
  /** How many recipients the preview showed: the box confirmed that number. */
  expected: z.string().optional(),
  confirm: z.string().optional(),
  paymentLink,
});
export type FeeCallForm = z.output<typeof feeCallFormSchema>;

/** « Envoyer un rappel »: with the link to pay online or without. */
export const feeRemindFormSchema = z.object({ paymentLink });

const FEES_TICKED_MESSAGE = "Cochez au moins une cotisation payée.";

/** The ticks of the fees list: which fees (repeated), paid in full on a date by a means. */
export const feesPaidFormSchema = z.object({
  fees: z
    .array(
      z
        .string()
        .regex(/^\d{1,9}$/, { error: FEES_TICKED_MESSAGE })
        .transform(Number),
      { error: FEES_TICKED_MESSAGE },
    )
    .min(1, { error: FEES_TICKED_MESSAGE }),
  paidOn: calendarDate("Indiquez la date du paiement."),
  means: means(),
});

/** A payment against one fee, whole or partial. */
export const feePaymentFormSchema = z.object({
  amount: euroAmount().refine((cents) => cents > 0, { error: "Indiquez un montant supérieur à zéro." }),
  paidOn: calendarDate("Indiquez la date du paiement."),
  means: means(),
  ...chequeFields,
  ...receiptBox,
});

/** « Exonérer »: what remains to pay after the waiver, beyond what was paid (0: nothing more), and why. */
export const feeWaiveFormSchema = z.object({
  remaining: euroAmount(),
  reason: requiredLine(300, REASON_MESSAGE),
});

/** « Annuler l'appel », and the departure's « annuler la cotisation »: why. */
export const feeCancelFormSchema = z.object({ reason: requiredLine(300, REASON_MESSAGE) });

/** A particular rate: for the gardener (`target` « fiche ») or one of their plots (`target` its id). */
export const feeRateFormSchema = z.object({
  target: z.union([z.literal("fiche"), recordId("Choisissez à quoi s'applique le tarif.")], {
    error: "Choisissez à quoi s'applique le tarif.",
  }),
  amount: euroAmount(),
  reason: optionalText(300, ""),
});

/**
 * The departure's question, when it leaves the gardener no plot and fees are still owed: for each year's
 * (`openFee-<year>`), kept as due (the default) or cancelled, and the reason written on those cancelled.
 */
export const departureFeeSchema = z.object({
  choices: z.record(z.string().regex(/^\d{4}$/), z.enum(["keep", "cancel"])),
  feeReason: optionalText(300, ""),
});

/** The departure form's fee answers as the schema reads them. */
export function departureFeeInput(form: FormData) {
  const choices: Record<string, unknown> = {};
  for (const [name, value] of form) {
    const year = /^openFee-(\d{4})$/.exec(name);
    if (year) choices[year[1]!] = value;
  }
  return { choices, feeReason: form.get("feeReason") ?? undefined };
}

/** « Chèque impayé »: which payment, the day the bank debited it, and why (« sans provision »…). */
export const bouncedChequeFormSchema = z.object({
  paymentId: recordId("Ce paiement n'existe plus."),
  bouncedOn: pastDate("la date du rejet par la banque"),
  reason: optionalText(200, ""),
});
export type BouncedChequeForm = z.output<typeof bouncedChequeFormSchema>;
