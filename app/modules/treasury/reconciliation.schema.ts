import { z } from "zod";
import { parseEuros } from "~/lib/money";
import { calendarDate, recordId } from "~/modules/forms/fields.schema";

// The forms of bank reconciliation (/admin/tresorerie/rapprochement): a new statement (its date and ending balance),
// its balance corrected, and the ticks of its entries (a box `entry-<id>` each, `remise-<id>` for a deposit).

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

export const statementBalanceFormSchema = z.object({ balance: signedEuroAmount() });

/** The ids of the boxes ticked named `<prefix>-<id>`. */
function tickedIds(form: FormData, prefix: string) {
  const ids: number[] = [];
  for (const name of form.keys()) {
    const match = /^([a-z]+)-(\d{1,9})$/.exec(name);
    if (match?.[1] === prefix) ids.push(Number(match[2]));
  }
  return [...new Set(ids)];
}

/** What a statement's form ticks: entries one by one (`entry-<id>`), deposits of cheques whole (`remise-<id>`). */
export const formTicks = (form: FormData) => ({
  entries: tickedIds(form, "entry"),
  deposits: tickedIds(form, "remise"),
});
