import { getContent } from "~/modules/content/content.server";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, readAll, type Executor, type Transaction } from "~/db/client.server";
import {
  feeCalls,
  feeRates,
  gardenerFees,
  gardenerPayments,
  gardeners,
  gardenSites,
  plotHoldings,
  plots,
} from "~/modules/register/register.tables";
import { parisDateOf, parisYear } from "~/lib/paris-time";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { feeMail, missingPaymentDetails } from "~/modules/register/plots.mail.server";
import { plotSize, PLOT_SIZE_SHORT_LABELS } from "~/modules/register/plots.labels";
import { byFamilyName, currentPlots } from "./gardeners.server";
import { feeBalance, type FeeFigures, type FeeStatus } from "./fees.labels";

/** « Envoyer un lien de paiement »: a fee's link to pay online, put in its call or reminder. */
export type PayLink = (feeId: number) => string;

export interface FeeAmounts {
  smallCents: number;
  mediumCents: number;
  largeCents: number;
}

/** How the fees list and its export name the fee of an erased record. */
const ERASED = "Fiche effacée";

/** No second reminder within a week of the first. */
const REMINDER_GAP_MS = 7 * 86_400_000;

/** The fee's id, qualified: drizzle leaves a column unqualified in a query of one table, where `p` would take it. */
const feeIdColumn = sql.raw(`"gardener_fees"."id"`);
/** What a fee's payments add up to, in a query on `gardener_fees`. */
const paidCents = sql<number>`coalesce((select sum(p.amount_cents) from gardener_payments p where p.fee_id = ${feeIdColumn}), 0)`;
/** Called less waived; nothing once cancelled. */
const owedSql = sql<number>`(case when ${gardenerFees.status} = 'cancelled' then 0 else ${gardenerFees.amountCents} - ${gardenerFees.waivedCents} end)`;

export async function getFeeCall(year: number, executor: Executor = getDb()) {
  const [row] = await executor.select().from(feeCalls).where(eq(feeCalls.year, year));
  return row;
}

/** The last year called: its amounts are what a new call starts from, and the dashboard follows it. */
export async function lastFeeCall(executor: Executor = getDb()) {
  const [row] = await executor.select().from(feeCalls).orderBy(desc(feeCalls.year)).limit(1);
  return row;
}

/** Current gardeners with their current plots (id, number, site, area): whom a call concerns, and for how much. */
async function currentGardenersWithPlots(executor: Executor) {
  const rows = await executor
    .select({
      gardener: gardeners,
      id: plots.id,
      number: plots.number,
      area: plots.area,
      site: gardenSites.name,
    })
    .from(gardeners)
    .innerJoin(plotHoldings, and(eq(plotHoldings.gardenerId, gardeners.id), isNull(plotHoldings.endDate)))
    .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(isNull(gardeners.endDate))
    .orderBy(asc(gardeners.id), asc(gardenSites.name), asc(plots.number));
  const byGardener = new Map<
    number,
    { gardener: (typeof rows)[number]["gardener"]; plots: { id: number; number: number; area: number; site: string }[] }
  >();
  for (const r of rows) {
    const entry = byGardener.get(r.gardener.id) ?? { gardener: r.gardener, plots: [] };
    entry.plots.push({ id: r.id, number: r.number, area: r.area, site: r.site });
    byGardener.set(r.gardener.id, entry);
  }
  return [...byGardener.values()];
}

/** « la parcelle n° 12 (Jardin des Brosses) », « les parcelles n° 3 (…), n° 14 (…) ». */
const plotsText = (list: { number: number; site: string }[]) =>
  list.length === 1
    ? `la parcelle n° ${list[0]!.number} (${list[0]!.site})`
    : `les parcelles ${list.map((p) => `n° ${p.number} (${p.site})`).join(", ")}`;

export function feeFor(areas: number[], amounts: FeeAmounts) {
  const bySize = { petite: amounts.smallCents, moyenne: amounts.mediumCents, grande: amounts.largeCents };
  return areas.reduce((sum, area) => sum + bySize[plotSize(area)], 0);
}

type Rate = { amountCents: number; reason: string };

async function ratesIn(executor: Executor) {
  const rows = await executor.select().from(feeRates);
  const byGardener = new Map<number, Rate>();
  const byPlot = new Map<number, Rate>();
  for (const r of rows) {
    if (r.gardenerId !== null) byGardener.set(r.gardenerId, r);
    if (r.plotId !== null) byPlot.set(r.plotId, r);
  }
  return { byGardener, byPlot };
}

