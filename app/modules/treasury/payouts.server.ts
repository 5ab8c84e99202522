import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Executor } from "~/db/client.server";
import { treasuryAccounts, treasuryEntries } from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { counted } from "~/lib/text";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { assertAccountKept, assertYearOpen, categoryIdOf, TreasuryRefusal, yearOf } from "./book.server";
import { treasuryMessages } from "./treasury.labels";

// HelloAsso's payouts (« versements »): a payment made online is booked in « HelloAsso à recevoir » (4671); HelloAsso
// pays what it received out to the bank days later, many payments in one transfer. The treasurer ticks the payments
// a payout holds, as the bank statement shows it: one transfer from 4671 to the bank for their total (less the fees
// HelloAsso kept, if any, an expense of 627), which the statement's one line is ticked against. The book's bank balance
// is then the bank's, and 4671's balance is what HelloAsso still owes. As Paheko does.

const e = treasuryEntries;
const bank = alias(treasuryAccounts, "bank");

/** The payments HelloAsso has not paid out yet, oldest first. */
export async function paymentsAwaitingPayout(executor: Executor = getDb()) {
  return executor
    .select({
      id: e.id,
      date: e.date,
      label: e.label,
      payer: e.payer,
      reference: e.reference,
      amountCents: e.amountCents,
    })
    .from(e)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, e.accountId))
    .where(and(eq(treasuryAccounts.kind, "helloasso"), eq(e.direction, "recette"), isNull(e.payoutId)))
    .orderBy(asc(e.date), asc(e.id));
}

/** The payouts recorded, latest first: the transfer, its bank, how many payments, the fees kept, whether ticked. */
export async function listPayouts(executor: Executor = getDb()) {
  const paidOut = alias(treasuryEntries, "paid_out");
  return executor
    .select({
      id: e.id,
      date: e.date,
      amountCents: e.amountCents,
      bank: bank.name,
      count: sql<number>`count(*) filter (where ${paidOut.direction} = 'recette')`.mapWith(Number),
      feesCents:
        sql<number>`coalesce(sum(${paidOut.amountCents}) filter (where ${paidOut.direction} = 'depense'), 0)`.mapWith(
          Number,
        ),
      ticked: sql<boolean>`${e.toStatementId} is not null`,
    })
    .from(e)
    .innerJoin(paidOut, eq(paidOut.payoutId, e.id))
    .innerJoin(bank, eq(bank.id, e.toAccountId))
    .where(eq(e.direction, "virement"))
    .groupBy(e.id, bank.name)
    .orderBy(desc(e.date), desc(e.id));
}

export interface NewPayout {
  /** The bank account HelloAsso paid into. */
  accountId: number;
  paidOn: string;
  /** The payments it holds, as ticked. */
  entryIds: number[];
  /** What HelloAsso kept, in cents (0 in the usual case: its model is a voluntary tip from the payer). */
  feesCents: number;
}

/** A refusal about one field of the form (`field`) or the whole of it. */
export class PayoutRefusal extends TreasuryRefusal {
  constructor(message: string, field: string | null = null) {
    super(message, 409, field);
  }
}

/**
 * Records a payout: the ticked payments locked (FOR UPDATE), each still waiting in the same « HelloAsso à recevoir »
 * and dated on or before the payout; one transfer to the bank for their total less the fees, the fees an expense of
 * 627 on 4671, each payment named by the transfer. Refused as a whole (PayoutRefusal) otherwise.
 */
