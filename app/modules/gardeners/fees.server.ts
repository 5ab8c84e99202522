import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import {
  associationContent,
  feeCalls,
  gardenerPayments,
  gardeners,
  gardenSites,
  plotHoldings,
  plots,
} from "~/db/schema";
import { enqueueMail } from "~/modules/mail/mail.server";
import { currentPlots } from "./gardeners.server";
import { feeMail } from "~/modules/plots/plots.mail.server";
import { plotSize } from "~/modules/plots/plots.labels";

export interface FeeAmounts {
  smallCents: number;
  mediumCents: number;
  largeCents: number;
}

/** How the fees list and its export name the fee of an erased record. */
const ERASED = "Fiche effacée";

/** No reminder within a week of the call, nor a second one within a week of the first. */
const REMINDER_GAP_MS = 7 * 86_400_000;

export async function getFeeCall(year: number, executor: Executor = getDb()) {
  const [row] = await executor.select().from(feeCalls).where(eq(feeCalls.year, year));
  return row;
}

/** The last year's amounts: what a new call starts from. */
export async function lastFeeCall(executor: Executor = getDb()) {
  const [row] = await executor
    .select()
    .from(feeCalls)
    .orderBy(sql`${feeCalls.year} desc`)
    .limit(1);
  return row;
}

/** Current gardeners with their current plots (number, site, area): whom a call concerns, and for how much. */
async function currentGardenersWithPlots(executor: Executor) {
  const rows = await executor
    .select({ gardener: gardeners, number: plots.number, area: plots.area, site: gardenSites.name })
    .from(gardeners)
    .innerJoin(plotHoldings, and(eq(plotHoldings.gardenerId, gardeners.id), isNull(plotHoldings.endDate)))
    .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(isNull(gardeners.endDate))
    .orderBy(asc(gardeners.id), asc(gardenSites.name), asc(plots.number));
  const byGardener = new Map<
    number,
    { gardener: (typeof rows)[number]["gardener"]; plots: { number: number; area: number; site: string }[] }
  >();
  for (const r of rows) {
    const entry = byGardener.get(r.gardener.id) ?? { gardener: r.gardener, plots: [] };
    entry.plots.push({ number: r.number, area: r.area, site: r.site });
    byGardener.set(r.gardener.id, entry);
  }
  return [...byGardener.values()];
}

/** « la parcelle n° 12 (Jardin des Brosses) », « les parcelles n° 3 et 14 (…) ». */
const plotsText = (list: { number: number; site: string }[]) =>
  list.length === 1
    ? `la parcelle n° ${list[0]!.number} (${list[0]!.site})`
    : `les parcelles ${list.map((p) => `n° ${p.number} (${p.site})`).join(", ")}`;

export function feeFor(areas: number[], amounts: FeeAmounts) {
  const bySize = { petite: amounts.smallCents, moyenne: amounts.mediumCents, grande: amounts.largeCents };
  return areas.reduce((sum, area) => sum + bySize[plotSize(area)], 0);
}

/**
 * « Appel à cotisation {year} », in the caller's transaction: every current gardener who has no fee for the year yet
 * gets one (the sum of their plots' amounts, by size) and, with an address, the call by e-mail through the outbox.
 * Run again (a gardener arrived since), it calls only the new ones, at the year's amounts. Returns how many.
 */
export async function callFees(tx: Transaction, year: number, amounts: FeeAmounts, calledBy: string, now = new Date()) {
  // The year's call, written once whoever comes first; the others wait on its row and take its amounts.
  const [created] = await tx
    .insert(feeCalls)
    .values({ year, ...amounts, calledBy })
    .onConflictDoNothing()
    .returning();
  const [call] = await tx.select().from(feeCalls).where(eq(feeCalls.year, year)).for("update");
  const already = new Set(
    (
      await tx
        .select({ id: gardenerPayments.gardenerId })
        .from(gardenerPayments)
        .where(and(eq(gardenerPayments.kind, "cotisation"), eq(gardenerPayments.year, year)))
    ).map((r) => r.id),
  );
  const [content] = await tx.select().from(associationContent).limit(1);
  let called = 0;
  let mailed = 0;
  for (const { gardener, plots: held } of await currentGardenersWithPlots(tx)) {
    if (already.has(gardener.id)) continue;
    const amountCents = feeFor(
      held.map((p) => p.area),
      call!,
    );
    const [fee] = await tx
      .insert(gardenerPayments)
      .values({ gardenerId: gardener.id, kind: "cotisation", year, amountCents, calledAt: now })
      .onConflictDoNothing()
      .returning();
    // Recorded meanwhile (a payment on the gardener's record): neither called nor mailed.
    if (!fee) continue;
    called++;
    if (gardener.email) {
      await enqueueMail(tx, feeMail("appel", gardener, year, amountCents, plotsText(held), content));
      mailed++;
    }
  }
  return { call: call!, called, mailed, first: created !== undefined };
}

