import { z } from "zod";
import { parseEuros } from "~/lib/money";
import { recordId } from "~/modules/forms/fields.schema";
import { calendarDate } from "~/modules/register/plots.schema";

// The forms of bank reconciliation (/admin/tresorerie/rapprochement): a new statement (its date and ending balance),
// its balance corrected, and the ticks of its entries (a box `entry-<id>` each).

const BALANCE_MESSAGE = "Indiquez le solde du relevé en euros, par exemple 1 234,56 (précédé de - s'il est débiteur).";

/** Cents from a balance as typed, possibly below zero (« -1 234,56 », « − 12,40 € »); null when it is not one. */
export function parseSignedEuros(typed: string): number | null {
  const trimmed = typed.trim();
  const negative = /^[-−]/.test(trimmed);
  const cents = parseEuros(negative ? trimmed.slice(1) : trimmed);
  return cents === null ? null : negative ? -cents : cents;
}

export const signedEuroAmount = (message = BALANCE_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseSignedEuros(v) !== null, { error: message })
    .transform((v) => parseSignedEuros(v)!);

export const statementFormSchema = z.object({
  accountId: recordId("Choisissez le compte du relevé."),
  statementDate: calendarDate("Indiquez la date du relevé."),
  balance: signedEuroAmount(),
});
export type StatementForm = z.output<typeof statementFormSchema>;

export const statementBalanceFormSchema = z.object({ balance: signedEuroAmount() });

/** The ticked entries' ids, from their boxes. */
export function tickedEntries(form: FormData) {
  const ids: number[] = [];
  for (const name of form.keys()) {
    const match = /^entry-(\d{1,9})$/.exec(name);
    if (match) ids.push(Number(match[1]));
  }
  return [...new Set(ids)];
}
