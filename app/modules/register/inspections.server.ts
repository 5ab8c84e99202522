import { getContent } from "~/modules/content/content.server";
import { aYearBefore } from "~/lib/paris-time";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import {
  gardeners,
  gardenSites,
  inspectionMarks,
  inspectionRounds,
  plotHoldings,
  plots,
} from "~/modules/register/register.tables";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { warningMail, warningWithdrawnMail } from "./plots.mail.server";

// Inspection rounds and their marks. A round is saved as one, then stays correctable: its marks changed, a forgotten
// plot added, a warning withdrawn, the round deleted. The trail of each correction is in Historique (what changed,
// by whom, when); a withdrawn warning is never deleted but marked on its row (withdrawn_at, withdrawn_by,
// withdrawal_reason), so the plot's and the gardener's records still show it, as withdrawn, and it no longer counts
// toward « exclusion possible ». Every correction goes through the round's one-time form token (claimRound).

/** A round of that site on that day is already saved: nothing was written; `roundId` is the one to open. */
export class RoundExistsError extends Error {
  constructor(readonly roundId: number) {
    super("round exists");
  }
}

/** The form was sent with a token already used (sent twice, or shown before another change): nothing was written. */
export class StaleRoundFormError extends Error {}

/** A correction that the round's state refuses (a plot already marked, a warning already withdrawn…), in French. */
export class RoundCorrectionError extends Error {}

type Result = "conforme" | "avertissement";

export interface InspectionRound {
  date: string;
  inspector: string;
  marks: { plotId: number; result: Result; note: string; mail: boolean }[];
}

/**
 * The plots of a site that had a holder on `date`, by number, with that holder: a round's sheet. A holding covers
 * its first day up to the day before its end (the day of a departure, the plot is no longer theirs), so a plot left
 * and given again on the same day has one holder that day. Each plot comes with its holder's warnings of the last
 * twelve months there (withdrawn ones left out).
 */
export async function inspectionSheet(siteId: number, date: string, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      id: plots.id,
      number: plots.number,
      holder: { id: gardeners.id, name: gardeners.name, email: gardeners.email },
      warnings: sql<number>`(
        select count(*) from ${inspectionMarks} m join ${inspectionRounds} r on r.id = m.round_id
        where m.plot_id = ${plots.id} and m.gardener_id = ${gardeners.id} and m.result = 'avertissement'
          and m.withdrawn_at is null and r.date >= ${aYearBefore(date)} and r.date <= ${date}
      )`.mapWith(Number),
    })
    .from(plots)
    .innerJoin(
      plotHoldings,
      and(
        eq(plotHoldings.plotId, plots.id),
        lte(plotHoldings.startDate, date),
        or(isNull(plotHoldings.endDate), gt(plotHoldings.endDate, date)),
      ),
    )
    .innerJoin(gardeners, eq(gardeners.id, plotHoldings.gardenerId))
    .where(eq(plots.siteId, siteId))
    .orderBy(asc(plots.number), desc(plotHoldings.startDate));
  // At most one row per plot (the index on open holdings allows only one; ended ones never overlap by the rule).
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

type SheetPlot = Awaited<ReturnType<typeof inspectionSheet>>[number];

async function siteAndContent(tx: Transaction, siteId: number) {
  const [site] = await tx.select().from(gardenSites).where(eq(gardenSites.id, siteId));
  const content = (await getContent(tx)) ?? undefined;
  return { site, content };
}

/** Writes one mark with the plot's holder of the visit's day, and queues the warning's e-mail when asked and possible. */
async function writeMark(
  tx: Transaction,
  round: { id: number; date: string },
  plot: SheetPlot,
  mark: { result: Result; note: string; mail: boolean },
  context: Awaited<ReturnType<typeof siteAndContent>>,
) {
  const mail = mark.result === "avertissement" && mark.mail && Boolean(plot.holder.email);
  await tx.insert(inspectionMarks).values({
    roundId: round.id,
    plotId: plot.id,
    gardenerId: plot.holder.id,
    result: mark.result,
    note: mark.note,
    mailQueuedAt: mail ? new Date() : null,
  });
  if (mail)
    await enqueueMail(tx, warningMail(plot.holder, plot, context.site!, round.date, mark.note, context.content));
  return mail;
}

/**
 * Saves a round as one: its date and inspector, a mark per plot with its holder on the visit's day, and the e-mail
 * of each warning the bureau chose to send (to a holder with an address), in the caller's transaction. Marks for
 * plots that had no holder that day are left out; a second round of the site on the same day is refused
 * (RoundExistsError, naming the round to open and correct), so a form sent twice warns nobody twice. Returns the
 * round and how many warnings and e-mails.
 */
