import { z } from "zod";
import { calendarDate, euroAmount, recordId } from "~/modules/forms/fields.schema";

// The form of « Versements HelloAsso » (/admin/tresorerie/helloasso): a box per payment waiting (`paiement-<id>`), the
// bank account, the day the payout reached it and the fees HelloAsso kept (none, usually).

export const PAYOUT_NONE_MESSAGE = "Cochez les paiements que ce versement contient.";

const paymentId = z
  .string()
  .regex(/^\d{1,9}$/, { error: PAYOUT_NONE_MESSAGE })
  .transform(Number);

/** What the browser checks before sending (the boxes are checked by the server). */
export const payoutBrowserSchema = z.object({
  accountId: recordId("Choisissez le compte bancaire où HelloAsso a versé l'argent."),
  paidOn: calendarDate("Indiquez la date du versement sur le relevé."),
  fees: z.union([z.literal(""), euroAmount()]).optional(),
});

export const payoutFormSchema = payoutBrowserSchema.extend({
  payments: z.array(paymentId, { error: PAYOUT_NONE_MESSAGE }).min(1, { error: PAYOUT_NONE_MESSAGE }),
});

/** The form's fields as the schema reads them: the ticked payments' ids apart. */
export function payoutFormInput(form: FormData) {
  const payments: string[] = [];
  for (const name of form.keys()) {
    const ticked = /^paiement-(\d{1,9})$/.exec(name);
    if (ticked) payments.push(ticked[1]!);
  }
  return {
    accountId: form.get("accountId") ?? undefined,
    paidOn: form.get("paidOn") ?? undefined,
    fees: form.get("fees") ?? undefined,
    payments,
  };
}
