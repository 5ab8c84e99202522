import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, type Transaction } from "~/db/client.server";
import { helloassoNotifications, onlinePayments } from "~/modules/helloasso/helloasso.tables";
import { gardenSites, gardeners, plotHoldings, plots } from "~/modules/register/register.tables";
import { euros } from "~/lib/money";
import { formatCalendarDate } from "~/lib/dates";
import { parisDateOf } from "~/lib/paris-time";
import { logger } from "~/server/logger.server";
import { gardenerTarget, recordHistory, type Actor } from "~/modules/history/history.server";
import { getFee, setFeeOnlineAnomaly } from "~/modules/register/fees.server";
import { receivePayment, undoPayment } from "~/modules/register/payments.server";
import { feeBalance } from "~/modules/register/fees.labels";
import { TreasuryRefusal } from "~/modules/treasury/book.server";
import {
  createCheckoutIntent,
  HelloAssoError,
  orderMoney,
  readCheckoutIntent,
  readOrder,
  type HelloAssoOrder,
} from "./helloasso.client.server";
import { helloAssoConfig, type HelloAssoConfig } from "./helloasso.settings.server";
import type { PaymentOutcome } from "./payment.labels";
import { paymentReturnToken } from "./payment-links.server";
import { quarterHourlyJob } from "~/server/jobs.server";

/**
 * A fee paid online (decision 032). The gardener's click makes a row here, then a checkout intent at HelloAsso whose
 * return addresses name the row; nothing is believed from the gardener's return nor from a notification (HelloAsso does
 * not sign them): each only makes the site read the intent and its order back from HelloAsso's API, and only what the
 * API says is written. The row is locked while it is settled, so the same payment is recorded once however many
 * notifications and returns arrive at once; the unique index on `payment_id` is the last guard.
 */

export type OnlinePayment = typeof onlinePayments.$inferSelect;

/** Who the history names for what HelloAsso's answers wrote. */
export const HELLOASSO_ACTOR: Actor = { id: null, username: "HelloAsso" };

/** Who an online payment's Historique entry is about: the gardener, or « jardinier effacé ». */
export const target = (gardenerId: number | null) =>
  gardenerId === null ? "jardinier effacé" : gardenerTarget(gardenerId);

/** « parcelle 12 », « parcelles 12 et 14 »: the plots a gardener holds now, for the item's name. */
async function plotsWords(gardenerId: number | null) {
  if (gardenerId === null) return "";
  const rows = await getDb()
    .select({ number: plots.number, site: gardenSites.name })
    .from(plotHoldings)
    .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(and(eq(plotHoldings.gardenerId, gardenerId), isNull(plotHoldings.endDate)))
    .orderBy(asc(plots.number));
  const numbers = rows.map((row) => String(row.number));
  if (numbers.length === 0) return "";
  if (numbers.length === 1) return `parcelle ${numbers[0]}`;
  return `parcelles ${numbers.slice(0, -1).join(", ")} et ${numbers.at(-1)}`;
}

export type StartResult = { redirectUrl: string } | { outcome: PaymentOutcome };

/**
 * « Payer en ligne » on a fee's balance: a checkout intent for the balance, and HelloAsso's page to send the gardener
 * to. `origin` is the site's address as the gardener reached it, for the return addresses.
 */