export async function saveInspectionRound(tx: Transaction, siteId: number, round: InspectionRound) {
  const context = await siteAndContent(tx, siteId);
  if (!context.site) return undefined;
  const sheet = new Map((await inspectionSheet(siteId, round.date, tx)).map((p) => [p.id, p]));
  const [row] = await tx
    .insert(inspectionRounds)
    .values({ siteId, date: round.date, inspector: round.inspector })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await tx
      .select({ id: inspectionRounds.id })
      .from(inspectionRounds)
      .where(and(eq(inspectionRounds.siteId, siteId), eq(inspectionRounds.date, round.date)));
    throw new RoundExistsError(existing!.id);
  }
  let warnings = 0;
  let mails = 0;
  for (const mark of round.marks) {
    const plot = sheet.get(mark.plotId);
    if (!plot) continue;
    if (mark.result === "avertissement") warnings++;
    if (await writeMark(tx, row, plot, mark, context)) mails++;
  }
  return { round: row, warnings, mails };
}

/** A site's past rounds, latest first, with their plots and (not withdrawn) warnings counted. */
export async function roundsOf(siteId: number, executor: Executor = getDb()) {
  return executor
    .select({
      id: inspectionRounds.id,
      date: inspectionRounds.date,
      inspector: inspectionRounds.inspector,
      plots: count(inspectionMarks.id),
      warnings:
        sql<number>`count(*) filter (where ${inspectionMarks.result} = 'avertissement' and ${inspectionMarks.withdrawnAt} is null)`.mapWith(
          Number,
        ),
    })
    .from(inspectionRounds)
    .leftJoin(inspectionMarks, eq(inspectionMarks.roundId, inspectionRounds.id))
    .where(eq(inspectionRounds.siteId, siteId))
    .groupBy(inspectionRounds.id)
    .orderBy(desc(inspectionRounds.date), desc(inspectionRounds.id))
    .limit(24);
}

/**
 * A round of a site with its marks by plot number (the holder named on each, null once their record is erased),
 * and the plots it can still take: those that had a holder on its day and have no mark yet.
 */
export async function getRound(siteId: number, roundId: number, executor: Executor = getDb()) {
  const [round] = await executor
    .select()
    .from(inspectionRounds)
    .where(and(eq(inspectionRounds.id, roundId), eq(inspectionRounds.siteId, siteId)));
  if (!round) return undefined;
  const marks = await executor
    .select({
      mark: inspectionMarks,
      plotNumber: plots.number,
      holder: { id: gardeners.id, name: gardeners.name, email: gardeners.email },
    })
    .from(inspectionMarks)
    .innerJoin(plots, eq(plots.id, inspectionMarks.plotId))
    .leftJoin(gardeners, eq(gardeners.id, inspectionMarks.gardenerId))
    .where(eq(inspectionMarks.roundId, roundId))
    .orderBy(asc(plots.number));
  const marked = new Set(marks.map((m) => m.mark.plotId));
  const addable = (await inspectionSheet(siteId, round.date, executor)).filter((p) => !marked.has(p.id));
  return { round, marks, addable };
}

/**
 * Takes the round's one-time form token: replaces it if `token` is the current one, and locks the round for the
 * rest of the transaction. A form sent twice, or shown before another administrator's change, comes with a token
 * already replaced: StaleRoundFormError, and nothing is applied twice. Undefined when the round is gone.
 */
async function claimRound(tx: Transaction, siteId: number, roundId: number, token: string) {
  const [claimed] = await tx
    .update(inspectionRounds)
    .set({ formToken: sql`gen_random_uuid()::text` })
    .where(
      and(eq(inspectionRounds.id, roundId), eq(inspectionRounds.siteId, siteId), eq(inspectionRounds.formToken, token)),
    )
    .returning();
  if (claimed) return claimed;
  const [exists] = await tx
    .select({ id: inspectionRounds.id })
    .from(inspectionRounds)
    .where(and(eq(inspectionRounds.id, roundId), eq(inspectionRounds.siteId, siteId)));
  if (exists) throw new StaleRoundFormError();
  return undefined;
}

export interface RoundCorrection {
  token: string;
  inspector: string;
  marks: { markId: number; result: Result; note: string; mail: boolean }[];
}

/**
 * Corrects a saved round: its inspector, and each mark's result and note. A compliant plot may become a warning
 * (e-mailed if asked, as on the day); a warning becomes compliant only by being withdrawn with a reason
 * (withdrawWarning), so one the gardener may have read never silently disappears. Returns what changed, in words,
 * for Historique (an empty list: nothing changed).
 */