/**
 * A gardener's fee: their own rate if the bureau set one (a reduced rate), else the sum of their plots, each at its
 * own rate (a shared plot) or at its size's. `rate` says how, for the record and the list.
 */
export function feeOf(
  gardenerId: number,
  held: { id: number; number: number; area: number }[],
  amounts: FeeAmounts,
  rates: Awaited<ReturnType<typeof ratesIn>>,
) {
  const own = rates.byGardener.get(gardenerId);
  if (own) return { amountCents: own.amountCents, rate: `tarif particulier${own.reason ? ` : ${own.reason}` : ""}` };
  const bySize = { petite: amounts.smallCents, moyenne: amounts.mediumCents, grande: amounts.largeCents };
  const parts = held.map((p) => {
    const plotRate = rates.byPlot.get(p.id);
    return plotRate
      ? {
          cents: plotRate.amountCents,
          text: `n° ${p.number} tarif particulier${plotRate.reason ? ` (${plotRate.reason})` : ""}`,
        }
      : { cents: bySize[plotSize(p.area)], text: `n° ${p.number} ${PLOT_SIZE_SHORT_LABELS[plotSize(p.area)]}` };
  });
  return { amountCents: parts.reduce((sum, p) => sum + p.cents, 0), rate: parts.map((p) => p.text).join(", ") };
}

/** Who a call of `year` would reach now: current gardeners with a plot and no fee for the year yet, and how much. */
async function callRecipients(executor: Executor, year: number, amounts: FeeAmounts) {
  const already = new Set(
    (
      await executor
        .select({ id: gardenerFees.gardenerId })
        .from(gardenerFees)
        .where(and(eq(gardenerFees.year, year), isNotNull(gardenerFees.gardenerId)))
    ).map((r) => r.id),
  );
  const rates = await ratesIn(executor);
  return (await currentGardenersWithPlots(executor))
    .filter((g) => !already.has(g.gardener.id))
    .map((g) => ({ ...g, ...feeOf(g.gardener.id, g.plots, amounts, rates) }));
}

async function contentOf(executor: Executor) {
  return (await getContent(executor)) ?? undefined;
}

/**
 * What « Envoyer l'appel » would do now: how many gardeners, one recipient's real e-mail, those without an address,
 * and the payment details the e-mail names but lacks (the call is refused while there are any).
 */
export async function feeCallPreview(year: number, amounts: FeeAmounts, dueOn: string, executor: Executor = getDb()) {
  const [call, recipients, content] = await readAll(executor, [
    () => getFeeCall(year, executor),
    () => callRecipients(executor, year, amounts),
    () => contentOf(executor),
  ]);
  // A call already made keeps its amounts: the newcomers pay what the others pay.
  const used = call ?? amounts;
  const priced = call ? await callRecipients(executor, year, call) : recipients;
  const sample = priced.find((r) => r.gardener.email);
  return {
    recipients: priced.length,
    mailed: priced.filter((r) => r.gardener.email).length,
    withoutEmail: priced.filter((r) => !r.gardener.email).map((r) => r.gardener.name),
    mail: sample
      ? feeMail(
          "appel",
          sample.gardener,
          year,
          { owedCents: sample.amountCents, paidCents: 0, dueOn },
          plotsText(sample.plots),
          content,
        )
      : null,
    missing: missingPaymentDetails(content),
    amounts: used,
  };
}

/**
 * « Appel à cotisation {year} », in the caller's transaction: every current gardener who has no fee for the year yet
 * gets one (their rate, else their plots' amounts by size) due on `dueOn`, and, with an address, the call by e-mail
 * through the outbox, with its link to pay online when `payLink` is given. Run again (a gardener arrived since), it
 * calls only the new ones, at the year's amounts.
 */
