import { Refusal } from "~/modules/forms/refusal.server";
import { getContent } from "~/modules/content/content.server";
import { and, asc, eq, lte } from "drizzle-orm";
import { getDb, isUniqueViolation, type Executor, type Transaction } from "~/db/client.server";
import { applications } from "~/modules/applications/applications.tables";
import { gardeners, gardenSites, plannedAllotments, plots } from "~/modules/register/register.tables";
import { formatCalendarDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { notArchived } from "~/modules/applications/applicant.server";
import { recordHistory, withHistory, type Actor } from "~/modules/history/history.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import type { Job } from "~/server/jobs.server";
import {
  allotFromApplication,
  allotToGardener,
  ApplicationClosedError,
  PlotUnavailableError,
  takeFreePlot,
} from "./allotment.server";
import { plotName } from "./plots.labels";
import { allotmentMail } from "./plots.mail.server";

// Allotments decided for a later day (decision 036): bureaus allot in winter for a season that starts on 1 March.
// The plan keeps the plot for its future holder; every reader of « who holds what today » stays as it is, and the
// daily job makes the plan a holding on its day, as if the bureau had recorded it then.

/** « à partir du 1er mars 2027 (attribution prévue) », Historique's words. */
export const plannedDetail = (startDate: string) => `à partir du ${formatCalendarDate(startDate)}`;

/** The done message of a plan: what it does, and what it does not yet; to whom, when the page does not say it. */
export const plannedMessage = (plot: string, startDate: string, who = "") =>
  `La ${plot} est attribuée${who ? ` à ${who}` : ""} à partir du ${formatCalendarDate(startDate)} : elle reste libre jusque-là, et ne sera proposée à personne d'autre.`;

/** The job's name in Historique: no one of the bureau made the holding on its day, the plan did. */
export const PLANNED_ALLOTMENT_ACTOR: Actor = { id: null, username: "attribution prévue" };

export class PlanRefusal extends Refusal {}

/**
 * Plans the allotment of a free plot from `startDate` (after today) to an application or a gardener already in the
 * register, in the caller's transaction: the plot locked and promised, the application marked processed (it is
 * archived on the day, when its gardener is made), the welcome e-mail sent now if the bureau says so.
 */
export async function planAllotment(
  tx: Transaction,
  who: { applicationId: number } | { gardenerId: number },
  plotId: number,
  startDate: string,
  { welcomeNow, createdBy }: { welcomeNow: boolean; createdBy: string },
) {
  const row = await takeFreePlot(tx, plotId);
  let welcome: { name: string; email: string } | null = null;
  if ("applicationId" in who) {
    const [application] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.id, who.applicationId), notArchived))
      .for("update");
    if (!application) throw new ApplicationClosedError();
    await tx.update(applications).set({ processed: true, isDemo: false }).where(eq(applications.id, application.id));
    welcome = { name: application.nom, email: application.email };
  } else {
    const [gardener] = await tx.select().from(gardeners).where(eq(gardeners.id, who.gardenerId));
    if (!gardener) throw new PlanRefusal("Ce jardinier n'est plus au registre.");
  }
  const sendNow = welcomeNow && Boolean(welcome?.email);
  let plan;
  try {
    [plan] = await tx
      .insert(plannedAllotments)
      .values({ ...who, plotId, startDate, createdBy, welcomeSentAt: sendNow ? new Date() : null })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new PlanRefusal("Cette demande a déjà une parcelle prévue : annulez-la d'abord dans « Parcelles ».");
    throw error;
  }
  if (sendNow) {
    const content = (await getContent(tx)) ?? undefined;
    await enqueueMail(tx, allotmentMail(welcome!, row.plot, row.site, startDate, content));
  }
  return { plan: plan!, name: plotName(row.plot, row.site), welcomed: sendNow };
}

/**
 * The plans to come, by date: the plot, who will hold it, from when, and what stopped one made on its day; all of
 * them, or one (`id`), or a gardener's (`gardenerId`).
 */
