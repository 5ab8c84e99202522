import { aYearBefore, parisToday } from "~/lib/paris-time";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import {
  gardenerFees,
  gardeners,
  gardenSites,
  inspectionMarks,
  inspectionRounds,
  plotHoldings,
  plots,
} from "~/modules/register/register.tables";
import { adminSearchCondition, withPage, type AdminListQuery } from "~/server/admin-list.server";
import { fullName, oneLine, splitName } from "~/lib/text";
import { plotName } from "~/modules/register/plots.labels";
import type { GardenerForm } from "~/modules/register/plots.schema";
import { forgetPayer } from "~/modules/treasury/receipts.server";
import { gardenerCondition, siteCondition, type SiteScope } from "./access.server";

export type GardenerStatus = "actuels" | "anciens";

/** Current gardeners have no end date; former ones left (their record is kept for the retention period). */
const statusCondition = (status: GardenerStatus) =>
  status === "actuels" ? isNull(gardeners.endDate) : isNotNull(gardeners.endDate);

const matching = (q = "") =>
  adminSearchCondition(q, { texts: [gardeners.name, gardeners.email, gardeners.mobile, gardeners.address], dates: [] });

/**
 * The order of every list of gardeners: family name, then given names, in French order (the `french` ICU collation of
 * migration 0019: « Aïcha » before « Arthur », « Élodie » among the E). A record written without its parts (by an
 * older script) sorts by its whole name.
 */
export const byFamilyName = [
  sql`coalesce(nullif(${gardeners.familyName}, ''), ${gardeners.name}) collate french`,
  sql`${gardeners.givenNames} collate french`,
  asc(gardeners.id),
];

