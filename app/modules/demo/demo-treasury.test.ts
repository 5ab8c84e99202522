import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as tables from "~/db/schema";
import { accountBalances, isYearClosed } from "~/modules/treasury/book.server";
import { describeEachDatabase } from "../../../tests/db";
import { removeDemoContent, seedDemoContent } from "./demo.server";

describeEachDatabase("the demo's book", () => {
  it("books every payment of the register, reconciles last year's statement to zero, and goes with the demo", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(await seedDemoContent(now)).toBe(true);
    const db = getDb();
    const e = tables.treasuryEntries;

    // Every payment of the register has exactly one entry, of the same amount and date: the two add up to the same.
    const [sums] = await db
      .select({
        payments: sql<number>`(select sum(amount_cents) from gardener_payments)`.mapWith(Number),
        paymentCount: sql<number>`(select count(*) from gardener_payments)`.mapWith(Number),
        booked: sql<number>`sum(${e.amountCents}) filter (where ${e.paymentId} is not null)`.mapWith(Number),
        bookedCount: sql<number>`count(${e.paymentId})`.mapWith(Number),
        mismatched: sql<number>`count(*) filter (where ${e.paymentId} is not null and not exists (
          select 1 from gardener_payments p where p.id = ${e.paymentId} and p.amount_cents = ${e.amountCents}
            and p.paid_on = ${e.date}))`.mapWith(Number),
      })
      .from(e);
    expect(sums!.paymentCount).toBeGreaterThan(40);
    expect(sums).toMatchObject({ booked: sums!.payments, bookedCount: sums!.paymentCount, mismatched: 0 });

    // Two years: last year closed with its volunteers' hours, this year open; nothing dated after today.
    expect(await isYearClosed(2025)).toBe(true);
    expect(await isYearClosed(2026)).toBe(false);
    const [latest] = await db.select({ date: sql<string>`max(${e.date})` }).from(e);
    expect(latest!.date <= "2026-11-21").toBe(true);
    const categories = await db
      .selectDistinct({ code: tables.treasuryCategories.code })
      .from(e)
      .innerJoin(tables.treasuryCategories, eq(tables.treasuryCategories.id, e.categoryId));
    expect(categories.map((c) => c.code)).toEqual(
      expect.arrayContaining(["6061", "616", "628", "6068", "744", "756", "627"]),
    );
    // A water bill carries its invoice.
    expect(await db.select().from(e).where(isNotNull(e.attachmentHash))).not.toHaveLength(0);

    // The statement of 31 December: its balance is the book's for the ticked entries, and they are all of last year.
    const [statement] = await db.select().from(tables.treasuryStatements);
    expect(statement).toMatchObject({ statementDate: "2025-12-31" });
    expect(statement!.closedAt).not.toBeNull();
    const [bank] = await db.select().from(tables.treasuryAccounts).orderBy(asc(tables.treasuryAccounts.id));
    const [ticked] = await db
      .select({
        cents:
          sql<number>`sum(case when ${e.accountId} = ${bank!.id} and ${e.direction} = 'recette' then ${e.amountCents}
          when ${e.accountId} = ${bank!.id} then -${e.amountCents} else ${e.amountCents} end)`.mapWith(Number),
        after: sql<number>`count(*) filter (where ${e.date} > '2025-12-31')`.mapWith(Number),
      })
      .from(e)
      .where(or(eq(e.statementId, statement!.id), eq(e.toStatementId, statement!.id)));
    expect(bank!.openingCents + ticked!.cents).toBe(statement!.balanceCents);
    expect(bank!.iban).toBe("FR76 3000 6000 0112 3456 7890 189");
    expect(ticked!.after).toBe(0);

    // Cheques deposited month by month; the latest ones still to deposit.
    const deposits = await db.select().from(tables.treasuryDeposits);
    expect(deposits.length).toBeGreaterThan(1);
    const [waiting] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(e)
      .where(sql`${e.means} = 'cheque' and ${e.direction} = 'recette' and ${e.depositId} is null`);
    expect(waiting!.n).toBeGreaterThan(0);

    // Last year's closing is this year's opening, for every account.
    const [before, now2026] = [await accountBalances(2025), await accountBalances(2026)];
    expect(now2026.map((a) => a.openingCents)).toEqual(before.map((a) => a.closingCents));
    expect(before.map((a) => a.name)).toEqual(["Compte courant", "Caisse", "Livret A", "HelloAsso à recevoir"]);

    // HelloAsso's payouts: last year's online payments all paid out to the bank, one transfer a month, ticked on the
    // statement with the rest; what it still owes is the payments since its last payout.
    const online = await db
      .select({ payoutId: e.payoutId, date: e.date, amountCents: e.amountCents })
      .from(e)
      .innerJoin(tables.treasuryAccounts, eq(tables.treasuryAccounts.id, e.accountId))
      .where(and(eq(tables.treasuryAccounts.kind, "helloasso"), eq(e.direction, "recette")));
    expect(online.filter((p) => p.date < "2026-01-01").length).toBeGreaterThan(3);
    expect(online.filter((p) => p.date < "2026-10-01" && p.payoutId === null)).toEqual([]);
    const payouts = await db
      .select()
      .from(e)
      .where(
        and(eq(e.direction, "virement"), sql`exists (select 1 from treasury_entries p where p.payout_id = ${e.id})`),
      );
    expect(payouts.filter((p) => p.date <= "2025-12-31").every((p) => p.toStatementId === statement!.id)).toBe(true);
    // December's payments are paid out on 10 January: on 31 December, HelloAsso owes them and only them.
    const december = online.filter((p) => p.date >= "2025-12-01" && p.date < "2026-01-01");
    expect(before.find((a) => a.name === "HelloAsso à recevoir")!.closingCents).toBe(
      december.reduce((sum, p) => sum + p.amountCents, 0),
    );

    // A budget for this year and next.
    const budgetYears = await db
      .selectDistinct({ year: tables.treasuryBudgetLines.year })
      .from(tables.treasuryBudgetLines);
    expect(budgetYears.map((b) => b.year).sort()).toEqual([2025, 2026, 2027]);
    // Receipts for the latest cheques, numbered from one in their year.
    const receipts = await db.select().from(tables.treasuryReceipts).orderBy(asc(tables.treasuryReceipts.number));
    expect(receipts.map((r) => [r.year, r.number, r.isDemo])).toEqual([
      [2026, 1, true],
      [2026, 2, true],
      [2026, 3, true],
    ]);

    await removeDemoContent();
    expect(await db.select().from(e)).toEqual([]);
    expect(await db.select().from(tables.treasuryDeposits)).toEqual([]);
    expect(await db.select().from(tables.treasuryStatements)).toEqual([]);
    expect(await db.select().from(tables.treasuryBudgetLines)).toEqual([]);
    expect(await db.select().from(tables.treasuryReceipts)).toEqual([]);
    expect(await isYearClosed(2025)).toBe(false);
    const accounts = await db.select().from(tables.treasuryAccounts).orderBy(asc(tables.treasuryAccounts.id));
    // The example IBAN goes too: the association's slips never carry it.
    expect(accounts.map((a) => [a.name, a.openingCents, a.iban])).toEqual([
      ["Compte courant", 0, ""],
      ["Caisse", 0, ""],
    ]);
  });
});