export async function startFeePayment(feeId: number, origin: string): Promise<StartResult> {
  const config = await helloAssoConfig();
  if (!config) return { outcome: "indisponible" };
  let fresh = await getFee(feeId);
  if (!fresh || fresh.gardenerId === null) return { outcome: "erreur" };
  // A payment started earlier and paid meanwhile (a second tab): settled first, and the fee read again, so it is not
  // paid twice.
  const pending = await pendingOf(feeId);
  for (const row of pending) await checkOnlinePayment(row.id, "retour").catch(() => undefined);
  if (pending.length > 0) fresh = await getFee(feeId);
  const balance = fresh ? feeBalance(fresh).balance : 0;
  if (!fresh || fresh.status === "cancelled" || balance <= 0) return { outcome: "deja" };

  const [gardener] = await getDb()
    .select({ familyName: gardeners.familyName, givenNames: gardeners.givenNames, email: gardeners.email })
    .from(gardeners)
    .where(eq(gardeners.id, fresh.gardenerId!));
  const plotsText = await plotsWords(fresh.gardenerId);
  const itemName = `Cotisation ${fresh.year}${plotsText ? ` — ${plotsText}` : ""}`;
  const [row] = await getDb()
    .insert(onlinePayments)
    .values({
      environment: config.environment,
      feeId,
      gardenerId: fresh.gardenerId,
      amountCents: balance,
      itemName,
    })
    .returning();
  const base = `${origin.replace(/\/+$/, "")}/mon-jardin/paiement/${paymentReturnToken(row!.id)}`;
  try {
    const created = await createCheckoutIntent(config, {
      totalAmount: balance,
      itemName,
      returnUrl: `${base}/retour`,
      backUrl: `${base}/abandon`,
      errorUrl: `${base}/erreur`,
      payer: {
        firstName: gardener?.givenNames.trim() || undefined,
        lastName: gardener?.familyName.trim() || undefined,
        email: gardener?.email.trim() || undefined,
      },
      metadata: { paiement: row!.id, cotisation: feeId, annee: fresh.year },
    });
    await getDb()
      .update(onlinePayments)
      .set({ checkoutIntentId: created.id, updatedAt: new Date() })
      .where(eq(onlinePayments.id, row!.id));
    return { redirectUrl: created.redirectUrl };
  } catch (error) {
    // Nothing was started at HelloAsso, or an intent this site already holds came back (HelloAsso's ids are unique per
    // host: another site's database restored here): no row left waiting for an answer that cannot come.
    await getDb().delete(onlinePayments).where(eq(onlinePayments.id, row!.id));
    if (!(error instanceof HelloAssoError) && !isUniqueViolation(error)) throw error;
    const reason = error instanceof HelloAssoError ? error.message : "identifiant d'intention déjà connu";
    logger.warn(
      { status: error instanceof HelloAssoError ? error.status : undefined, reason },
      "paiement en ligne non commencé",
    );
    return { outcome: "indisponible" };
  }
}

/** The payments of a fee still waiting for HelloAsso's word. */
function pendingOf(feeId: number) {
  return getDb()
    .select({ id: onlinePayments.id })
    .from(onlinePayments)
    .where(and(eq(onlinePayments.feeId, feeId), eq(onlinePayments.state, "en_cours")));
}

export async function getOnlinePayment(id: number) {
  const [row] = await getDb().select().from(onlinePayments).where(eq(onlinePayments.id, id));
  return row;
}

/** What a check found, in the notification log's words and as the gardener's outcome. */
export interface CheckResult {
  outcome: PaymentOutcome;
  /** « paiement enregistré », « déjà enregistré », « montant différent : … », … */
  note: string;
  payment?: OnlinePayment;
  /** This check recorded the payment on its fee, with its book entry and its receipt queued to the gardener. */
  recorded?: true;
}

/**
 * Reads the payment's intent (and order) back from HelloAsso and brings the row, the fee and the book to what it says:
 * paid once in full (one payment recorded, its entry, its receipt e-mailed), refunded (the payment undone), or still
 * waiting. `via` says who asked, for the history.
 */
export async function checkOnlinePayment(
  id: number,
  via: "retour" | "notification" | "vérification",
  { abandoned = false }: { abandoned?: boolean } = {},
): Promise<CheckResult> {
  const row = await getOnlinePayment(id);
  if (!row) return { outcome: "erreur", note: "paiement inconnu du site" };
  if (row.checkoutIntentId === null) return { outcome: "erreur", note: "paiement jamais commencé", payment: row };
  const config = await helloAssoConfig();
  if (!config || config.environment !== row.environment)
    return { outcome: "attente", note: "paiement en ligne non configuré pour cet environnement", payment: row };
  let order: HelloAssoOrder | null;
  try {
    order = await orderOf(config, row.checkoutIntentId);
  } catch (error) {
    if (!(error instanceof HelloAssoError)) throw error;
    return {
      outcome: row.state === "payee" ? "recu" : "attente",
      note: `HelloAsso injoignable : ${error.message}`,
      payment: row,
    };
  }
  if (!order) {
    // No order: nothing was paid. The gardener who came back by « retour » or « erreur » without paying abandoned it.
    if (abandoned && row.state === "en_cours") await setState(row.id, "en_cours", "abandonnee", "");
    return {
      outcome: row.state === "payee" ? "recu" : abandoned ? "abandonne" : "attente",
      note: "aucune commande chez HelloAsso",
      payment: row,
    };
  }
  const money = orderMoney(order);
  if (money.state === "paid") return settlePaid(row, order, money.cents, via);
  if (money.state === "refunded") return settleRefunded(row, order, via);
  return { outcome: "attente", note: `commande n° ${order.id} en attente chez HelloAsso`, payment: row };
}

