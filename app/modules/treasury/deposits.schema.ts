import { z } from "zod";
import { calendarDate, recordId } from "~/modules/forms/fields.schema";

// The form of « Chèques à remettre » (/admin/tresorerie/remises): a box per cheque (`cheque-<id>`), each one's number
// and bank as the treasurer completes them (`numero-<id>`, `banque-<id>`), the account and the date.

export const DEPOSIT_NONE_MESSAGE = "Cochez au moins un chèque à remettre.";
export const CHEQUE_NUMBER_MAX = 20;
export const CHEQUE_BANK_MAX = 60;

const chequeId = z
  .string()
  .regex(/^\d{1,9}$/, { error: DEPOSIT_NONE_MESSAGE })
  .transform(Number);

export const depositFormSchema = z.object({
  accountId: recordId("Choisissez le compte bancaire où les chèques sont remis."),
  depositedOn: calendarDate("Indiquez la date de la remise."),
  cheques: z.array(chequeId, { error: DEPOSIT_NONE_MESSAGE }).min(1, { error: DEPOSIT_NONE_MESSAGE }),
  numbers: z.record(z.string(), z.string()),
  banks: z.record(z.string(), z.string()),
});

/** What the browser checks of the form before sending it (the cheques' own fields are checked by the server). */
export const depositBrowserSchema = z.object({
  accountId: recordId("Choisissez le compte bancaire où les chèques sont remis."),
  depositedOn: calendarDate("Indiquez la date de la remise."),
});

/** The form's fields as the schema reads them: the ticked cheques' ids, the numbers and banks by cheque. */
export function depositFormInput(form: FormData) {
  const numbers: Record<string, string> = {};
  const banks: Record<string, string> = {};
  const cheques: string[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const ticked = /^cheque-(\d{1,9})$/.exec(name);
    if (ticked) cheques.push(ticked[1]!);
    const number = /^numero-(\d{1,9})$/.exec(name);
    if (number) numbers[number[1]!] = value;
    const bank = /^banque-(\d{1,9})$/.exec(name);
    if (bank) banks[bank[1]!] = value;
  }
  return {
    accountId: form.get("accountId") ?? undefined,
    depositedOn: form.get("depositedOn") ?? undefined,
    cheques,
    numbers,
    banks,
  };
}
