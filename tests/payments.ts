import type { Transaction } from "~/db/client.server";
import type { Actor } from "~/modules/history/history.server";
import type { PaymentForm } from "~/modules/register/fees.schema";
import { receivePayment, type ReceivedMoney } from "~/modules/register/payments.server";

/** A member of the bureau, as the history names them. */
export const bureau = (username = "marie"): Actor => ({ id: null, username });

/** A payment typed on a gardener's record, as its form gives it: the register's payment row. */
export async function paymentOnRecord(tx: Transaction, gardenerId: number, form: PaymentForm, username = "marie") {
  const paid = await receivePayment(
    tx,
    { gardenerId, kind: form.kind, year: form.year },
    { ...form, amountCents: form.amount },
    bureau(username),
  );
  return paid!.payment;
}

/** A payment against fee `feeId`: the payment, its entry (undefined when the fee is gone). */
export const paymentOnFee = (tx: Transaction, feeId: number, money: ReceivedMoney, username = "marie") =>
  receivePayment(tx, { feeId }, money, bureau(username));