/** The order of a checkout intent, read from HelloAsso (null while unpaid), with its payments' states. */
async function orderOf(config: HelloAssoConfig, checkoutIntentId: number): Promise<HelloAssoOrder | null> {
  const intent = await readCheckoutIntent(config, checkoutIntentId);
  if (!intent.order) return null;
  if (intent.order.organizationSlug && intent.order.organizationSlug !== config.organizationSlug) return null;
  // The order as the orders' endpoint has it: the one that shows later refunds.
  return readOrder(config, intent.order.id);
}

async function setState(id: number, from: OnlinePayment["state"], to: OnlinePayment["state"], note: string) {
  await getDb()
    .update(onlinePayments)
    .set({ state: to, note, updatedAt: new Date() })
    .where(and(eq(onlinePayments.id, id), eq(onlinePayments.state, from)));
}

/**
 * HelloAsso's dates, as its API writes them (ISO 8601: « 2027-03-05T14:02:11.42+01:00 »); anything else is not
 * believed, as `new Date` reads « le 5 mars » as 5 March 2001.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

const SANDBOX_NOTE = "essai, rien n'est enregistré dans les comptes";

/**
 * A payment HelloAsso received that is not recorded here: « anomalie », with why, for the bureau to check and record by
 * hand (the history says it once, the fee's page shows it). Never an error for the gardener, who paid.
 */
async function flagged(
  tx: Transaction,
  locked: OnlinePayment,
  orderId: number,
  note: string,
  receivedCents: number,
): Promise<CheckResult> {
  const [updated] = await tx
    .update(onlinePayments)
    .set({ state: "anomalie", orderId, note, receivedCents, updatedAt: new Date() })
    .where(eq(onlinePayments.id, locked.id))
    .returning();
  // The fee waits for the bureau (not late, not reminded), unless the bureau already set this payment aside.
  if (locked.feeId !== null && locked.treatedAt === null) await setFeeOnlineAnomaly(tx, locked.feeId, note);
  if (locked.state !== "anomalie")
    await recordHistory(tx, HELLOASSO_ACTOR, {
      kind: "cotisation.paiement-en-ligne-anomalie",
      target: target(locked.gardenerId),
      detail: note,
    });
  return { outcome: "anomalie", note, payment: updated };
}

async function settlePaid(row: OnlinePayment, order: HelloAssoOrder, cents: number, via: string): Promise<CheckResult> {
  return getDb().transaction(async (tx) => {
    const [locked] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, row.id)).for("update");
    if (!locked) return { outcome: "erreur", note: "paiement inconnu du site" } satisfies CheckResult;
    if (locked.state === "payee" || locked.state === "remboursee")
      return {
        outcome: locked.environment === "sandbox" ? "essai" : "recu",
        note: "déjà enregistré",
        payment: locked,
      } satisfies CheckResult;
    if (locked.orderId !== null && locked.orderId !== order.id)
      return {
        outcome: "erreur",
        note: `commande n° ${order.id} d'un autre paiement`,
        payment: locked,
      } satisfies CheckResult;
    if (cents !== locked.amountCents || order.amount.total !== locked.amountCents)
      return flagged(
        tx,
        locked,
        order.id,
        `montant différent : ${euros(cents)} payés chez HelloAsso pour ${euros(locked.amountCents)} demandés (commande n° ${order.id})`,
        cents,
      );
    if (locked.feeId === null)
      return flagged(
        tx,
        locked,
        order.id,
        `cotisation effacée entre-temps : ${euros(cents)} reçus (commande n° ${order.id}) à enregistrer à la main`,
        cents,
      );
    const reference = `HelloAsso, commande n° ${order.id}`;
    if (locked.environment === "sandbox") {
      // HelloAsso's sandbox takes test cards, no money: the set-up worked, and the fee, the book and the receipts'
      // numbering are left as they were.
      const [updated] = await tx
        .update(onlinePayments)
        .set({ state: "payee", orderId: order.id, note: SANDBOX_NOTE, updatedAt: new Date() })
        .where(eq(onlinePayments.id, locked.id))
        .returning();
      await recordHistory(tx, HELLOASSO_ACTOR, {
        kind: "cotisation.paiement-en-ligne",
        target: target(locked.gardenerId),
        detail: `${euros(cents)} (${reference}, vu par ${via}) : bac à sable, ${SANDBOX_NOTE}`,
      });
      return { outcome: "essai", note: SANDBOX_NOTE, payment: updated } satisfies CheckResult;
    }
    // The order's day in Paris; today's when HelloAsso gives none that reads as a date.
    const ordered = new Date(ISO_DATE_TIME.test(order.date ?? "") ? order.date! : Number.NaN);
    const paidOn = parisDateOf(Number.isNaN(ordered.getTime()) ? new Date() : ordered);
    let paid: Awaited<ReturnType<typeof receivePayment>>;
    try {
      // In a savepoint: the book may refuse the entry (its year closed meanwhile, an account kept from a later year).
      // The receipt is made and queued with the payment: a crash after it leaves neither, or both.
      paid = await tx.transaction((inner) =>
        receivePayment(
          inner,
          { feeId: locked.feeId! },
          { amountCents: cents, paidOn, means: "helloasso", reference },
          HELLOASSO_ACTOR,
          { receipt: true },
        ),
      );
    } catch (error) {
      if (!(error instanceof TreasuryRefusal)) throw error;
      return flagged(
        tx,
        locked,
        order.id,
        `${euros(cents)} reçus le ${formatCalendarDate(paidOn)} (commande n° ${order.id}) à enregistrer à la main : ${error.message}`,
        cents,
      );
    }
    if (!paid) throw new Error("fee vanished under its lock");
    const [updated] = await tx
      .update(onlinePayments)
      .set({ state: "payee", orderId: order.id, paymentId: paid.payment.id, note: "", updatedAt: new Date() })
      .where(eq(onlinePayments.id, locked.id))
      .returning();
    await recordHistory(tx, HELLOASSO_ACTOR, {
      kind: "cotisation.paiement-en-ligne",
      target: target(locked.gardenerId),
      detail: `cotisation ${paid.payment.year} : ${euros(cents)} (${reference}, vu par ${via})`,
    });
    return { outcome: "recu", note: "paiement enregistré", payment: updated, recorded: true } satisfies CheckResult;
  });
}

