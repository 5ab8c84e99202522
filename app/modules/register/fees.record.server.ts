import { parseId } from "~/lib/text";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import type { Transaction } from "~/db/client.server";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { gardenerTarget, withHistory, type Actor } from "~/modules/history/history.server";
import { PAYMENT_KIND_LABELS, PAYMENT_MEANS_LABELS, type PaymentMeans } from "~/modules/register/fees.labels";
import { euros, eurosField } from "~/lib/money";
import { paymentFormSchema } from "~/modules/register/fees.schema";
import { feeYearsOf, receiptLinksOf } from "~/modules/treasury/receipts.server";
import { paymentReceiptMessage } from "~/modules/treasury/receipts.labels";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gardeners } from "~/modules/register/register.tables";
import { feeStateText, isLate, paymentUndoneMessage } from "./fees.labels";
import { departureFeeInput, departureFeeSchema, feeRateFormSchema } from "./fees.schema";
import { bouncedChequeAction, bouncedChequesOf, bouncedChequeText } from "./bounced-cheques.server";
import { depositDatesOfPayments } from "~/modules/treasury/deposits.server";
import { cancelFee, feesAndPaymentsOf, openFeesOf, removeFeeRate, setFeeRate } from "./fees.server";
import { FeeAlreadyRecordedError, receivePayment, undoPayment } from "./payments.server";

// A gardener's record, the fee part: their fees and balances, other payments, their particular rates, and what a
// departure does to the fee still owed.

const meansLabel = (means: string | null) => (means ? (PAYMENT_MEANS_LABELS[means as PaymentMeans] ?? means) : "");

/** What the record shows of money: fees with their balance, other payments, rates, and the open fee of a leaver. */
export async function gardenerFeesScreen(gardenerId: number, today: string) {
  const [{ fees, others, rates, feePayments }, open, statementYears, [gardener]] = await Promise.all([
    feesAndPaymentsOf(gardenerId),
    openFeesOf(gardenerId),
    feeYearsOf(gardenerId),
    getDb().select({ email: gardeners.email }).from(gardeners).where(eq(gardeners.id, gardenerId)),
  ]);
  const paymentIds = [...others, ...feePayments].map((p) => p.id);
  const [receipts, deposited, bounced] = await Promise.all([
    receiptLinksOf(paymentIds),
    depositDatesOfPayments(paymentIds),
    bouncedChequesOf({ gardenerId }),
  ]);
  const paymentView = (p: (typeof others)[number]) => ({
    id: p.id,
    amount: euros(p.amountCents),
    paidOn: formatCalendarDate(p.paidOn),
    means: meansLabel(p.means),
    receipt: receipts.get(p.id) ?? null,
    /** A cheque in a deposit: « Chèque impayé » rather than « Annuler ce paiement ». */
    depositedOn: p.means === "cheque" && deposited.has(p.id) ? formatCalendarDate(deposited.get(p.id)!) : null,
  });
  return {
    hasEmail: Boolean(gardener?.email),
    /** The years with a fee paid: each has its « Attestation de paiement ». */
    statementYears,
    fees: fees.map((f) => ({
      id: f.id,
      year: f.year,
      called: euros(f.amountCents),
      paid: euros(f.paidCents),
      state: feeStateText(f),
      late: isLate(f, today),
      due: formatCalendarDate(f.dueOn),
      rate: f.rate,
      reason: f.reason,
      calledOn: f.calledAt ? formatDate(f.calledAt) : "",
      payments: feePayments.filter((p) => p.feeId === f.id).map(paymentView),
      bounced: bounced.filter((b) => b.feeId === f.id).map((b) => b.text),
    })),
    /** Cheques returned unpaid for an entry budget or a cabin takeover. */
    bouncedOthers: bounced
      .filter((b) => b.feeId === null)
      .map((b) => `${b.what} : ${b.text.charAt(0).toLowerCase()}${b.text.slice(1)}`),
    others: others.map((p) => ({ ...paymentView(p), what: `${PAYMENT_KIND_LABELS[p.kind]} (${p.year})` })),
    rates: rates.map((r) => ({
      id: r.rate.id,
      what: r.plotNumber === null ? "Pour la fiche" : `Parcelle n° ${r.plotNumber}`,
      amount: euros(r.rate.amountCents),
      amountField: eurosField(r.rate.amountCents),
      reason: r.rate.reason,
    })),
    /** The departure's question: the fees still owed, asked about when the gardener leaves their last plot. */
    openFees: open.map((f) => ({ year: f.year, rest: euros(f.balance) })),
  };
}

/** The record's fee forms' intents: the treasurer's (`fees`), where every other form of the record needs `register`. */
export const GARDENER_FEE_INTENTS: readonly string[] = [
  "payment",
  "undo-payment",
  "bounced-cheque",
  "fee-rate",
  "fee-rate-remove",
];

