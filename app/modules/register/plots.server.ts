import { aYearBefore, parisToday } from "~/lib/paris-time";
import { and, asc, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, type Executor } from "~/db/client.server";
import {
  gardeners,
  gardenSites,
  inspectionMarks,
  inspectionRounds,
  plannedAllotments,
  plotHoldings,
  plots,
} from "~/modules/register/register.tables";
import { siteCondition, type SiteScope } from "./access.server";
import { plotSize, type PlotState } from "./plots.labels";
import type { PlotForm, SiteForm } from "./plots.schema";

export type Plot = typeof plots.$inferSelect;

export class PlotNumberTakenError extends Error {
  constructor(readonly number: number) {
    super(`La parcelle n° ${number} existe déjà dans ce jardin.`);
  }
}

/** Every site (or those of `scope`), by name, with how many plots it has in each state. */
export async function listSites(scope: SiteScope = "all", executor: Executor = getDb()) {
  const sites = await executor
    .select()
    .from(gardenSites)
    .where(siteCondition(scope, gardenSites.id))
    .orderBy(asc(gardenSites.name), asc(gardenSites.id));
  const counts = await executor
    .select({ siteId: plots.siteId, state: plots.state, n: count() })
    .from(plots)
    .where(siteCondition(scope, plots.siteId))
    .groupBy(plots.siteId, plots.state);
  return sites.map((site) => {
    const byState: Record<PlotState, number> = { libre: 0, attribuee: 0, reservee: 0, remise_en_etat: 0 };
    for (const c of counts) if (c.siteId === site.id) byState[c.state] = Number(c.n);
    return { ...site, byState, total: Object.values(byState).reduce((a, b) => a + b, 0) };
  });
}

export async function getSite(id: number, executor: Executor = getDb()) {
  const [site] = await executor.select().from(gardenSites).where(eq(gardenSites.id, id));
  return site;
}

export class SiteNameTakenError extends Error {}

export async function createSite(form: SiteForm, executor: Executor = getDb()) {
  try {
    const [site] = await executor.insert(gardenSites).values(form).returning();
    return site!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new SiteNameTakenError();
    throw error;
  }
}

export async function updateSite(id: number, form: SiteForm, executor: Executor = getDb()) {
  try {
    const [site] = await executor
      .update(gardenSites)
      .set({ ...form, isDemo: false })
      .where(eq(gardenSites.id, id))
      .returning();
    return site;
  } catch (error) {
    if (isUniqueViolation(error)) throw new SiteNameTakenError();
    throw error;
  }
}

/** Deletes a site that has no plot left; undefined when it has some, or is gone. */
export async function deleteEmptySite(id: number, executor: Executor = getDb()) {
  const [site] = await executor
    .delete(gardenSites)
    .where(and(eq(gardenSites.id, id), sql`not exists (select 1 from ${plots} where ${plots.siteId} = ${id})`))
    .returning();
  return site;
}

/**
 * A site's plots by number, each with its current holder (name and id) and the holder's warnings there in the last
 * twelve months (withdrawn ones left out):
 * the overview's tiles and the printed list.
 */
export async function plotsOfSite(siteId: number, now = new Date(), executor: Executor = getDb()) {
  const since = aYearBefore(parisToday(now));
  const rows = await executor
    .select({
      plot: plots,
      holderId: gardeners.id,
      holderName: gardeners.name,
      holderFamilyName: gardeners.familyName,
      holderGivenNames: gardeners.givenNames,
      holderEmail: gardeners.email,
      holderMobile: gardeners.mobile,
      holderLandline: gardeners.landline,
      holdingStart: plotHoldings.startDate,
    })
    .from(plots)
    .leftJoin(plotHoldings, and(eq(plotHoldings.plotId, plots.id), isNull(plotHoldings.endDate)))
    .leftJoin(gardeners, eq(gardeners.id, plotHoldings.gardenerId))
    .where(eq(plots.siteId, siteId))
    .orderBy(asc(plots.number));
  const warnings = await executor
    .select({ plotId: inspectionMarks.plotId, n: count() })
    .from(inspectionMarks)
    .innerJoin(inspectionRounds, eq(inspectionRounds.id, inspectionMarks.roundId))
    // The current holder's warnings only: a newcomer does not inherit those of the one before.
    .innerJoin(
      plotHoldings,
      and(
        eq(plotHoldings.plotId, inspectionMarks.plotId),
        isNull(plotHoldings.endDate),
        eq(plotHoldings.gardenerId, inspectionMarks.gardenerId),
      ),
    )
    .where(
      and(
        eq(inspectionRounds.siteId, siteId),
        eq(inspectionMarks.result, "avertissement"),
        isNull(inspectionMarks.withdrawnAt),
        gte(inspectionRounds.date, since),
      ),
    )
    .groupBy(inspectionMarks.plotId);
  const warningsOf = new Map(warnings.map((w) => [w.plotId, Number(w.n)]));
  return rows.map((r) => ({
    ...r.plot,
    size: plotSize(r.plot.area),
    holder: r.holderId
      ? {
          id: r.holderId,
          name: r.holderName!,
          familyName: r.holderFamilyName!,
          givenNames: r.holderGivenNames!,
          email: r.holderEmail!,
          mobile: r.holderMobile!,
          landline: r.holderLandline!,
        }
      : null,
    holdingStart: r.holdingStart,
    warnings: warningsOf.get(r.plot.id) ?? 0,
  }));
}

