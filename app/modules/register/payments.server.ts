import { and, eq } from "drizzle-orm";
import { isUniqueViolation, type Transaction } from "~/db/client.server";
import { gardenerFees, gardenerPayments, gardeners } from "~/modules/register/register.tables";
import type { Actor } from "~/modules/history/history.server";
import { bookPayment, unbookPayment, type ChequeDetails } from "~/modules/treasury/book.server";
import { cancelReceiptOfEntry, receiptOfNewPayment, receiptOfPayment } from "~/modules/treasury/receipts.server";
import { receiptNumber, type PaymentReceipt } from "~/modules/treasury/receipts.labels";
import { feeBalance, type PaymentKind } from "./fees.labels";
import { lockedFee } from "./fees.server";

// « A payment is recorded », whoever records it: the fee's page, the gardener's record, the fees list's ticks,
// HelloAsso's return or notification, and the bureau recording an online payment that was set aside. One use case,
// so the payment, its entry in the book and its receipt are made the same way and in the same transaction.

type LockedFee = NonNullable<Awaited<ReturnType<typeof lockedFee>>>;

/**
 * Where a payment goes: a fee already called (or that fee as the caller locked it in this transaction), or a
 * gardener's record (the year's fee, found or made, or another kind).
 */
export type PaymentDestination =
  { feeId: number } | { fee: LockedFee } | { gardenerId: number; kind: PaymentKind; year: number };

export type ReceivedMoney = { amountCents: number; paidOn: string; means: string } & ChequeDetails;

export class FeeAlreadyRecordedError extends Error {}

/**
 * Records `money` against `to` in the caller's transaction: the payment, its entry in the book (refused,
 * TreasuryRefusal, when the book cannot take it: a closed year, no account; then nothing is written) and, with
 * `receipt`, its receipt made and its e-mail queued in the outbox (a receipt that cannot be made never undoes the
 * payment: `receipt` says what became of it). A fee already settled is refused on a record (FeeAlreadyRecordedError);
 * undefined when the fee is gone.
 */
export async function receivePayment(
  tx: Transaction,
  to: PaymentDestination,
  money: ReceivedMoney,
  actor: Actor,
  { receipt = false }: { receipt?: boolean } = {},
) {
  const payment =
    "gardenerId" in to
      ? await paymentOnRecord(tx, to, money)
      : await paymentOnFee(tx, "fee" in to ? to.fee : await lockedFee(tx, to.feeId), money);
  if (!payment) return undefined;
  const entry = await bookPayment(tx, payment, actor.username, money);
  let mailed: PaymentReceipt | null = null;
  if (receipt) mailed = entry ? await receiptOfNewPayment(tx, entry.id, actor) : { state: "no-entry" };
  return { payment, entry, receipt: mailed };
}

/** A payment against a fee, whole or partial (more than the balance is an overpayment, shown as such). */
async function paymentOnFee(tx: Transaction, fee: LockedFee | undefined, money: ReceivedMoney) {
  if (!fee) return undefined;
  const [row] = await tx
    .insert(gardenerPayments)
    .values({
      gardenerId: fee.gardenerId,
      kind: "cotisation",
      year: fee.year,
      feeId: fee.id,
      amountCents: money.amountCents,
      paidOn: money.paidOn,
      means: money.means,
      reference: (money.reference ?? "").trim(),
    })
    .returning();
  return row!;
}

/**
 * A payment on a gardener's record. A year's fee goes against the fee of that year (one is made for what is paid if
 * none was called); a fee already settled is refused. The entry budget and a cabin takeover are payments alone.
 */
async function paymentOnRecord(
  tx: Transaction,
  to: { gardenerId: number; kind: PaymentKind; year: number },
  money: ReceivedMoney,
) {
  const { gardenerId, kind, year } = to;
  // An edit of the record: the demo's removal leaves it alone from now on.
  await tx.update(gardeners).set({ isDemo: false }).where(eq(gardeners.id, gardenerId));
  const paid = { amountCents: money.amountCents, paidOn: money.paidOn, means: money.means };
  if (kind !== "cotisation") {
    const [row] = await tx
      .insert(gardenerPayments)
      .values({ gardenerId, kind, year, ...paid })
      .returning();
    return row!;
  }
  let [fee] = await tx
    .select({ id: gardenerFees.id })
    .from(gardenerFees)
    .where(and(eq(gardenerFees.gardenerId, gardenerId), eq(gardenerFees.year, year)));
  if (!fee) {
    try {
      [fee] = await tx
        .insert(gardenerFees)
        .values({ gardenerId, year, amountCents: money.amountCents, dueOn: money.paidOn, rate: "payée sans appel" })
        .returning({ id: gardenerFees.id });
    } catch (error) {
      // The year's fee written meanwhile (a fee call, another tab).
      if (isUniqueViolation(error)) throw new FeeAlreadyRecordedError();
      throw error;
    }
  }
  const locked = await lockedFee(tx, fee!.id);
  if (locked!.status === "cancelled" || feeBalance(locked!).balance <= 0) throw new FeeAlreadyRecordedError();
  const [row] = await tx
    .insert(gardenerPayments)
    .values({ gardenerId, kind: "cotisation", year, feeId: fee!.id, ...paid })
    .returning();
  return row!;
}

/** The ticks of the list: each of these fees of `year` paid its balance on `paidOn` by `means` (settled ones left). */
export async function markFeesPaid(
  tx: Transaction,
  year: number,
  ids: number[],
  paidOn: string,
  means: string,
  actor: Actor,
) {
  let count = 0;
  for (const id of ids) {
    const fee = await lockedFee(tx, id);
    if (!fee || fee.year !== year || fee.status === "cancelled") continue;
    const { balance } = feeBalance(fee);
    if (balance <= 0) continue;
    await receivePayment(tx, { fee }, { amountCents: balance, paidOn, means }, actor);
    count++;
  }
  return count;
}

/**
 * Removes a payment recorded by mistake, and its entry in the book (refused, TreasuryRefusal, once that entry can no
 * longer change), its receipt cancelled (`cancelled`: who and why, for the history and the payer's e-mail); the fee it
 * went against stays, owed again.
 */
export async function undoPayment(
  tx: Transaction,
  paymentId: number,
  gardenerId?: number,
  cancelled: { actor: Actor; reason: string } = { actor: { id: null, username: "bureau" }, reason: "paiement annulé" },
) {
  const [found] = await tx
    .select({ id: gardenerPayments.id })
    .from(gardenerPayments)
    .where(
      and(
        eq(gardenerPayments.id, paymentId),
        gardenerId === undefined ? undefined : eq(gardenerPayments.gardenerId, gardenerId),
      ),
    )
    .for("update");
  if (!found) return undefined;
  // Its receipt, if one was made, cannot outlive the entry it attests: cancelled, its number kept.
  const booked = await receiptOfPayment(paymentId, tx);
  const receipt = booked?.receipt
    ? await cancelReceiptOfEntry(tx, booked.entryId, cancelled.reason, cancelled.actor)
    : null;
  await unbookPayment(tx, paymentId);
  const [payment] = await tx
    .delete(gardenerPayments)
    .where(
      and(
        eq(gardenerPayments.id, paymentId),
        gardenerId === undefined ? undefined : eq(gardenerPayments.gardenerId, gardenerId),
      ),
    )
    .returning();
  return payment && { ...payment, receipt: receipt ? receiptNumber(receipt.year, receipt.number) : null };
}