/** The names of the gardeners `ids` whose records are kept, for the history's screen. */
export async function gardenerNamesByIds(ids: number[], executor: Executor = getDb()) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await executor
    .select({ id: gardeners.id, name: gardeners.name })
    .from(gardeners)
    .where(inArray(gardeners.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The columns of a gardener's name: as written, and in its two parts (guessed from it when not given). */
export function nameColumns(name: { familyName: string; givenNames: string } | string) {
  const parts = typeof name === "string" ? splitName(name) : name;
  return { ...parts, name: typeof name === "string" ? oneLine(name) : fullName(parts.givenNames, parts.familyName) };
}

/**
 * The plots a gardener holds now, « n° 12 (Jardin des Brosses) », in one text per gardener; those on the sites of
 * `scope` only (a referent's list names no other site's plot).
 */
export function currentPlotsIn(scope: SiteScope) {
  const kept = siteCondition(scope, plots.siteId);
  const onSites = kept ? sql` and ${kept}` : sql``;
  return sql<string>`coalesce((
  select string_agg('n° ' || ${plots.number} || ' (' || ${gardenSites.name} || ')', ', ' order by ${gardenSites.name}, ${plots.number})
  from ${plotHoldings} join ${plots} on ${plots.id} = ${plotHoldings.plotId} join ${gardenSites} on ${gardenSites.id} = ${plots.siteId}
  where ${plotHoldings.gardenerId} = ${gardeners.id} and ${plotHoldings.endDate} is null${onSites}), '')`;
}

/** Every plot a gardener holds now, as `currentPlotsIn` names them. */
export const currentPlots = currentPlotsIn("all");

/**
 * A page of current or former gardeners, by name, with their plots and the fee of `year` (null: not called); a
 * referent's `scope`: those who hold or held a plot on their sites.
 */
export async function listGardeners(
  status: GardenerStatus,
  year: number,
  { page, scope = "all" }: { page?: AdminListQuery; scope?: SiteScope } = {},
  executor: Executor = getDb(),
) {
  const query = executor
    .select({
      gardener: gardeners,
      plots: currentPlotsIn(scope),
      fee: gardenerFees,
      feePaidCents:
        sql<number>`coalesce((select sum(p.amount_cents) from gardener_payments p where p.fee_id = ${gardenerFees.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(gardeners)
    .leftJoin(gardenerFees, and(eq(gardenerFees.gardenerId, gardeners.id), eq(gardenerFees.year, year)))
    .where(and(statusCondition(status), matching(page?.q), gardenerCondition(scope)))
    .orderBy(...byFamilyName);
  return withPage(query.$dynamic(), page);
}

export async function countGardeners(q = "", scope: SiteScope = "all", executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      current: sql<number>`count(*) filter (where ${gardeners.endDate} is null)`.mapWith(Number),
      former: sql<number>`count(*) filter (where ${gardeners.endDate} is not null)`.mapWith(Number),
    })
    .from(gardeners)
    .where(and(matching(q), gardenerCondition(scope)));
  return { actuels: row?.current ?? 0, anciens: row?.former ?? 0 };
}

export async function getGardener(id: number, executor: Executor = getDb()) {
  const [row] = await executor.select().from(gardeners).where(eq(gardeners.id, id));
  return row;
}

/** A gardener's plots, current first then by start, each named. */
export async function holdingsOf(gardenerId: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({ holding: plotHoldings, plot: plots, site: gardenSites })
    .from(plotHoldings)
    .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(eq(plotHoldings.gardenerId, gardenerId))
    .orderBy(sql`${plotHoldings.endDate} is not null`, desc(plotHoldings.startDate), desc(plotHoldings.id));
  return rows.map((r) => ({ ...r.holding, plot: r.plot, site: r.site, name: plotName(r.plot, r.site) }));
}

/**
 * The warnings of the last twelve months, latest first, withdrawn ones included (marked): a gardener's, everywhere
 * they held a plot, or only on one plot (`plotId` with their `gardenerId`: a plot's page shows its current holder's).
 */
export async function recentWarnings(
  of: { gardenerId: number; plotId?: number },
  now = new Date(),
  executor: Executor = getDb(),
) {
  const since = aYearBefore(parisToday(now));
  return executor
    .select({
      id: inspectionMarks.id,
      date: inspectionRounds.date,
      note: inspectionMarks.note,
      inspector: inspectionRounds.inspector,
      // A withdrawn warning is shown as such (with its reason) and not counted.
      withdrawalReason: inspectionMarks.withdrawalReason,
      withdrawn: sql<boolean>`${inspectionMarks.withdrawnAt} is not null`,
      plotNumber: plots.number,
      siteId: plots.siteId,
      siteName: gardenSites.name,
    })
    .from(inspectionMarks)
    .innerJoin(inspectionRounds, eq(inspectionRounds.id, inspectionMarks.roundId))
    .innerJoin(plots, eq(plots.id, inspectionMarks.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(
      and(
        eq(inspectionMarks.gardenerId, of.gardenerId),
        of.plotId === undefined ? undefined : eq(inspectionMarks.plotId, of.plotId),
        eq(inspectionMarks.result, "avertissement"),
        gte(inspectionRounds.date, since),
      ),
    )
    .orderBy(desc(inspectionRounds.date), desc(inspectionMarks.id));
}

/** Current gardeners with two warnings or more in the last twelve months (the dashboard's « exclusion possible »). */
export async function gardenersWithTwoWarnings(now = new Date(), executor: Executor = getDb()) {
  const since = aYearBefore(parisToday(now));
  return executor
    .select({ id: gardeners.id, name: gardeners.name, warnings: count() })
    .from(inspectionMarks)
    .innerJoin(inspectionRounds, eq(inspectionRounds.id, inspectionMarks.roundId))
    .innerJoin(gardeners, eq(gardeners.id, inspectionMarks.gardenerId))
    .where(
      and(
        eq(inspectionMarks.result, "avertissement"),
        isNull(inspectionMarks.withdrawnAt),
        gte(inspectionRounds.date, since),
        isNull(gardeners.endDate),
      ),
    )
    .groupBy(gardeners.id)
    .having(sql`count(*) >= 2`)
    .orderBy(...byFamilyName);
}

export async function createGardener(form: GardenerForm, executor: Executor = getDb()) {
  const [row] = await executor
    .insert(gardeners)
    .values({ ...form, ...nameColumns(form) })
    .returning();
  return row!;
}

export async function updateGardener(id: number, form: GardenerForm, executor: Executor = getDb()) {
  const [row] = await executor
    .update(gardeners)
    .set({ ...form, ...nameColumns(form), isDemo: false, updatedAt: new Date() })
    .where(eq(gardeners.id, id))
    .returning();
  return row;
}

/**
 * Deletes a gardener's record; their holdings, payments and marks stay, without them (ON DELETE SET NULL), and their
 * receipts and the book's entries lose their name (`forgetPayer`). Returns the receipts' files to remove once
 * committed (`removeReceiptFiles`).
 */
export async function deleteGardener(id: number, executor: Executor = getDb()) {
  const files = await forgetPayer(executor, id);
  await executor.delete(gardeners).where(eq(gardeners.id, id));
  return files;
}