async function settleRefunded(row: OnlinePayment, order: HelloAssoOrder, via: string): Promise<CheckResult> {
  return getDb().transaction(async (tx: Transaction) => {
    const [locked] = await tx.select().from(onlinePayments).where(eq(onlinePayments.id, row.id)).for("update");
    if (!locked) return { outcome: "erreur", note: "paiement inconnu du site" };
    if (locked.state === "remboursee") return { outcome: "abandonne", note: "remboursement déjà vu", payment: locked };
    if (locked.state !== "payee" || locked.paymentId === null) {
      // An « anomalie » refunded on HelloAsso is treated: its fee no longer waits for the bureau.
      const treated = locked.state === "anomalie" && locked.treatedAt === null;
      const [updated] = await tx
        .update(onlinePayments)
        .set({
          state: "remboursee",
          orderId: order.id,
          updatedAt: new Date(),
          ...(treated ? { treatedAt: new Date(), treatedBy: HELLOASSO_ACTOR.username, treatment: "remboursé" } : {}),
        })
        .where(eq(onlinePayments.id, locked.id))
        .returning();
      if (treated && locked.feeId !== null) await setFeeOnlineAnomaly(tx, locked.feeId, "");
      return { outcome: "abandonne", note: "remboursé avant d'être enregistré", payment: updated };
    }
    let note: string;
    try {
      // Undone with its book entry in a savepoint: refused once the entry is in a closed year or on a statement.
      await tx.transaction((inner) =>
        undoPayment(inner, locked.paymentId!, undefined, {
          actor: HELLOASSO_ACTOR,
          reason: `paiement remboursé chez HelloAsso (commande n° ${order.id})`,
        }),
      );
      note = `paiement annulé : remboursé chez HelloAsso (commande n° ${order.id})`;
    } catch (error) {
      if (!(error instanceof TreasuryRefusal)) throw error;
      note = `remboursé chez HelloAsso (commande n° ${order.id}) ; à passer à la main dans le livre : ${error.message}`;
    }
    const [updated] = await tx
      .update(onlinePayments)
      .set({ state: "remboursee", note, updatedAt: new Date() })
      .where(eq(onlinePayments.id, locked.id))
      .returning();
    await recordHistory(tx, HELLOASSO_ACTOR, {
      kind: "cotisation.paiement-en-ligne-rembourse",
      target: target(locked.gardenerId),
      detail: `${euros(locked.amountCents)} : ${note} (vu par ${via})`,
    });
    return { outcome: "abandonne", note, payment: updated };
  });
}

// ——— Notifications ———