/** The record's fee forms: a payment, undoing one, a particular rate set or removed. Undefined: not one of them. */
export async function gardenerFeeAction(gardenerId: number, form: FormData, actor: Actor) {
  switch (form.get("intent")) {
    case "payment": {
      const { data, refusal } = parseAdminForm(paymentFormSchema, form, "Le paiement n'a pas été enregistré :");
      if (refusal) return refusal;
      let payment;
      try {
        payment = await withHistory(
          actor,
          (tx) =>
            receivePayment(
              tx,
              { gardenerId, kind: data.kind, year: data.year },
              { ...data, amountCents: data.amount },
              actor,
              { receipt: data.sendReceipt === "on" },
            ),
          () => ({
            kind: "jardinier.paiement",
            target: gardenerTarget(gardenerId),
            detail: `${PAYMENT_KIND_LABELS[data.kind]} ${data.year} : ${euros(data.amount)}`,
          }),
        );
      } catch (error) {
        if (error instanceof FeeAlreadyRecordedError)
          return refusedForm(
            form,
            "Le paiement n'a pas été enregistré :",
            { year: `La cotisation ${data.year} est déjà réglée ou annulée.` },
            409,
          );
        return refusedBy(form, error);
      }
      const receipt = payment?.receipt ? ` ${paymentReceiptMessage(payment.receipt)}` : "";
      return doneForm("payment", `Paiement enregistré : ${euros(data.amount)}.${receipt}`);
    }
    case "undo-payment": {
      let undone;
      try {
        undone = await withHistory(
          actor,
          (tx) =>
            undoPayment(tx, parseId(form.get("paymentId")) ?? 0, gardenerId, {
              actor,
              reason: "paiement annulé par le bureau",
            }),
          (row) =>
            row && {
              kind: "jardinier.paiement-annule",
              target: gardenerTarget(gardenerId),
              detail: `${PAYMENT_KIND_LABELS[row.kind]} ${row.year} : ${euros(row.amountCents)}`,
            },
        );
      } catch (error) {
        return refusedBy(form, error);
      }
      if (!undone) return refusedForm(form, "Ce paiement n'existe plus.", {}, 404);
      return doneForm("undo-payment", paymentUndoneMessage(undone.receipt));
    }
    case "bounced-cheque":
      return bouncedChequeAction(
        form,
        { gardenerId },
        actor,
        gardenerTarget(gardenerId),
        (row) => `${PAYMENT_KIND_LABELS[row.kind]} ${row.year} : ${bouncedChequeText(row)}`,
      );
    case "fee-rate": {
      const { data, refusal } = parseAdminForm(feeRateFormSchema, form, "Le tarif n'a pas été enregistré :");
      if (refusal) return refusal;
      const on = data.target === "fiche" ? { gardenerId } : { plotId: data.target };
      await withHistory(
        actor,
        (tx) => setFeeRate(tx, on, data.amount, data.reason),
        () => ({
          kind: "cotisation.tarif",
          target: gardenerTarget(gardenerId),
          detail: `${data.target === "fiche" ? "fiche" : `parcelle ${data.target}`} : ${euros(data.amount)}${data.reason ? ` (${data.reason})` : ""}`,
        }),
      );
      return doneForm(
        "fee-rate",
        `Tarif particulier enregistré : ${euros(data.amount)}. Il s'applique aux prochains appels.`,
      );
    }
    case "fee-rate-remove": {
      const removed = await withHistory(
        actor,
        (tx) => removeFeeRate(tx, parseId(form.get("rateId")) ?? 0),
        (row) =>
          row && { kind: "cotisation.tarif", target: gardenerTarget(gardenerId), detail: "tarif particulier retiré" },
      );
      if (!removed) return refusedForm(form, "Ce tarif n'existe plus.", {}, 404);
      return doneForm(
        "fee-rate-remove",
        "Tarif particulier retiré : les prochains appels suivent la taille des parcelles.",
      );
    }
    default:
      return undefined;
  }
}

/**
 * The departure's answer for the fees still owed, once the gardener has left their last plot: each year's kept as due
 * (the default) or cancelled with the reason written on it. Returns what the history says of them.
 */
export async function settleLeaverFee(tx: Transaction, gardenerId: number, form: FormData) {
  const parsed = departureFeeSchema.safeParse(departureFeeInput(form));
  const choices = parsed.success ? parsed.data.choices : {};
  const reason = (parsed.success && parsed.data.feeReason) || "départ du jardinier";
  const said: string[] = [];
  for (const open of await openFeesOf(gardenerId, tx)) {
    if (choices[String(open.year)] !== "cancel") {
      said.push(`cotisation ${open.year} gardée à régler`);
      continue;
    }
    await cancelFee(tx, open.id, reason);
    said.push(`cotisation ${open.year} annulée (${reason})`);
  }
  return said.join(" ; ");
}
