import { and, asc, eq } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { gardenerPayments } from "~/modules/register/register.tables";
import { bouncedCheques } from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { bookBouncedCheque, TreasuryRefusal } from "~/modules/treasury/book.server";
import { cancelReceiptOfEntry } from "~/modules/treasury/receipts.server";
import { receiptNumber } from "~/modules/treasury/receipts.labels";
import { bouncedChequeFormSchema, type BouncedChequeForm } from "./fees.schema";
import { PAYMENT_KIND_LABELS } from "./fees.labels";
import { euros } from "~/lib/money";

// A cheque returned unpaid by the bank after its deposit. Before the deposit, « Annuler ce paiement » is the answer: the
// entry goes with the payment. After it, the deposit and the bank's statement hold the cheque, so the book keeps its
// entry and adds the bank's debit; the register removes the payment, so the fee is owed again, and keeps the trace.

export const bouncedChequeMessages = {
  notCheque: "Ce paiement n'a pas été fait par chèque.",
  notDeposited:
    "Ce chèque n'a pas encore été remis en banque : s'il ne sera pas encaissé, annulez simplement le paiement.",
  beforeDeposit: (on: string) =>
    `Le chèque a été remis en banque le ${on} : indiquez une date de rejet à partir de ce jour.`,
};

/**
 * Records a deposited cheque as returned unpaid: the bank's debit booked, the receipt cancelled (its recipient told),
 * the payment removed, the trace kept. `scope` keeps the payment to the fee or the record the form is on. Refused
 * (TreasuryRefusal, with the French reason) for another means, a cheque not deposited, a date before the deposit or in
 * a closed year. Undefined: no such payment.
 */
export async function recordBouncedCheque(
  tx: Transaction,
  scope: { feeId: number } | { gardenerId: number },
  form: BouncedChequeForm,
  actor: Actor,
) {
  const [payment] = await tx
    .select()
    .from(gardenerPayments)
    .where(
      and(
        eq(gardenerPayments.id, form.paymentId),
        "feeId" in scope ? eq(gardenerPayments.feeId, scope.feeId) : eq(gardenerPayments.gardenerId, scope.gardenerId),
      ),
    )
    .for("update");
  if (!payment) return undefined;
  if (payment.means !== "cheque") throw new TreasuryRefusal(bouncedChequeMessages.notCheque);
  const booked = await bookBouncedCheque(tx, payment.id, form.bouncedOn, actor.username);
  if (!booked) throw new TreasuryRefusal(bouncedChequeMessages.notDeposited);
  if (form.bouncedOn < booked.depositedOn)
    throw new TreasuryRefusal(bouncedChequeMessages.beforeDeposit(formatCalendarDate(booked.depositedOn)));
  const why = form.reason ? `chèque impayé (${form.reason})` : "chèque impayé";
  const receipt = await cancelReceiptOfEntry(tx, booked.entry.id, why, actor);
  await tx.delete(gardenerPayments).where(eq(gardenerPayments.id, payment.id));
  const [row] = await tx
    .insert(bouncedCheques)
    .values({
      gardenerId: payment.gardenerId,
      feeId: payment.feeId,
      kind: payment.kind,
      year: payment.year,
      amountCents: payment.amountCents,
      paidOn: payment.paidOn ?? booked.entry.date,
      chequeNumber: booked.entry.chequeNumber,
      depositedOn: booked.depositedOn,
      bouncedOn: form.bouncedOn,
      reason: form.reason,
      receiptNumber: receipt ? receiptNumber(receipt.year, receipt.number) : "",
      entryId: booked.entry.id,
      reversalEntryId: booked.reversal.id,
      recordedBy: actor.username,
    })
    .returning();
  return row!;
}

export type BouncedCheque = typeof bouncedCheques.$inferSelect;

/** The history's words: « 45,00 € (chèque n° 1234567 remis le 5 mars 2026), impayé le 20 mars 2026 : sans provision ». */
export function bouncedChequeText(row: BouncedCheque) {
  const number = row.chequeNumber ? ` n° ${row.chequeNumber}` : "";
  const receipt = row.receiptNumber ? ` ; reçu n° ${row.receiptNumber} annulé` : "";
  return `${euros(row.amountCents)} (chèque${number} remis le ${formatCalendarDate(row.depositedOn)}), impayé le ${formatCalendarDate(row.bouncedOn)}${row.reason ? ` : ${row.reason}` : ""}${receipt}`;
}

/** The done message: what the fee and the book now say. */
export const bouncedChequeDone = (row: BouncedCheque) =>
  `Chèque impayé enregistré : ${euros(row.amountCents)} repris du compte le ${formatCalendarDate(row.bouncedOn)}${
    row.feeId === null ? "" : ", la cotisation est de nouveau due d'autant"
  }${row.receiptNumber ? `, reçu n° ${row.receiptNumber} annulé` : ""}.`;

/** The bounced cheques of a fee or of a gardener's record, oldest first, as the record lists them. */
export async function bouncedChequesOf(
  scope: { feeId: number } | { gardenerId: number },
  executor: Executor = getDb(),
) {
  const rows = await executor
    .select()
    .from(bouncedCheques)
    .where("feeId" in scope ? eq(bouncedCheques.feeId, scope.feeId) : eq(bouncedCheques.gardenerId, scope.gardenerId))
    .orderBy(asc(bouncedCheques.bouncedOn), asc(bouncedCheques.id));
  return rows.map((row) => ({
    id: row.id,
    feeId: row.feeId,
    /** « Budget d'entrée 2026 ». */
    what: `${PAYMENT_KIND_LABELS[row.kind]} ${row.year}`,
    text: `Chèque${row.chequeNumber ? ` n° ${row.chequeNumber}` : ""} de ${euros(row.amountCents)} du ${formatCalendarDate(row.paidOn)}, remis le ${formatCalendarDate(row.depositedOn)}, impayé le ${formatCalendarDate(row.bouncedOn)}${row.reason ? ` (${row.reason})` : ""}`,
  }));
}

/**
 * « Chèque impayé » from a fee's page or a record: the form read with its schema, the cheque recorded with its history
 * entry (`target`, the words the page names the payment by), and the answer the page shows.
 */
export async function bouncedChequeAction(
  form: FormData,
  scope: { feeId: number } | { gardenerId: number },
  actor: Actor,
  target: string,
  what: (row: BouncedCheque) => string = bouncedChequeText,
) {
  const { data, refusal } = parseAdminForm(bouncedChequeFormSchema, form, "Le chèque impayé n'a pas été enregistré :");
  if (refusal) return refusal;
  let bounced;
  try {
    bounced = await withHistory(
      actor,
      (tx) => recordBouncedCheque(tx, scope, data, actor),
      (row) => row && { kind: "jardinier.cheque-impaye", target, detail: what(row) },
    );
  } catch (error) {
    return refusedBy(form, error);
  }
  if (!bounced) return refusedForm(form, "Ce paiement n'existe plus.", {}, 404);
  return doneForm("bounced-cheque", bouncedChequeDone(bounced));
}