export async function listPlannedAllotments(
  only: { id?: number; gardenerId?: number } = {},
  executor: Executor = getDb(),
) {
  const rows = await executor
    .select({
      plan: plannedAllotments,
      plot: plots,
      site: gardenSites,
      applicant: applications.nom,
      gardener: gardeners.name,
    })
    .from(plannedAllotments)
    .innerJoin(plots, eq(plots.id, plannedAllotments.plotId))
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .leftJoin(applications, eq(applications.id, plannedAllotments.applicationId))
    .leftJoin(gardeners, eq(gardeners.id, plannedAllotments.gardenerId))
    .where(
      and(
        only.id === undefined ? undefined : eq(plannedAllotments.id, only.id),
        only.gardenerId === undefined ? undefined : eq(plannedAllotments.gardenerId, only.gardenerId),
      ),
    )
    .orderBy(asc(plannedAllotments.startDate), asc(gardenSites.name), asc(plots.number));
  return rows.map((r) => ({
    id: r.plan.id,
    plotId: r.plot.id,
    siteId: r.site.id,
    plot: plotName(r.plot, r.site),
    who: r.gardener ?? r.applicant ?? "",
    gardenerId: r.plan.gardenerId,
    applicationId: r.plan.applicationId,
    startDate: r.plan.startDate,
    from: formatCalendarDate(r.plan.startDate),
    welcomed: r.plan.welcomeSentAt !== null,
    problem: r.plan.problem,
  }));
}

/** « Annuler » a plan: the plot free for anyone again, the application back among those to treat. */
export async function cancelPlannedAllotment(tx: Transaction, id: number) {
  const [plan] = await tx.delete(plannedAllotments).where(eq(plannedAllotments.id, id)).returning();
  if (plan?.applicationId)
    await tx.update(applications).set({ processed: false }).where(eq(applications.id, plan.applicationId));
  return plan;
}

/**
 * Makes each plan due by `today` a holding from its day, each in its own transaction, with its history entry: the
 * gardener made from the application (the welcome e-mail sent unless it went already), or the plot added to the
 * gardener's. A plan that cannot be made (the plot was taken out of use, the application archived) keeps its place
 * with the reason, for the bureau. Returns how many were made.
 */
export async function activatePlannedAllotments(today = parisToday()) {
  const due = await getDb()
    .select()
    .from(plannedAllotments)
    .where(and(lte(plannedAllotments.startDate, today), eq(plannedAllotments.problem, "")))
    .orderBy(asc(plannedAllotments.startDate), asc(plannedAllotments.id));
  let made = 0;
  for (const plan of due) {
    try {
      await withHistory(
        PLANNED_ALLOTMENT_ACTOR,
        async (tx) => {
          const [still] = await tx
            .delete(plannedAllotments)
            .where(eq(plannedAllotments.id, plan.id))
            .returning({ id: plannedAllotments.id });
          // Made by another instance, or cancelled, meanwhile.
          if (!still) return null;
          const done = plan.applicationId
            ? await allotFromApplication(tx, plan.applicationId, plan.plotId, plan.startDate, {
                id: plan.id,
                welcomed: plan.welcomeSentAt !== null,
              })
            : await allotToGardener(tx, plan.gardenerId!, plan.plotId, plan.startDate, plan.id);
          return done ?? null;
        },
        (done) =>
          done && {
            kind: "parcelle.attribution",
            target: done.name,
            detail: `${done.gardener.name}, à partir du ${formatCalendarDate(plan.startDate)} (attribution prévue)`,
          },
      ).then((done) => {
        if (done) made++;
      });
    } catch (error) {
      if (!(error instanceof PlotUnavailableError || error instanceof ApplicationClosedError)) throw error;
      await getDb().transaction(async (tx) => {
        await tx.update(plannedAllotments).set({ problem: error.message }).where(eq(plannedAllotments.id, plan.id));
        await recordHistory(tx, PLANNED_ALLOTMENT_ACTOR, {
          kind: "parcelle.attribution-prevue-impossible",
          target: `attribution prévue n° ${plan.id}`,
          detail: error.message,
        });
      });
    }
  }
  return made;
}

/** The daily making of the plans due (every hour: the first run after midnight in Paris makes the day's). */
export const plannedAllotmentsJob: Job<number> = {
  name: "attributions prévues",
  everyMs: 60 * 60_000,
  firstAfterMs: 30_000,
  once: true,
  run: () => activatePlannedAllotments(),
  report: (made) => (made > 0 ? { attributions: made } : undefined),
};