export async function callFees(
  tx: Transaction,
  year: number,
  amounts: FeeAmounts,
  dueOn: string,
  calledBy: string,
  now = new Date(),
  payLink?: PayLink,
) {
  // The year's call, written once whoever comes first; the others wait on its row and take its amounts.
  const [created] = await tx
    .insert(feeCalls)
    .values({ year, ...amounts, dueOn, calledBy })
    .onConflictDoNothing()
    .returning();
  const [call] = await tx.select().from(feeCalls).where(eq(feeCalls.year, year)).for("update");
  const content = await contentOf(tx);
  let mailed = 0;
  const called: { id: number; name: string; email: string }[] = [];
  for (const r of await callRecipients(tx, year, call!)) {
    const [fee] = await tx
      .insert(gardenerFees)
      .values({ gardenerId: r.gardener.id, year, amountCents: r.amountCents, rate: r.rate, dueOn, calledAt: now })
      .onConflictDoNothing()
      .returning();
    // Recorded meanwhile (a payment on the gardener's record): neither called nor mailed.
    if (!fee) continue;
    called.push(r.gardener);
    if (r.gardener.email) {
      await enqueueMail(
        tx,
        feeMail(
          "appel",
          r.gardener,
          year,
          { owedCents: r.amountCents, paidCents: 0, dueOn },
          plotsText(r.plots),
          content,
          payLink?.(fee.id),
        ),
      );
      mailed++;
    }
  }
  return {
    call: call!,
    called: called.length,
    mailed,
    first: created !== undefined,
    withoutEmail: called.filter((g) => !g.email).map((g) => g.name),
  };
}

const feeColumns = {
  id: gardenerFees.id,
  gardenerId: gardenerFees.gardenerId,
  year: gardenerFees.year,
  amountCents: gardenerFees.amountCents,
  waivedCents: gardenerFees.waivedCents,
  status: gardenerFees.status,
  reason: gardenerFees.reason,
  rate: gardenerFees.rate,
  dueOn: gardenerFees.dueOn,
  calledAt: gardenerFees.calledAt,
  remindedAt: gardenerFees.remindedAt,
  onlineAnomaly: gardenerFees.onlineAnomaly,
  paidCents: paidCents.mapWith(Number),
};

/**
 * A year's fees, by family name: called, waived, paid, the means used, when reminded, and the gardener's current
 * plots; those of an erased record last, without a name (the accounts keep them).
 */
export async function feesOf(year: number, executor: Executor = getDb()) {
  return executor
    .select({
      ...feeColumns,
      name: sql<string>`coalesce(${gardeners.name}, ${ERASED})`,
      email: sql<string>`coalesce(${gardeners.email}, '')`,
      left: gardeners.endDate,
      means: sql<string>`coalesce((select string_agg(distinct p.means, ',') from gardener_payments p where p.fee_id = ${feeIdColumn}), '')`,
      lastPaidOn: sql<
        string | null
      >`(select max(p.paid_on)::text from gardener_payments p where p.fee_id = ${feeIdColumn})`,
      plots: currentPlots,
    })
    .from(gardenerFees)
    .leftJoin(gardeners, eq(gardeners.id, gardenerFees.gardenerId))
    .where(eq(gardenerFees.year, year))
    .orderBy(sql`${gardeners.id} is null`, ...byFamilyName, asc(gardenerFees.id));
}

/**
 * How many of the year's fees are settled, out of how many are owed, and the amounts (the dashboard): owed after
 * waivers, received, and still to receive (each fee's balance, an overpayment counting for nothing); cancelled fees
 * left out. The same figures as the fees' list.
 */