/** What a notification body may carry that names one of our payments; everything else in it is ignored. */
function claimOf(body: unknown) {
  const object = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
  const int = (value: unknown) => {
    const number = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value;
    // The columns are PostgreSQL integers: anything larger names nothing here.
    return typeof number === "number" && Number.isInteger(number) && number > 0 && number <= 2_147_483_647
      ? number
      : null;
  };
  const root = object(body);
  const data = object(root.data);
  const metadata = object(root.metadata ?? data.metadata);
  const eventType = typeof root.eventType === "string" ? root.eventType.slice(0, 40) : "";
  const orderData = eventType === "Payment" ? object(data.order) : data;
  const amount = object(data.amount);
  return {
    eventType,
    paymentRowId: int(metadata.paiement),
    checkoutIntentId: int(data.checkoutIntentId ?? orderData.checkoutIntentId),
    orderId: int(eventType === "Order" ? data.id : orderData.id),
    claimedCents: int(typeof data.amount === "number" ? data.amount : amount.total),
  };
}

/**
 * A notification HelloAsso posted to /api/helloasso/notification: which payment it names (by the metadata the site put
 * in the intent, or the intent's id), then the same check as a return. Logged in `helloasso_notifications` with what
 * came of it, whatever it was: a replay, a forgery or an amount that does not match changes nothing.
 */
export async function receiveNotification(body: unknown): Promise<string> {
  const claim = claimOf(body);
  let row: OnlinePayment | undefined;
  if (claim.paymentRowId !== null) row = await getOnlinePayment(claim.paymentRowId);
  if (row && claim.checkoutIntentId !== null && row.checkoutIntentId !== claim.checkoutIntentId) row = undefined;
  if (!row && claim.checkoutIntentId !== null)
    [row] = await getDb()
      .select()
      .from(onlinePayments)
      .where(eq(onlinePayments.checkoutIntentId, claim.checkoutIntentId))
      .orderBy(asc(onlinePayments.id))
      .limit(1);
  let outcome: string;
  if (!row) outcome = "ne correspond à aucun paiement commencé sur le site";
  else {
    const checked = await checkOnlinePayment(row.id, "notification");
    outcome = checked.note;
    if (claim.claimedCents !== null && claim.claimedCents !== row.amountCents)
      outcome += ` (la notification annonçait ${euros(claim.claimedCents)})`;
  }
  await getDb()
    .insert(helloassoNotifications)
    .values({
      eventType: claim.eventType,
      checkoutIntentId: claim.checkoutIntentId ?? row?.checkoutIntentId ?? null,
      orderId: claim.orderId,
      claimedCents: claim.claimedCents,
      onlinePaymentId: row?.id ?? null,
      outcome: outcome.slice(0, 500),
    });
  return outcome;
}

// ——— The periodic check ———

/** HelloAsso's checkout page lasts 15 minutes: a payment abandoned sooner than this can still have been paid. */
const RECHECK_ABANDONED_MS = 3 * 24 * 3_600_000;

/**
 * Payments still waiting, asked again now and then: a notification lost and a gardener who closed the tab on
 * HelloAsso's page still end in the right state. An intent unpaid after two days is abandoned (HelloAsso's page lasts
 * 15 minutes). A payment abandoned in its first days is asked again too: the payer may have gone back to HelloAsso's
 * page and paid, and the notification may have been lost.
 */
export async function checkPendingOnlinePayments(now = new Date()) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const rows = await getDb()
    .select({ id: onlinePayments.id, createdAt: onlinePayments.createdAt })
    .from(onlinePayments)
    .where(
      and(
        lt(onlinePayments.createdAt, ago(5 * 60_000)),
        or(
          and(eq(onlinePayments.state, "en_cours"), gt(onlinePayments.createdAt, ago(30 * 24 * 3_600_000))),
          and(eq(onlinePayments.state, "abandonnee"), gt(onlinePayments.createdAt, ago(RECHECK_ABANDONED_MS))),
        ),
      ),
    )
    .orderBy(asc(onlinePayments.id))
    .limit(100);
  let settled = 0;
  for (const row of rows) {
    const old = now.getTime() - row.createdAt.getTime() > 2 * 24 * 3_600_000;
    const result = await checkOnlinePayment(row.id, "vérification", { abandoned: old });
    if (result.recorded) settled++;
  }
  return { checked: rows.length, settled };
}

/** The online payments of a fee, newest first, for the bureau's fee page. */
export function onlinePaymentsOfFee(feeId: number) {
  return getDb()
    .select()
    .from(onlinePayments)
    .where(eq(onlinePayments.feeId, feeId))
    .orderBy(sql`${onlinePayments.id} desc`);
}

/** Online payments whose notification and return were both lost: read back from HelloAsso (decision 032). */
export const pendingOnlinePaymentsJob = quarterHourlyJob(
  "paiements en ligne en attente",
  () => checkPendingOnlinePayments(),
  (checked) => (checked.checked > 0 ? checked : undefined),
);