/** Who held a plot and when, latest first (a gardener null once their record is erased). */
export async function holdersOf(plotId: number, executor: Executor = getDb()) {
  return executor
    .select({ holding: plotHoldings, gardenerId: gardeners.id, gardenerName: gardeners.name })
    .from(plotHoldings)
    .leftJoin(gardeners, eq(gardeners.id, plotHoldings.gardenerId))
    .where(eq(plotHoldings.plotId, plotId))
    .orderBy(desc(plotHoldings.startDate), desc(plotHoldings.id));
}

export async function getPlot(id: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ plot: plots, site: gardenSites })
    .from(plots)
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(eq(plots.id, id));
  return row;
}

export class PlotStateLockedError extends Error {}

/**
 * Changes a plot. Its state may change between libre, réservée and en remise en état; an attributed plot keeps
 * « attribuée » until its gardener leaves it (the departure), so the register never shows a holder on a free plot.
 */
export async function updatePlot(id: number, form: PlotForm, executor: Executor = getDb()) {
  const [current] = await executor.select().from(plots).where(eq(plots.id, id)).for("update");
  if (!current) return undefined;
  if (current.state === "attribuee" && form.state) throw new PlotStateLockedError();
  try {
    const [plot] = await executor
      .update(plots)
      .set({
        number: form.number,
        area: form.area,
        kind: form.kind,
        cabinValue: form.cabinValue,
        notes: form.notes,
        state: current.state === "attribuee" ? "attribuee" : (form.state ?? current.state),
        isDemo: false,
        updatedAt: new Date(),
      })
      .where(eq(plots.id, id))
      .returning();
    return plot;
  } catch (error) {
    if (isUniqueViolation(error)) throw new PlotNumberTakenError(form.number);
    throw error;
  }
}

/** Deletes a plot nobody ever held (a typing mistake); undefined when it has a history, or is gone. */
export async function deletePlotWithoutHistory(id: number, executor: Executor = getDb()) {
  const [plot] = await executor
    .delete(plots)
    .where(
      and(
        eq(plots.id, id),
        sql`not exists (select 1 from ${plotHoldings} where ${plotHoldings.plotId} = ${plots.id})`,
        sql`not exists (select 1 from ${inspectionMarks} where ${inspectionMarks.plotId} = ${plots.id})`,
      ),
    )
    .returning();
  return plot;
}

/** « Créer les parcelles 1 à 40 »: the numbers not taken yet are created, free; returns how many were. */
export async function createPlotRange(
  siteId: number,
  range: { from: number; to: number; area: number; kind: Plot["kind"] },
  executor: Executor = getDb(),
) {
  const values = [];
  for (let n = range.from; n <= range.to; n++) values.push({ siteId, number: n, area: range.area, kind: range.kind });
  const created = await executor
    .insert(plots)
    .values(values)
    .onConflictDoNothing({ target: [plots.siteId, plots.number] })
    .returning({ id: plots.id });
  return { created: created.length, existing: values.length - created.length };
}

/**
 * What the home page says of the plots, from the register when it has any: occupied means not free (attributed,
 * reserved, being restored, or promised from a later day: decision 036); null when the association keeps no register
 * (the settings' numbers then). A referent's `scope` counts their sites' plots only.
 */
export async function registerCounts(scope: SiteScope = "all", executor: Executor = getDb()) {
  const promised = sql`exists (select 1 from ${plannedAllotments} where ${plannedAllotments.plotId} = ${plots.id})`;
  const [row] = await executor
    .select({
      total: count(),
      free: sql<number>`count(*) filter (where ${plots.state} = 'libre' and not ${promised})`.mapWith(Number),
    })
    .from(plots)
    .where(siteCondition(scope, plots.siteId));
  const total = Number(row?.total ?? 0);
  return total === 0 ? null : { occupied: total - (row?.free ?? 0), total };
}