export async function feeProgress(year: number, executor: Executor = getDb()) {
  const open = sql`${gardenerFees.status} <> 'cancelled'`;
  const [row] = await executor
    .select({
      called: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${open} and ${paidCents} >= ${owedSql})`.mapWith(Number),
      owedCents: sql<number>`coalesce(sum(${owedSql}) filter (where ${open}), 0)`.mapWith(Number),
      receivedCents: sql<number>`coalesce(sum(${paidCents}) filter (where ${open}), 0)`.mapWith(Number),
      remainingCents:
        sql<number>`coalesce(sum(greatest(${owedSql} - ${paidCents}, 0)) filter (where ${open}), 0)`.mapWith(Number),
    })
    .from(gardenerFees)
    .where(eq(gardenerFees.year, year));
  return {
    called: row?.called ?? 0,
    paid: row?.paid ?? 0,
    owedCents: row?.owedCents ?? 0,
    receivedCents: row?.receivedCents ?? 0,
    remainingCents: row?.remainingCents ?? 0,
  };
}

/**
 * Marks a fee as having a HelloAsso payment that awaits the bureau (`note`: why), or clears it (`""`) once treated:
 * meanwhile it is neither late nor reminded. The helloasso module calls it; the register owns the column.
 */
export async function setFeeOnlineAnomaly(tx: Executor, feeId: number, note: string) {
  await tx.update(gardenerFees).set({ onlineAnomaly: note }).where(eq(gardenerFees.id, feeId));
}

/**
 * Whether each gardener's fee of `year` is settled (nothing left to pay: paid, waived or cancelled), by gardener;
 * a gardener absent from the map had no fee called that year. The assembly's rule « à jour de cotisation » reads it.
 */
export async function feeSettledByGardener(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({ gardenerId: gardenerFees.gardenerId, settled: sql<boolean>`${paidCents} >= ${owedSql}` })
    .from(gardenerFees)
    .where(and(eq(gardenerFees.year, year), isNotNull(gardenerFees.gardenerId)));
  return new Map(rows.map((r) => [r.gardenerId!, r.settled === true || String(r.settled) === "true"]));
}

/** The treasurer's figures of some fees: called, received, waived, cancelled, outstanding, overpaid, and settled. */
export function sumFees(fees: (FeeFigures & { status: FeeStatus })[]) {
  const totals = { called: 0, received: 0, waived: 0, cancelled: 0, outstanding: 0, overpaid: 0, owed: 0, settled: 0 };
  for (const f of fees) {
    const { balance } = feeBalance(f);
    totals.called += f.amountCents;
    totals.received += f.paidCents;
    if (f.status === "cancelled") totals.cancelled += f.amountCents;
    else {
      totals.waived += f.waivedCents;
      totals.owed++;
      if (balance <= 0) totals.settled++;
    }
    if (balance > 0) totals.outstanding += balance;
    else totals.overpaid -= balance;
  }
  return totals;
}

/** What a year's payments add up to, by means. */
export async function receivedByMeans(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      means: sql<string>`coalesce(${gardenerPayments.means}, 'autre')`,
      cents: sql<number>`sum(${gardenerPayments.amountCents})`.mapWith(Number),
    })
    .from(gardenerPayments)
    .innerJoin(gardenerFees, eq(gardenerFees.id, gardenerPayments.feeId))
    .where(eq(gardenerFees.year, year))
    .groupBy(sql`1`);
  return new Map(rows.map((m) => [m.means, m.cents]));
}

/** One fee with its gardener and payments (a fee's page). */
export async function getFee(id: number, executor: Executor = getDb()) {
  const [fee] = await executor
    .select({
      ...feeColumns,
      name: sql<string>`coalesce(${gardeners.name}, ${ERASED})`,
      left: gardeners.endDate,
      email: sql<string>`coalesce(${gardeners.email}, '')`,
    })
    .from(gardenerFees)
    .leftJoin(gardeners, eq(gardeners.id, gardenerFees.gardenerId))
    .where(eq(gardenerFees.id, id));
  if (!fee) return undefined;
  const payments = await executor
    .select()
    .from(gardenerPayments)
    .where(eq(gardenerPayments.feeId, id))
    .orderBy(asc(gardenerPayments.paidOn), asc(gardenerPayments.id));
  return { ...fee, payments };
}

/** Fee `id` locked for the transaction, with what its payments add up to. */
export async function lockedFee(tx: Transaction, id: number) {
  const [fee] = await tx.select().from(gardenerFees).where(eq(gardenerFees.id, id)).for("update");
  if (!fee) return undefined;
  const [paid] = await tx
    .select({ cents: sql<number>`coalesce(sum(${gardenerPayments.amountCents}), 0)`.mapWith(Number) })
    .from(gardenerPayments)
    .where(eq(gardenerPayments.feeId, id));
  return { ...fee, paidCents: paid?.cents ?? 0 };
}

/**
 * « Exonérer »: `remainingCents` is what is left to pay beyond the payments already made (0: nothing more), for
 * `reason`; 45 € called, 20 € paid and 10 € left to pay waive 15 €. Undefined when cancelled, or when that would leave
 * more than the call.
 */
export async function waiveFee(tx: Transaction, feeId: number, remainingCents: number, reason: string) {
  const fee = await lockedFee(tx, feeId);
  // What the gardener owes in all: what they paid already, and what is left for them to pay.
  const owedCents = fee ? fee.paidCents + remainingCents : 0;
  if (!fee || fee.status === "cancelled" || owedCents > fee.amountCents) return undefined;
  const [row] = await tx
    .update(gardenerFees)
    .set({ status: "waived", waivedCents: fee.amountCents - owedCents, reason })
    .where(eq(gardenerFees.id, feeId))
    .returning();
  return row;
}

/** « Annuler l'appel »: nothing is owed any more, for `reason` (payments already made stay, as overpaid). */
export async function cancelFee(tx: Transaction, feeId: number, reason: string) {
  const [row] = await tx
    .update(gardenerFees)
    .set({ status: "cancelled", reason })
    .where(and(eq(gardenerFees.id, feeId), sql`${gardenerFees.status} <> 'cancelled'`))
    .returning();
  return row;
}

/** The fees a leaver still owes, the latest year first: a departure asks about each. */
export async function openFeesOf(gardenerId: number, executor: Executor = getDb()) {
  return executor
    .select({
      id: gardenerFees.id,
      year: gardenerFees.year,
      balance: sql<number>`${owedSql} - ${paidCents}`.mapWith(Number),
    })
    .from(gardenerFees)
    .where(
      and(
        eq(gardenerFees.gardenerId, gardenerId),
        sql`${gardenerFees.status} <> 'cancelled'`,
        sql`${owedSql} > ${paidCents}`,
      ),
    )
    .orderBy(desc(gardenerFees.year));
}

/**
 * Fees to remind: not cancelled, with something left to pay (a fee waived in whole owes nothing; one reduced still
 * owes the rest), past due, of a current gardener with an address.
 */
const remindable = (year: number, today: string, weekAgo: Date) =>
  and(
    eq(gardenerFees.year, year),
    sql`${gardenerFees.status} <> 'cancelled'`,
    sql`${owedSql} > ${paidCents}`,
    lt(gardenerFees.dueOn, today),
    isNull(gardeners.endDate),
    sql`${gardeners.email} <> ''`,
    or(isNull(gardenerFees.remindedAt), lt(gardenerFees.remindedAt, weekAgo)),
    // A payment HelloAsso received awaits the bureau: the gardener paid something, no reminder meanwhile.
    eq(gardenerFees.onlineAnomaly, ""),
  );

/** How many reminders « Envoyer un rappel » would send now (the button's wording). */
export async function countRemindable(year: number, now = new Date(), executor: Executor = getDb()) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(gardenerFees)
    .innerJoin(gardeners, eq(gardeners.id, gardenerFees.gardenerId))
    .where(remindable(year, parisDateOf(now), new Date(now.getTime() - REMINDER_GAP_MS)));
  return row?.n ?? 0;
}

/**
 * A reminder to every gardener whose fee of `year` is late (see `remindable`), through the outbox, once a week at
 * most per person (sent twice by mistake, the second sends nothing), with its link to pay online when `payLink` is
 * given. Returns how many e-mails were queued.
 */
export async function remindUnpaidFees(tx: Transaction, year: number, now = new Date(), payLink?: PayLink) {
  const due = await tx
    .select({ fee: feeColumns, gardener: gardeners })
    .from(gardenerFees)
    .innerJoin(gardeners, eq(gardeners.id, gardenerFees.gardenerId))
    .where(remindable(year, parisDateOf(now), new Date(now.getTime() - REMINDER_GAP_MS)))
    .for("update", { of: gardenerFees });
  const content = await contentOf(tx);
  const held = new Map((await currentGardenersWithPlots(tx)).map((g) => [g.gardener.id, g.plots]));
  for (const { fee, gardener } of due) {
    const list = held.get(gardener.id) ?? [];
    const { owed } = feeBalance(fee);
    await enqueueMail(
      tx,
      feeMail(
        "relance",
        gardener,
        year,
        { owedCents: owed, paidCents: fee.paidCents, dueOn: fee.dueOn },
        list.length ? plotsText(list) : "",
        content,
        payLink?.(fee.id),
      ),
    );
    await tx.update(gardenerFees).set({ remindedAt: now }).where(eq(gardenerFees.id, fee.id));
  }
  return due.length;
}

/** The printable calls of `year`: fees still owed by current gardeners without an e-mail address, by name. */
export async function printableCalls(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({ ...feeColumns, gardener: gardeners, plots: currentPlots })
    .from(gardenerFees)
    .innerJoin(gardeners, eq(gardeners.id, gardenerFees.gardenerId))
    .where(
      and(
        eq(gardenerFees.year, year),
        isNull(gardeners.endDate),
        eq(gardeners.email, ""),
        sql`${gardenerFees.status} <> 'cancelled'`,
        sql`${owedSql} > ${paidCents}`,
      ),
    )
    .orderBy(...byFamilyName);
  const content = await contentOf(executor);
  return rows.map((r) => ({
    id: r.id,
    name: r.gardener.name,
    address: r.gardener.address,
    letter: feeMail(
      "appel",
      r.gardener,
      year,
      { owedCents: feeBalance(r).owed, paidCents: r.paidCents, dueOn: r.dueOn },
      r.plots ? `les parcelles ${r.plots}`.replace(/^les parcelles (n° [^,]+)$/, "la parcelle $1") : "",
      content,
    ).text,
  }));
}

/** A gardener's fees (latest year first) and their other payments (entry budget, cabin takeover). */
export async function feesAndPaymentsOf(gardenerId: number, executor: Executor = getDb()) {
  const [fees, others, rates, feePayments] = await readAll(executor, [
    () =>
      executor
        .select(feeColumns)
        .from(gardenerFees)
        .where(eq(gardenerFees.gardenerId, gardenerId))
        .orderBy(desc(gardenerFees.year)),
    () =>
      executor
        .select()
        .from(gardenerPayments)
        .where(and(eq(gardenerPayments.gardenerId, gardenerId), isNull(gardenerPayments.feeId)))
        .orderBy(desc(gardenerPayments.year), desc(gardenerPayments.id)),
    () =>
      executor
        .select({ rate: feeRates, plotNumber: plots.number })
        .from(feeRates)
        .leftJoin(plots, eq(plots.id, feeRates.plotId))
        .where(
          or(
            eq(feeRates.gardenerId, gardenerId),
            inArray(
              feeRates.plotId,
              executor
                .select({ id: plotHoldings.plotId })
                .from(plotHoldings)
                .where(and(eq(plotHoldings.gardenerId, gardenerId), isNull(plotHoldings.endDate))),
            ),
          ),
        ),
    () =>
      executor
        .select()
        .from(gardenerPayments)
        .where(and(eq(gardenerPayments.gardenerId, gardenerId), isNotNull(gardenerPayments.feeId)))
        .orderBy(asc(gardenerPayments.paidOn), asc(gardenerPayments.id)),
  ]);
  return { fees, others, rates, feePayments };
}

/** Sets the particular rate of a gardener or a plot (replacing the one it had). */
export async function setFeeRate(
  tx: Transaction,
  target: { gardenerId: number } | { plotId: number },
  amountCents: number,
  reason: string,
) {
  const where =
    "gardenerId" in target ? eq(feeRates.gardenerId, target.gardenerId) : eq(feeRates.plotId, target.plotId);
  await tx.delete(feeRates).where(where);
  const [row] = await tx
    .insert(feeRates)
    .values({ ...target, amountCents, reason })
    .returning();
  return row!;
}

export async function removeFeeRate(tx: Transaction, id: number) {
  const [row] = await tx.delete(feeRates).where(eq(feeRates.id, id)).returning();
  return row;
}

/** Every particular rate in force, for the fees page. */
export async function allFeeRates(executor: Executor = getDb()) {
  return executor
    .select({
      id: feeRates.id,
      amountCents: feeRates.amountCents,
      reason: feeRates.reason,
      gardenerId: sql<number | null>`coalesce(${feeRates.gardenerId}, ${plotHoldings.gardenerId})`,
      gardener: sql<string>`coalesce(${gardeners.name}, '')`,
      plot: sql<string>`case when ${plots.id} is null then '' else 'n° ' || ${plots.number} || ' (' || ${gardenSites.name} || ')' end`,
    })
    .from(feeRates)
    .leftJoin(plots, eq(plots.id, feeRates.plotId))
    .leftJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .leftJoin(plotHoldings, and(eq(plotHoldings.plotId, feeRates.plotId), isNull(plotHoldings.endDate)))
    .leftJoin(gardeners, sql`${gardeners.id} = coalesce(${feeRates.gardenerId}, ${plotHoldings.gardenerId})`)
    .orderBy(...byFamilyName, asc(feeRates.id));
}

/** The fee year the screens follow: the latest one called (a call for next year made in autumn), else this one. */
export async function currentFeeYear(executor: Executor = getDb()) {
  return (await lastFeeCall(executor))?.year ?? parisYear();
}
