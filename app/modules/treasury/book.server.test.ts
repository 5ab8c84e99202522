import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb, type Transaction } from "~/db/client.server";
import {
  gardenerPayments,
  plotHoldings,
  treasuryAccounts,
  treasuryDeposits,
  treasuryEntries,
  treasuryYears,
} from "~/db/schema";
import { callFees, feesOf } from "~/modules/register/fees.server";
import { markFeesPaid, undoPayment } from "~/modules/register/payments.server";
import { bureau, paymentOnFee, paymentOnRecord } from "../../../tests/payments";
import { paymentFormSchema } from "~/modules/register/fees.schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { accountBalances, TreasuryRefusal } from "./book.server";

// The register and the book agree: every payment recorded makes one entry, undoing it removes it, and a year's
// payments add up to the year's booked income, whatever the order of payments, ticks and undos.

const inTx = <T>(work: (tx: Transaction) => Promise<T>) => getDb().transaction(work);
const YEAR = new Date().getUTCFullYear();
const day = (month: number, d: number) => `${YEAR}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function gardenersWithPlots(count: number) {
  const site = await insertSite({ name: "Jardin des Brosses" });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const gardener = await insertGardener({ name: `Jardinier ${i}`, email: `j${i}@example.fr` });
    const plot = await insertPlot(site.id, i + 1, { area: 120 + (i % 3) * 60, state: "attribuee" });
    await getDb()
      .insert(plotHoldings)
      .values({ plotId: plot.id, gardenerId: gardener.id, startDate: `${YEAR - 1}-03-01` });
    ids.push(gardener.id);
  }
  return ids;
}

/** The year's payments in the register and the year's booked income, in cents and in count. */
async function registerAndBook() {
  const [row] = await getDb()
    .select({
      register: sql<number>`(select coalesce(sum(amount_cents), 0) from gardener_payments
        where extract(year from paid_on) = ${YEAR})`.mapWith(Number),
      registerCount:
        sql<number>`(select count(*) from gardener_payments where extract(year from paid_on) = ${YEAR})`.mapWith(
          Number,
        ),
      book: sql<number>`coalesce(sum(${treasuryEntries.amountCents}) filter (where ${treasuryEntries.direction} = 'recette'), 0)`.mapWith(
        Number,
      ),
      bookCount: sql<number>`count(*)`.mapWith(Number),
      orphans: sql<number>`count(*) filter (where ${treasuryEntries.paymentId} is null)`.mapWith(Number),
    })
    .from(treasuryEntries)
    .where(eq(treasuryEntries.year, YEAR));
  return row!;
}

describeEachDatabase("the register's payments in the book", () => {
  it("adds up the same in the register and the book over a year of payments, ticks and undos", async () => {
    const ids = await gardenersWithPlots(24);
    await inTx((tx) =>
      callFees(tx, YEAR, { smallCents: 3500, mediumCents: 4500, largeCents: 5500 }, day(3, 31), "marie"),
    );
    const fees = await feesOf(YEAR);
    const next = random(2027);
    const means = ["cheque", "virement", "especes", "helloasso", "autre"] as const;
    const recorded: number[] = [];
    for (const [i, fee] of fees.entries()) {
      const on = day(1 + Math.floor(next() * 10), 1 + Math.floor(next() * 28));
      const pick = means[Math.floor(next() * means.length)]!;
      if (i % 4 === 0) {
        const part = 1000 + Math.floor(next() * 2000);
        const paid = await inTx((tx) =>
          paymentOnFee(tx, fee.id, { amountCents: part, paidOn: on, means: pick, chequeNumber: "1234567" }, "marie"),
        );
        recorded.push(paid!.payment.id);
      } else if (i % 4 === 1) {
        await inTx((tx) => markFeesPaid(tx, YEAR, [fee.id], on, pick, bureau("marie")));
      } else if (i % 4 === 2) {
        const form = paymentFormSchema.parse({
          kind: "droit_entree",
          year: String(YEAR),
          amount: "150",
          paidOn: on,
          means: pick,
        });
        recorded.push((await inTx((tx) => paymentOnRecord(tx, ids[i]!, form, "marie"))).id);
      }
    }
    // A third of what was recorded is undone.
    for (const id of recorded.filter((_, i) => i % 3 === 0)) await inTx((tx) => undoPayment(tx, id));

    const totals = await registerAndBook();
    expect(totals.registerCount).toBeGreaterThan(10);
    expect(totals).toMatchObject({ book: totals.register, bookCount: totals.registerCount, orphans: 0 });
    // The money is where its means put it: cash in the cash box, HelloAsso's in « HelloAsso à recevoir » until its
    // payout, the rest in the bank; the balances say the same.
    const balances = await accountBalances(YEAR);
    const [bank, cash, online] = (["banque", "caisse", "helloasso"] as const).map((kind) =>
      balances.find((a) => a.kind === kind)!,
    );
    expect(online!.name).toBe("HelloAsso à recevoir");
    const [byAccount] = await getDb()
      .select({
        cash: sql<number>`coalesce(sum(amount_cents) filter (where means = 'especes'), 0)`.mapWith(Number),
        online: sql<number>`coalesce(sum(amount_cents) filter (where means = 'helloasso'), 0)`.mapWith(Number),
        other: sql<number>`coalesce(sum(amount_cents) filter (where means not in ('especes', 'helloasso')), 0)`.mapWith(
          Number,
        ),
      })
      .from(gardenerPayments);
    expect([bank!.inCents, cash!.inCents, online!.inCents]).toEqual([
      byAccount!.other,
      byAccount!.cash,
      byAccount!.online,
    ]);
    expect(bank!.closingCents + cash!.closingCents + online!.closingCents).toBe(totals.book);
  });

  it("books a payment with its category, means and cheque, and removes its entry with it", async () => {
    const [id] = await gardenersWithPlots(1);
    const form = paymentFormSchema.parse({
      kind: "reprise_cabane",
      year: String(YEAR),
      amount: "80",
      paidOn: day(4, 2),
      means: "cheque",
      chequeNumber: " 8412337 ",
      chequeBank: "La Banque Postale",
    });
    const payment = await inTx((tx) => paymentOnRecord(tx, id!, form, "lucie"));
    const [entry] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, payment.id));
    expect(entry).toMatchObject({
      label: "Reprise de cabane",
      amountCents: 8000,
      direction: "recette",
      means: "cheque",
      chequeNumber: "8412337",
      chequeBank: "La Banque Postale",
      payer: "Jardinier 0",
      gardenerId: id,
      enteredBy: "lucie",
      date: day(4, 2),
      year: YEAR,
    });
    await inTx((tx) => undoPayment(tx, payment.id));
    expect(await getDb().select().from(treasuryEntries)).toEqual([]);
  });

  it("refuses a payment in a closed year or before the accounts are kept, and an undo once the cheque is deposited", async () => {
    const [id] = await gardenersWithPlots(1);
    const form = (paidOn: string) =>
      paymentFormSchema.parse({ kind: "droit_entree", year: String(YEAR), amount: "150", paidOn, means: "cheque" });
    // The accounts kept from this year, as a site set up this year has them.
    await getDb().update(treasuryAccounts).set({ openingYear: YEAR });
    // Before the year the accounts are kept from: refused, and nothing written in the register either.
    await expect(inTx((tx) => paymentOnRecord(tx, id!, form(`${YEAR - 1}-12-30`), "marie"))).rejects.toThrow(
      /tenu ici depuis le 1er janvier/,
    );
    expect(await getDb().select().from(gardenerPayments)).toEqual([]);

    const payment = await inTx((tx) => paymentOnRecord(tx, id!, form(day(2, 1)), "marie"));
    const [deposit] = await getDb()
      .insert(treasuryDeposits)
      .values({ accountId: 1, depositedOn: day(2, 5) })
      .returning();
    await getDb().update(treasuryEntries).set({ depositId: deposit!.id });
    const undo = inTx((tx) => undoPayment(tx, payment.id));
    await expect(undo).rejects.toBeInstanceOf(TreasuryRefusal);
    await expect(undo).rejects.toThrow(/remis en banque le 5 février/);
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);

    await getDb().update(treasuryYears).set({ closedAt: new Date() }).where(eq(treasuryYears.year, YEAR));
    await expect(inTx((tx) => paymentOnRecord(tx, id!, form(day(3, 1)), "marie"))).rejects.toThrow(
      `L'exercice ${YEAR} est clôturé`,
    );
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);
  });
});
