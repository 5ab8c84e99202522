import { Refusal } from "~/modules/forms/refusal.server";
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb, type Transaction } from "~/db/client.server";
import { onlinePayments } from "~/modules/helloasso/helloasso.tables";
import { gardenerFees, gardeners } from "~/modules/register/register.tables";
import { euros } from "~/lib/money";
import { parisDateOf } from "~/lib/paris-time";
import { recordHistory, type Actor } from "~/modules/history/history.server";
import { setFeeOnlineAnomaly } from "~/modules/register/fees.server";
import { receivePayment } from "~/modules/register/payments.server";
import { TreasuryRefusal } from "~/modules/treasury/book.server";
import { paymentReceiptMessage } from "~/modules/treasury/receipts.labels";
import { checkOnlinePayment, target } from "./online-payments.server";

/**
 * « Traiter » a payment HelloAsso received that was not recorded (an « anomalie »: another amount than asked, a fee
 * erased meanwhile, a closed year): record what was received, see the refund made on HelloAsso, or set it aside with
 * a note (decision 032). Until then its fee is neither late nor reminded.
 */

/** A refusal the fee's page shows as it is. */
export class AnomalyRefusal extends Refusal {}

/** The payments awaiting the bureau, oldest first, with the fee and the gardener they concern (the dashboard, the book). */
export async function openAnomalies() {
  return getDb()
    .select({
      id: onlinePayments.id,
      feeId: onlinePayments.feeId,
      year: gardenerFees.year,
      name: gardeners.name,
      note: onlinePayments.note,
      amountCents: onlinePayments.amountCents,
      receivedCents: onlinePayments.receivedCents,
    })
    .from(onlinePayments)
    .leftJoin(gardenerFees, eq(gardenerFees.id, onlinePayments.feeId))
    .leftJoin(gardeners, eq(gardeners.id, onlinePayments.gardenerId))
    .where(and(eq(onlinePayments.state, "anomalie"), isNull(onlinePayments.treatedAt)))
    .orderBy(asc(onlinePayments.id));
}

/** The « anomalie » `id`, locked, still untreated; or the refusal. */
async function lockedAnomaly(tx: Transaction, id: number) {
  const [row] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, id)).for("update");
  if (!row || row.state !== "anomalie" || row.treatedAt !== null)
    throw new AnomalyRefusal("Ce paiement n'attend plus le bureau : la page a peut-être changé entre-temps.", 404);
  return row;
}

const treated = (actor: Actor, treatment: string) => ({
  treatedAt: new Date(),
  treatedBy: actor.username,
  treatment,
  updatedAt: new Date(),
});

/**
 * « Enregistrer le montant reçu »: the amount HelloAsso received becomes the fee's payment, booked, on the day the
 * payment was started (HelloAsso's page lasts 15 minutes), its receipt mailed after. Refused when the fee was erased
 * or the book refuses the entry (its year closed): set it aside with a note and book it by hand.
 */
export async function recordAnomaly(id: number, actor: Actor) {
  const recorded = await getDb().transaction(async (tx) => {
    const row = await lockedAnomaly(tx, id);
    if (row.feeId === null)
      throw new AnomalyRefusal(
        "La cotisation de ce paiement a été effacée : passez le montant dans la trésorerie, puis mettez ce paiement de côté avec une note.",
      );
    const cents = row.receivedCents ?? row.amountCents;
    const reference = `HelloAsso, commande n° ${row.orderId ?? "?"}`;
    let paid: Awaited<ReturnType<typeof receivePayment>>;
    try {
      paid = await tx.transaction((inner) =>
        receivePayment(
          inner,
          { feeId: row.feeId! },
          { amountCents: cents, paidOn: parisDateOf(row.createdAt), means: "helloasso", reference },
          actor,
          { receipt: true },
        ),
      );
    } catch (error) {
      if (error instanceof TreasuryRefusal)
        throw new AnomalyRefusal(
          `La trésorerie refuse l'écriture : ${error.message} Mettez ce paiement de côté avec une note.`,
        );
      throw error;
    }
    if (!paid) throw new AnomalyRefusal("Cette cotisation n'existe plus.", 404);
    await tx
      .update(onlinePayments)
      .set({
        state: "payee",
        paymentId: paid.payment.id,
        ...treated(actor, `montant reçu enregistré : ${euros(cents)}`),
      })
      .where(eq(onlinePayments.id, id));
    await setFeeOnlineAnomaly(tx, row.feeId, "");
    await recordHistory(tx, actor, {
      kind: "cotisation.paiement-en-ligne",
      target: target(row.gardenerId),
      detail: `cotisation ${paid.payment.year} : ${euros(cents)} (${reference}), paiement à vérifier enregistré par le bureau`,
    });
    return { cents, receipt: paid.receipt! };
  });
  return `Paiement enregistré : ${euros(recorded.cents)} reçus par HelloAsso. ${paymentReceiptMessage(recorded.receipt)}`;
}

/**
 * « J'ai remboursé sur HelloAsso »: HelloAsso is asked again; only its answer that the order was refunded treats the
 * payment (never the bureau's word: a refund not made would leave a gardener who paid with nothing).
 */
export async function checkAnomalyRefund(id: number) {
  const before = await getDb().transaction((tx) => lockedAnomaly(tx, id));
  await checkOnlinePayment(id, "vérification");
  const [after] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, id));
  if (after?.state === "remboursee") return `Remboursement vu chez HelloAsso (commande n° ${before.orderId}) : traité.`;
  throw new AnomalyRefusal(
    `HelloAsso ne montre pas de remboursement pour la commande n° ${before.orderId} : remboursez-la depuis l'espace de l'association sur HelloAsso, puis vérifiez de nouveau.`,
  );
}

/** « Mettre de côté » with a note (booked by hand, a gift kept…): the fee no longer waits for it. */
export async function setAnomalyAside(id: number, note: string, actor: Actor) {
  await getDb().transaction(async (tx) => {
    const row = await lockedAnomaly(tx, id);
    await tx
      .update(onlinePayments)
      .set(treated(actor, `mis de côté : ${note}`))
      .where(eq(onlinePayments.id, id));
    if (row.feeId !== null) await setFeeOnlineAnomaly(tx, row.feeId, "");
    await recordHistory(tx, actor, {
      kind: "cotisation.paiement-en-ligne-anomalie",
      target: target(row.gardenerId),
      detail: `mis de côté par le bureau : ${note}`,
    });
  });
  return "Paiement mis de côté avec sa note.";
}