/**
 * A year's fees, by gardener name: amount, paid or not, when reminded, and the gardener's current plots; those of an
 * erased record last, without a name (the accounts keep them).
 */
export async function feesOf(year: number, executor: Executor = getDb()) {
  return executor
    .select({
      id: gardenerPayments.id,
      gardenerId: gardeners.id,
      name: sql<string>`coalesce(${gardeners.name}, ${ERASED})`,
      email: sql<string>`coalesce(${gardeners.email}, '')`,
      amountCents: gardenerPayments.amountCents,
      paidOn: gardenerPayments.paidOn,
      means: gardenerPayments.means,
      remindedAt: gardenerPayments.remindedAt,
      plots: currentPlots,
    })
    .from(gardenerPayments)
    .leftJoin(gardeners, eq(gardeners.id, gardenerPayments.gardenerId))
    .where(and(eq(gardenerPayments.kind, "cotisation"), eq(gardenerPayments.year, year)))
    .orderBy(sql`${gardeners.name} is null`, asc(gardeners.name), asc(gardenerPayments.id));
}

/** How many of the year's fees are paid, out of how many were called (the dashboard); erased records' included. */
export async function feeProgress(year: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      called: sql<number>`count(*)`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${gardenerPayments.paidOn} is not null)`.mapWith(Number),
    })
    .from(gardenerPayments)
    .where(and(eq(gardenerPayments.kind, "cotisation"), eq(gardenerPayments.year, year)));
  return { called: row?.called ?? 0, paid: row?.paid ?? 0 };
}

/** The ticks of the list: these fees of `year` paid on `paidOn` by `means` (those already paid are left as they are). */
export async function markFeesPaid(tx: Transaction, year: number, ids: number[], paidOn: string, means: string) {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(gardenerPayments)
    .set({ paidOn, means })
    .where(
      and(
        inArray(gardenerPayments.id, ids),
        eq(gardenerPayments.kind, "cotisation"),
        eq(gardenerPayments.year, year),
        isNull(gardenerPayments.paidOn),
      ),
    )
    .returning({ id: gardenerPayments.id });
  return rows.length;
}

/**
 * A reminder to every gardener whose fee of `year` is unpaid, through the outbox: a week after their call at the
 * earliest (time for the call to be read and paid), then once a week at most per person (sent twice by mistake, the
 * second sends nothing). Returns how many e-mails were queued.
 */
export async function remindUnpaidFees(tx: Transaction, year: number, now = new Date()) {
  const weekAgo = new Date(now.getTime() - REMINDER_GAP_MS);
  const due = await tx
    .select({ fee: gardenerPayments, gardener: gardeners })
    .from(gardenerPayments)
    .innerJoin(gardeners, eq(gardeners.id, gardenerPayments.gardenerId))
    .where(
      and(
        eq(gardenerPayments.kind, "cotisation"),
        eq(gardenerPayments.year, year),
        isNull(gardenerPayments.paidOn),
        sql`${gardeners.email} <> ''`,
        // A fee never called (recorded on the record) is not reminded either.
        lte(gardenerPayments.calledAt, weekAgo),
        or(isNull(gardenerPayments.remindedAt), lt(gardenerPayments.remindedAt, weekAgo)),
      ),
    )
    .for("update", { of: gardenerPayments });
  const [content] = await tx.select().from(associationContent).limit(1);
  const held = new Map((await currentGardenersWithPlots(tx)).map((g) => [g.gardener.id, g.plots]));
  for (const { fee, gardener } of due) {
    const list = held.get(gardener.id) ?? [];
    await enqueueMail(
      tx,
      feeMail("relance", gardener, year, fee.amountCents, list.length ? plotsText(list) : "", content),
    );
    await tx.update(gardenerPayments).set({ remindedAt: now }).where(eq(gardenerPayments.id, fee.id));
  }
  return due.length;
}
