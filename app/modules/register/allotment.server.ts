import { getContent } from "~/modules/content/content.server";
import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import { getDb, isUniqueViolation, type Executor, type Transaction } from "~/db/client.server";
import { applications } from "~/modules/applications/applications.tables";
import { gardeners, gardenSites, plannedAllotments, plotHoldings, plots } from "~/modules/register/register.tables";
import { VILLE_LABELS, type PlotSize, type Ville } from "~/lib/constants";
import { withTown } from "~/lib/text";
import { notArchived } from "~/modules/applications/applicant.server";
import { nameColumns } from "~/modules/register/gardeners.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { plotName, plotSize } from "./plots.labels";
import { allotmentMail } from "./plots.mail.server";

/** The plot was taken (or reserved, or removed) since the screen was shown: nothing was written. */
export class PlotUnavailableError extends Error {
  constructor(plot: string | null) {
    super(
      plot
        ? `La ${plot} n'est plus libre : un autre administrateur vient peut-être de l'attribuer. Choisissez-en une autre.`
        : "Cette parcelle n'existe plus : choisissez-en une autre.",
    );
  }
}

/** The application was archived, deleted or allotted since the screen was shown. */
export class ApplicationClosedError extends Error {
  constructor() {
    super("Cette demande n'est plus active : elle a peut-être déjà reçu une parcelle, ou été archivée entre-temps.");
  }
}

/** Every free plot, by site and number, named with its area and cabin, its size class and its site's town. */
export async function freePlots(executor: Executor = getDb()) {
  const rows = await executor
    .select({ plot: plots, site: gardenSites })
    .from(plots)
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    // A plot allotted from a later day stays free until then, but is promised (decision 036).
    .where(
      and(
        eq(plots.state, "libre"),
        notExists(
          executor
            .select({ id: plannedAllotments.id })
            .from(plannedAllotments)
            .where(eq(plannedAllotments.plotId, plots.id)),
        ),
      ),
    )
    .orderBy(asc(gardenSites.name), asc(plots.number));
  return rows.map((r) => ({
    id: r.plot.id,
    siteId: r.site.id,
    label: `${plotName(r.plot, r.site)} — ${r.plot.area} m²${r.plot.cabinValue === null ? "" : `, cabane (reprise ${r.plot.cabinValue} €)`}`,
    size: plotSize(r.plot.area) as PlotSize,
    town: r.site.town,
  }));
}

/**
 * The free plots to offer an applicant: those of their town's sites of the wished size first, then the town's
 * others, then the other towns'; each group by site and number.
 */
export async function freePlotsFor(town: string, wishedSize: string, executor: Executor = getDb()) {
  const choices = await freePlots(executor);
  return {
    matching: choices.filter((c) => c.town === town && c.size === wishedSize),
    otherSizes: choices.filter((c) => c.town === town && c.size !== wishedSize),
    otherTowns: choices.filter((c) => c.town !== town),
  };
}

/**
 * Locks a plot and checks that it can be given (free, and promised to no one from a later day unless `planId`, the
 * plan being made a holding, is that promise); its name.
 */
export async function takeFreePlot(tx: Transaction, plotId: number, planId?: number) {
  const [row] = await tx
    .select({ plot: plots, site: gardenSites })
    .from(plots)
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(eq(plots.id, plotId))
    .for("update", { of: plots });
  if (!row) throw new PlotUnavailableError(null);
  if (row.plot.state !== "libre") throw new PlotUnavailableError(plotName(row.plot, row.site));
  const [plan] = await tx
    .select({ id: plannedAllotments.id })
    .from(plannedAllotments)
    .where(eq(plannedAllotments.plotId, plotId));
  if (plan && plan.id !== planId) throw new PlotUnavailableError(plotName(row.plot, row.site));
  return row;
}

/** Gives a locked free plot to a gardener from `startDate`; the unique index is the last guard against a double. */
async function hold(
  tx: Transaction,
  row: Awaited<ReturnType<typeof takeFreePlot>>,
  gardenerId: number,
  startDate: string,
) {
  try {
    await tx.insert(plotHoldings).values({ plotId: row.plot.id, gardenerId, startDate });
  } catch (error) {
    if (isUniqueViolation(error)) throw new PlotUnavailableError(plotName(row.plot, row.site));
    throw error;
  }
  await tx.update(plots).set({ state: "attribuee", updatedAt: new Date() }).where(eq(plots.id, row.plot.id));
}

/**
 * « Attribuer une parcelle » to an applicant, all in the caller's transaction: the gardener made from the
 * application, the plot attributed from `startDate`, the application archived (its private link keeps working, to
 * say which plot), and the welcome e-mail queued. The plot's and the application's rows are locked, so two
 * administrators cannot give one plot twice, nor two plots to one application: the second gets an error.
 */