export async function recordPayout(actor: Actor, input: NewPayout) {
  if (input.entryIds.length === 0) throw new PayoutRefusal("Cochez les paiements que ce versement contient.");
  return withHistory(
    actor,
    async (tx) => {
      const [to] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, input.accountId));
      if (to?.kind !== "banque")
        throw new PayoutRefusal("Choisissez le compte bancaire où HelloAsso a versé l'argent.", "accountId");
      const rows = await tx.select().from(e).where(inArray(e.id, input.entryIds)).orderBy(asc(e.id)).for("update");
      const [from] = await tx
        .select()
        .from(treasuryAccounts)
        .where(eq(treasuryAccounts.kind, "helloasso"))
        .orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id))
        .limit(1);
      const stale = rows.length < new Set(input.entryIds).size || rows.some((r) => r.payoutId !== null);
      if (stale || !from || rows.some((r) => r.accountId !== from.id || r.direction !== "recette"))
        throw new PayoutRefusal(
          "Un des paiements cochés a été versé ou changé entre-temps : rechargez la page et cochez à nouveau.",
        );
      const later = rows.filter((r) => r.date > input.paidOn);
      if (later.length > 0)
        throw new PayoutRefusal(
          `Le versement ne peut pas précéder les paiements qu'il contient : ${later
            .map((r) => `${r.payer || r.label} le ${formatCalendarDate(r.date)}`)
            .join(", ")}.`,
          "paidOn",
        );
      const totalCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
      if (input.feesCents >= totalCents)
        throw new PayoutRefusal(
          `Les frais retenus doivent être inférieurs au total des paiements cochés, ${euros(totalCents)}.`,
          "fees",
        );
      const year = yearOf(input.paidOn);
      await assertYearOpen(tx, year);
      await assertAccountKept(tx, to.id, year);
      await assertAccountKept(tx, from.id, year);
      const count = counted(rows.length, "paiement", "paiements");
      const [transfer] = await tx
        .insert(e)
        .values({
          year,
          date: input.paidOn,
          label: `Versement HelloAsso (${count})`,
          amountCents: totalCents - input.feesCents,
          direction: "virement",
          accountId: from.id,
          toAccountId: to.id,
          means: "virement",
          enteredBy: actor.username,
          isDemo: rows.every((r) => r.isDemo),
        })
        .returning();
      if (input.feesCents > 0)
        await tx.insert(e).values({
          year,
          date: input.paidOn,
          label: "Frais retenus par HelloAsso",
          amountCents: input.feesCents,
          direction: "depense",
          accountId: from.id,
          categoryId: await categoryIdOf(tx, "627"),
          means: "helloasso",
          payer: "HelloAsso",
          payoutId: transfer!.id,
          enteredBy: actor.username,
        });
      await tx.update(e).set({ payoutId: transfer!.id, updatedAt: new Date() }).where(inArray(e.id, input.entryIds));
      return { transfer: transfer!, bank: to.name, count: rows.length, totalCents };
    },
    (done) => ({
      kind: "tresorerie.versement-helloasso",
      target: `versement HelloAsso du ${formatCalendarDate(done.transfer.date)}`,
      detail: `${counted(done.count, "paiement", "paiements")}, ${euros(done.totalCents)}${
        input.feesCents > 0 ? `, frais ${euros(input.feesCents)}` : ""
      }, ${euros(done.transfer.amountCents)} versés sur ${done.bank}`,
    }),
  );
}

/**
 * Cancels a payout typed wrong: its transfer and fees removed, its payments waiting again. Refused once the transfer is
 * ticked on a statement or its year closed. Undefined: no such payout.
 */
export async function cancelPayout(actor: Actor, id: number) {
  return withHistory(
    actor,
    async (tx) => {
      const [transfer] = await tx
        .select()
        .from(e)
        .where(and(eq(e.id, id), eq(e.direction, "virement")))
        .for("update");
      if (!transfer) return undefined;
      const held = await tx.select().from(e).where(eq(e.payoutId, id)).for("update");
      if (held.length === 0) return undefined;
      await assertYearOpen(tx, transfer.year);
      if (transfer.toStatementId !== null || transfer.statementId !== null)
        throw new PayoutRefusal(treasuryMessages.payoutTicked);
      await tx.delete(e).where(and(eq(e.payoutId, id), eq(e.direction, "depense")));
      await tx.update(e).set({ payoutId: null, updatedAt: new Date() }).where(eq(e.payoutId, id));
      await tx.delete(e).where(eq(e.id, id));
      return { transfer, count: held.filter((r) => r.direction === "recette").length };
    },
    (done) =>
      done && {
        kind: "tresorerie.versement-helloasso-annule",
        target: `versement HelloAsso du ${formatCalendarDate(done.transfer.date)}`,
        detail: `${counted(done.count, "paiement", "paiements")} de nouveau à recevoir`,
      },
  );
}