export async function correctRound(tx: Transaction, siteId: number, roundId: number, correction: RoundCorrection) {
  const round = await claimRound(tx, siteId, roundId, correction.token);
  if (!round) return undefined;
  const context = await siteAndContent(tx, siteId);
  const changes: string[] = [];
  let mails = 0;
  if (correction.inspector !== round.inspector) {
    await tx.update(inspectionRounds).set({ inspector: correction.inspector }).where(eq(inspectionRounds.id, round.id));
    changes.push("visite faite par");
  }
  const rows = await tx
    .select({ mark: inspectionMarks, plotNumber: plots.number, holder: gardeners })
    .from(inspectionMarks)
    .innerJoin(plots, eq(plots.id, inspectionMarks.plotId))
    .leftJoin(gardeners, eq(gardeners.id, inspectionMarks.gardenerId))
    .where(eq(inspectionMarks.roundId, round.id));
  const byId = new Map(rows.map((r) => [r.mark.id, r]));
  for (const wanted of correction.marks) {
    const row = byId.get(wanted.markId);
    if (!row || row.mark.withdrawnAt) continue;
    const { mark } = row;
    if (mark.result === wanted.result && mark.note === wanted.note) continue;
    if (mark.result === "avertissement" && wanted.result === "conforme")
      throw new RoundCorrectionError(
        `Parcelle n° ${row.plotNumber} : un avertissement se retire avec « Retirer l'avertissement », en donnant la raison.`,
      );
    const newWarning = mark.result === "conforme" && wanted.result === "avertissement";
    const mail = newWarning && wanted.mail && Boolean(row.holder?.email);
    await tx
      .update(inspectionMarks)
      .set({ result: wanted.result, note: wanted.note, ...(mail ? { mailQueuedAt: new Date() } : {}) })
      .where(eq(inspectionMarks.id, mark.id));
    if (mail) {
      await enqueueMail(
        tx,
        warningMail(row.holder!, { number: row.plotNumber }, context.site!, round.date, wanted.note, context.content),
      );
      mails++;
    }
    changes.push(`n° ${row.plotNumber} ${newWarning ? "avertissement" : "remarque"}`);
  }
  return { round, changes, mails };
}

/** A plot forgotten on the day, added to the round with its holder of that day. Returns the plot's number. */
export async function addToRound(
  tx: Transaction,
  siteId: number,
  roundId: number,
  token: string,
  mark: { plotId: number; result: Result; note: string; mail: boolean },
) {
  const round = await claimRound(tx, siteId, roundId, token);
  if (!round) return undefined;
  const plot = (await inspectionSheet(siteId, round.date, tx)).find((p) => p.id === mark.plotId);
  const [already] = await tx
    .select({ id: inspectionMarks.id })
    .from(inspectionMarks)
    .where(and(eq(inspectionMarks.roundId, round.id), eq(inspectionMarks.plotId, mark.plotId)));
  if (!plot || already)
    throw new RoundCorrectionError(
      already
        ? "Cette parcelle est déjà dans la visite."
        : "Cette parcelle n'avait pas de jardinier le jour de la visite : elle ne peut pas y être ajoutée.",
    );
  const mail = await writeMark(tx, round, plot, mark, await siteAndContent(tx, siteId));
  return { round, number: plot.number, mail };
}

/**
 * Withdraws a warning given by mistake: it stays on its row, marked withdrawn (when, by whom, why), and stops
 * counting. If it had been e-mailed, the gardener is told by e-mail that it is withdrawn, and why.
 */
export async function withdrawWarning(
  tx: Transaction,
  siteId: number,
  roundId: number,
  token: string,
  withdrawal: { markId: number; reason: string; by: string },
) {
  const round = await claimRound(tx, siteId, roundId, token);
  if (!round) return undefined;
  const [row] = await tx
    .select({ mark: inspectionMarks, plot: plots, holder: gardeners })
    .from(inspectionMarks)
    .innerJoin(plots, eq(plots.id, inspectionMarks.plotId))
    .leftJoin(gardeners, eq(gardeners.id, inspectionMarks.gardenerId))
    .where(and(eq(inspectionMarks.id, withdrawal.markId), eq(inspectionMarks.roundId, round.id)));
  if (!row || row.mark.result !== "avertissement" || row.mark.withdrawnAt)
    throw new RoundCorrectionError("Cet avertissement n'existe plus ou a déjà été retiré.");
  await tx
    .update(inspectionMarks)
    .set({ withdrawnAt: new Date(), withdrawnBy: withdrawal.by, withdrawalReason: withdrawal.reason })
    .where(eq(inspectionMarks.id, row.mark.id));
  const told = Boolean(row.mark.mailQueuedAt && row.holder?.email);
  if (told) {
    const { site, content } = await siteAndContent(tx, siteId);
    await enqueueMail(tx, warningWithdrawnMail(row.holder!, row.plot, site!, round.date, withdrawal.reason, content));
  }
  return { round, number: row.plot.number, told };
}

/**
 * Deletes a round entered by mistake, with its marks. Refused while it holds a warning that was e-mailed and not
 * withdrawn: the gardener read it, so it is withdrawn first (and they are told), which keeps the trail.
 */
export async function deleteRound(tx: Transaction, siteId: number, roundId: number, token: string) {
  const round = await claimRound(tx, siteId, roundId, token);
  if (!round) return undefined;
  const [sent] = await tx
    .select({ number: plots.number })
    .from(inspectionMarks)
    .innerJoin(plots, eq(plots.id, inspectionMarks.plotId))
    .where(
      and(
        eq(inspectionMarks.roundId, round.id),
        eq(inspectionMarks.result, "avertissement"),
        isNotNull(inspectionMarks.mailQueuedAt),
        isNull(inspectionMarks.withdrawnAt),
      ),
    )
    .limit(1);
  if (sent)
    throw new RoundCorrectionError(
      `L'avertissement de la parcelle n° ${sent.number} a été envoyé par e-mail : retirez-le d'abord (le jardinier en sera informé), puis supprimez la visite.`,
    );
  await tx.delete(inspectionRounds).where(eq(inspectionRounds.id, round.id));
  return { round };
}
