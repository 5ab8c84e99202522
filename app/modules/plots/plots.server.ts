import { and, asc, count, eq, gte, isNull, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, type Executor } from "~/db/client.server";
import { gardeners, gardenSites, inspectionMarks, inspectionRounds, plotHoldings, plots } from "~/db/schema";
import { plotSize, type PlotState } from "./plots.labels";
import type { PlotForm, SiteForm } from "./plots.schema";

export type Plot = typeof plots.$inferSelect;

export class PlotNumberTakenError extends Error {
  constructor(readonly number: number) {
    super(`La parcelle n° ${number} existe déjà dans ce jardin.`);
  }
}

/** Today in Paris, as a calendar date (YYYY-MM-DD). */
export const todayInParis = (now = new Date()) => now.toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });

/** The date twelve months before `today` (YYYY-MM-DD): the warnings that still count. */
export function twelveMonthsBefore(today: string) {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return `${y - 1}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Every site, by name, with how many plots it has in each state. */
export async function listSites(executor: Executor = getDb()) {
  const sites = await executor.select().from(gardenSites).orderBy(asc(gardenSites.name), asc(gardenSites.id));
  const counts = await executor
    .select({ siteId: plots.siteId, state: plots.state, n: count() })
    .from(plots)
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
    const [site] = await executor.update(gardenSites).set(form).where(eq(gardenSites.id, id)).returning();
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
 * A site's plots by number, each with its current holder (name and id) and its warnings of the last twelve months:
 * the overview's tiles and the printed list.
 */
export async function plotsOfSite(siteId: number, now = new Date(), executor: Executor = getDb()) {
  const since = twelveMonthsBefore(todayInParis(now));
  const rows = await executor
    .select({
      plot: plots,
      holderId: gardeners.id,
      holderName: gardeners.name,
      holderEmail: gardeners.email,
      holderMobile: gardeners.mobile,
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
    .where(
      and(
        eq(inspectionRounds.siteId, siteId),
        eq(inspectionMarks.result, "avertissement"),
        gte(inspectionRounds.date, since),
      ),
    )
    .groupBy(inspectionMarks.plotId);
  const warningsOf = new Map(warnings.map((w) => [w.plotId, Number(w.n)]));
  return rows.map((r) => ({
    ...r.plot,
    size: plotSize(r.plot.area),
    holder: r.holderId ? { id: r.holderId, name: r.holderName!, email: r.holderEmail!, mobile: r.holderMobile! } : null,
    holdingStart: r.holdingStart,
    warnings: warningsOf.get(r.plot.id) ?? 0,
  }));
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

/** Deletes a plot nobody holds (its past holdings with it); undefined when it is attributed or gone. */
export async function deleteFreePlot(id: number, executor: Executor = getDb()) {
  const [plot] = await executor
    .delete(plots)
    .where(and(eq(plots.id, id), sql`${plots.state} <> 'attribuee'`))
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
 * reserved or being restored); null when the association keeps no register (the settings' numbers then).
 */
export async function registerCounts(executor: Executor = getDb()) {
  const [row] = await executor
    .select({ total: count(), free: sql<number>`count(*) filter (where ${plots.state} = 'libre')`.mapWith(Number) })
    .from(plots);
  const total = Number(row?.total ?? 0);
  return total === 0 ? null : { occupied: total - (row?.free ?? 0), total };
}