export async function allotFromApplication(
  tx: Transaction,
  applicationId: number,
  plotId: number,
  startDate: string,
  /** A planned allotment made on its day: its plan, and whether its welcome e-mail went already. */
  plan?: { id: number; welcomed: boolean },
) {
  const row = await takeFreePlot(tx, plotId, plan?.id);
  const [application] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), notArchived))
    .for("update");
  if (!application) throw new ApplicationClosedError();
  let gardener;
  try {
    [gardener] = await tx
      .insert(gardeners)
      .values({
        // « Nom et prénom » on one line: its family name and given names guessed, for the bureau to correct.
        ...nameColumns(application.nom),
        email: application.email,
        mobile: application.telephonePortable,
        landline: application.telephoneFixe ?? "",
        address: withTown(
          application.adresse,
          application.ville === "autre" ? "" : (VILLE_LABELS[application.ville as Ville] ?? application.ville),
        ),
        startDate,
        applicationId,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApplicationClosedError();
    throw error;
  }
  await hold(tx, row, gardener!.id, startDate);
  await tx
    .update(applications)
    .set({ processed: true, archived: true, archivedDate: new Date(), isDemo: false })
    .where(eq(applications.id, applicationId));
  const content = (await getContent(tx)) ?? undefined;
  if (gardener!.email && !plan?.welcomed)
    await enqueueMail(tx, allotmentMail(gardener!, row.plot, row.site, startDate, content));
  return { gardener: gardener!, plot: row.plot, site: row.site, name: plotName(row.plot, row.site) };
}

/** A free plot given to a gardener already in the register (a second plot, a move), in the caller's transaction. */
export async function allotToGardener(
  tx: Transaction,
  gardenerId: number,
  plotId: number,
  startDate: string,
  planId?: number,
) {
  const row = await takeFreePlot(tx, plotId, planId);
  const [gardener] = await tx
    .update(gardeners)
    .set({ endDate: null, isDemo: false, updatedAt: new Date() })
    .where(eq(gardeners.id, gardenerId))
    .returning();
  if (!gardener) return undefined;
  await hold(tx, row, gardenerId, startDate);
  return { gardener, name: plotName(row.plot, row.site) };
}

/**
 * A gardener leaves a plot (`holdingId`) or all of theirs (null) on `endDate`: each plot becomes « libre » or « en
 * remise en état », the bureau's choice. With no plot left, the gardener is a former one from that date (the
 * retention counts from it); one who held none leaves all the same. Returns the plots' names, and whether the
 * gardener is now a former one.
 */
export async function endHoldings(
  tx: Transaction,
  gardenerId: number,
  holdingId: number | null,
  endDate: string,
  plotState: "libre" | "remise_en_etat",
) {
  const ended = await tx
    .update(plotHoldings)
    .set({ endDate })
    .where(
      and(
        eq(plotHoldings.gardenerId, gardenerId),
        isNull(plotHoldings.endDate),
        holdingId === null ? undefined : eq(plotHoldings.id, holdingId),
        sql`${plotHoldings.startDate} <= ${endDate}`,
      ),
    )
    .returning();
  const names: string[] = [];
  for (const holding of ended) {
    const [row] = await tx
      .update(plots)
      .set({ state: plotState, updatedAt: new Date() })
      .where(eq(plots.id, holding.plotId))
      .returning();
    const [site] = await tx.select().from(gardenSites).where(eq(gardenSites.id, row!.siteId));
    names.push(plotName(row!, site!));
  }
  const [left] = await tx
    .select({ id: plotHoldings.id })
    .from(plotHoldings)
    .where(and(eq(plotHoldings.gardenerId, gardenerId), isNull(plotHoldings.endDate)))
    .limit(1);
  const leaves = !left && (ended.length > 0 || holdingId === null);
  // A departure is an edit of the record: the demo's removal leaves it alone from now on.
  await tx.update(gardeners).set({ isDemo: false }).where(eq(gardeners.id, gardenerId));
  if (leaves)
    await tx
      .update(gardeners)
      .set({ endDate, updatedAt: new Date() })
      .where(and(eq(gardeners.id, gardenerId), isNull(gardeners.endDate)));
  return { names, left: leaves };
}

/**
 * Before a gardener's record is erased: plots given from a later date go back to « libre », the others are left
 * today (« en remise en état »), so that the register keeps no holder without a record.
 */
export async function releaseGardener(tx: Transaction, gardenerId: number, today: string) {
  const future = await tx
    .delete(plotHoldings)
    .where(
      and(
        eq(plotHoldings.gardenerId, gardenerId),
        isNull(plotHoldings.endDate),
        sql`${plotHoldings.startDate} > ${today}`,
      ),
    )
    .returning();
  for (const holding of future)
    await tx.update(plots).set({ state: "libre", updatedAt: new Date() }).where(eq(plots.id, holding.plotId));
  await endHoldings(tx, gardenerId, null, today, "remise_en_etat");
}

/** The plot an application received, for the applicant's private page; undefined when it has none. */
export async function allottedPlotOf(applicationId: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ plot: plots, site: gardenSites, startDate: plotHoldings.startDate })
    .from(gardeners)
    .innerJoin(plotHoldings, eq(plotHoldings.gardenerId, gardeners.id))
    .innerJoin(plots, eq(plots.id, plotHoldings.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(eq(gardeners.applicationId, applicationId))
    .orderBy(asc(plotHoldings.startDate), asc(plotHoldings.id))
    .limit(1);
  return row;
}

/** The plot planned for an application from a later day (decision 036), for the applicant's private page. */
export async function plannedPlotOf(applicationId: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ plot: plots, site: gardenSites, startDate: plannedAllotments.startDate })
    .from(plannedAllotments)
    .innerJoin(plots, eq(plots.id, plannedAllotments.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .where(eq(plannedAllotments.applicationId, applicationId));
  return row;
}
