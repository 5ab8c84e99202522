import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { associationContent, gardenSites, inspectionMarks, inspectionRounds } from "~/db/schema";
import { enqueueMail } from "~/modules/mail/mail.server";
import { warningMail } from "./plots.mail.server";
import { plotsOfSite } from "./plots.server";

/** A round of that site on that day is already saved (a form sent twice): nothing was written. */
export class RoundExistsError extends Error {}

export interface InspectionRound {
  date: string;
  inspector: string;
  marks: { plotId: number; result: "conforme" | "avertissement"; note: string; mail: boolean }[];
}

/** The plots to visit on a round: a site's attributed plots, by number, with their holder. */
export async function inspectionSheet(siteId: number, executor: Executor = getDb()) {
  return (await plotsOfSite(siteId, new Date(), executor)).filter((p) => p.state === "attribuee");
}

/**
 * Saves a round as one: its date and inspector, a mark per plot with its holder when the round is saved, and the
 * e-mail of each warning the bureau chose to send (to a holder with an address), in the caller's transaction. Marks
 * for plots that are no longer attributed are left out; a second round of the site on the same day is refused
 * (RoundExistsError), so a form sent twice warns nobody twice. Returns the round and how many warnings and e-mails.
 */
export async function saveInspectionRound(tx: Transaction, siteId: number, round: InspectionRound) {
  const [site] = await tx.select().from(gardenSites).where(eq(gardenSites.id, siteId));
  if (!site) return undefined;
  const sheet = new Map((await inspectionSheet(siteId, tx)).map((p) => [p.id, p]));
  const [content] = await tx.select().from(associationContent).limit(1);
  const [row] = await tx
    .insert(inspectionRounds)
    .values({ siteId, date: round.date, inspector: round.inspector })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new RoundExistsError();
  let warnings = 0;
  let mails = 0;
  for (const mark of round.marks) {
    const plot = sheet.get(mark.plotId);
    if (!plot) continue;
    const warned = mark.result === "avertissement";
    const mail = warned && mark.mail && Boolean(plot.holder?.email);
    await tx.insert(inspectionMarks).values({
      roundId: row!.id,
      plotId: plot.id,
      gardenerId: plot.holder?.id ?? null,
      result: mark.result,
      note: mark.note,
      mailQueuedAt: mail ? new Date() : null,
    });
    if (warned) warnings++;
    if (mail) {
      await enqueueMail(tx, warningMail(plot.holder!, plot, site, round.date, mark.note, content));
      mails++;
    }
  }
  return { round: row!, warnings, mails };
}

/** A site's past rounds, latest first, with their warnings counted. */
export async function roundsOf(siteId: number, executor: Executor = getDb()) {
  return executor
    .select({
      id: inspectionRounds.id,
      date: inspectionRounds.date,
      inspector: inspectionRounds.inspector,
      plots: count(inspectionMarks.id),
      warnings: sql<number>`count(*) filter (where ${inspectionMarks.result} = 'avertissement')`.mapWith(Number),
    })
    .from(inspectionRounds)
    .leftJoin(inspectionMarks, eq(inspectionMarks.roundId, inspectionRounds.id))
    .where(and(eq(inspectionRounds.siteId, siteId)))
    .groupBy(inspectionRounds.id)
    .orderBy(desc(inspectionRounds.date), desc(inspectionRounds.id))
    .limit(24);
}
