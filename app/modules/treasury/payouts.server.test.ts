import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, history, treasuryAccounts, treasuryEntries, treasuryStatements } from "~/db/schema";
import { undoPayment } from "~/modules/register/payments.server";
import { paymentOnFee } from "../../../tests/payments";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener } from "../../../tests/factories";
import { actionOutcome } from "../../../tests/routes";
import { TREASURER } from "../../../tests/treasury-book";
import { accountBalances, assertEntryChangeable, TreasuryRefusal } from "./book.server";
import { payoutsAction } from "./payouts.admin.server";
import { cancelPayout, listPayouts, paymentsAwaitingPayout, PayoutRefusal, recordPayout } from "./payouts.server";

// HelloAsso's payouts (issue: « payments received through HelloAsso go to a transit account, and the bank's grouped
// payout is one transfer matched on the statement »).

/** Three fees of 2026 paid online on 2, 3 and 4 March (45, 35 and 55 €), as HelloAsso's notification records them. */
async function paidOnline() {
  const paid = [];
  for (const [i, cents] of [4500, 3500, 5500].entries()) {
    const gardener = await insertGardener({ name: `Jardinière ${i}` });
    const [fee] = await getDb()
      .insert(gardenerFees)
      .values({ gardenerId: gardener.id, year: 2026, amountCents: cents, dueOn: "2026-03-31" })
      .returning();
    const done = await getDb().transaction((tx) =>
      paymentOnFee(
        tx,
        fee!.id,
        {
          amountCents: cents,
          paidOn: `2026-03-0${i + 2}`,
          means: "helloasso",
          reference: `HelloAsso, commande n° ${120 + i}`,
        },
        "HelloAsso",
      ),
    );
    paid.push(done!);
  }
  const [bank] = await getDb().select().from(treasuryAccounts).where(eq(treasuryAccounts.kind, "banque"));
  return { paid, bank: bank! };
}

const balanceOf = async (kind: string) => (await accountBalances(2026)).find((a) => a.kind === kind)!;

describeEachDatabase("HelloAsso's payouts", () => {
  it("books online payments in « HelloAsso à recevoir », and one payout moves two of them to the bank as one transfer", async () => {
    const { paid, bank } = await paidOnline();
    const transit = await balanceOf("helloasso");
    expect(transit).toMatchObject({ name: "HelloAsso à recevoir", code: "4671", inCents: 13500 });
    expect((await balanceOf("banque")).inCents).toBe(0);
    expect((await paymentsAwaitingPayout()).map((p) => p.amountCents)).toEqual([4500, 3500, 5500]);

    const done = await recordPayout(TREASURER, {
      accountId: bank.id,
      paidOn: "2026-03-10",
      entryIds: [paid[0]!.entry!.id, paid[1]!.entry!.id],
      feesCents: 0,
    });
    expect(done.transfer).toMatchObject({
      direction: "virement",
      amountCents: 8000,
      accountId: transit.id,
      toAccountId: bank.id,
      label: "Versement HelloAsso (2 paiements)",
      date: "2026-03-10",
    });
    expect((await balanceOf("banque")).closingCents - (await balanceOf("banque")).openingCents).toBe(8000);
    expect((await balanceOf("helloasso")).closingCents).toBe(5500);
    expect((await paymentsAwaitingPayout()).map((p) => p.amountCents)).toEqual([5500]);
    expect(await listPayouts()).toEqual([
      expect.objectContaining({ id: done.transfer.id, count: 2, feesCents: 0, amountCents: 8000, ticked: false }),
    ]);
    const [entry] = await getDb().select().from(history).where(eq(history.kind, "tresorerie.versement-helloasso"));
    expect(entry!.detail).toMatch(/^2 paiements, 80,00\s€, 80,00\s€ versés sur Compte courant$/);

    // What the payout holds no longer changes alone: neither a payment in it, nor the transfer itself.
    await expect(getDb().transaction((tx) => undoPayment(tx, paid[0]!.payment.id))).rejects.toThrow(
      /fait partie du versement HelloAsso reçu le 10 mars 2026/,
    );
    await expect(getDb().transaction((tx) => assertEntryChangeable(tx, done.transfer))).rejects.toThrow(
      /Ce virement est un versement HelloAsso/,
    );
    // The payment left out can still be undone (HelloAsso refunded it before paying out).
    await getDb().transaction((tx) => undoPayment(tx, paid[2]!.payment.id));
    expect(await paymentsAwaitingPayout()).toEqual([]);
  });

  it("records the fees HelloAsso kept as an expense, and refuses a payout that cannot be", async () => {
    const { paid, bank } = await paidOnline();
    const ids = paid.map((p) => p.entry!.id);
    const refusal = (input: Partial<Parameters<typeof recordPayout>[1]>) =>
      recordPayout(TREASURER, { accountId: bank.id, paidOn: "2026-03-10", entryIds: ids, feesCents: 0, ...input }).then(
        () => null,
        (error: PayoutRefusal) => [error.field, error.message],
      );
    const transit = await balanceOf("helloasso");
    expect(await refusal({ accountId: transit.id })).toEqual([
      "accountId",
      "Choisissez le compte bancaire où HelloAsso a versé l'argent.",
    ]);
    expect(await refusal({ paidOn: "2026-03-03" })).toEqual([
      "paidOn",
      "Le versement ne peut pas précéder les paiements qu'il contient : Jardinière 2 le 4 mars 2026.",
    ]);
    expect(await refusal({ feesCents: 13500 })).toEqual([
      "fees",
      expect.stringMatching(/^Les frais retenus doivent être inférieurs au total des paiements cochés, 135,00\s€\.$/),
    ]);
    const [other] = await getDb()
      .insert(treasuryEntries)
      .values({
        year: 2026,
        date: "2026-03-01",
        label: "Don",
        amountCents: 1000,
        direction: "recette",
        accountId: bank.id,
        means: "virement",
      })
      .returning();
    expect(await refusal({ entryIds: [...ids, other!.id] })).toEqual([
      null,
      expect.stringContaining("rechargez la page"),
    ]);
    expect(await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.direction, "virement"))).toEqual([]);

    // Two tabs record the same payout: one is written.
    const results = await Promise.allSettled([
      recordPayout(TREASURER, { accountId: bank.id, paidOn: "2026-03-10", entryIds: ids, feesCents: 150 }),
      recordPayout(TREASURER, { accountId: bank.id, paidOn: "2026-03-11", entryIds: ids, feesCents: 150 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listPayouts()).map((p) => [p.count, p.amountCents, p.feesCents])).toEqual([[3, 13350, 150]]);
    const fees = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.direction, "depense"));
    expect(fees).toEqual([
      expect.objectContaining({ label: "Frais retenus par HelloAsso", amountCents: 150, accountId: transit.id }),
    ]);
    expect((await balanceOf("helloasso")).closingCents).toBe(0);
    expect((await balanceOf("banque")).closingCents - (await balanceOf("banque")).openingCents).toBe(1000 + 13350);
  });

  it("cancels a payout typed wrong, until it is ticked on a statement", async () => {
    const { paid, bank } = await paidOnline();
    const entryIds = paid.map((p) => p.entry!.id);
    const first = await recordPayout(TREASURER, { accountId: bank.id, paidOn: "2026-03-10", entryIds, feesCents: 100 });
    expect(await cancelPayout(TREASURER, first.transfer.id)).toMatchObject({ count: 3 });
    expect(await paymentsAwaitingPayout()).toHaveLength(3);
    expect(await getDb().select().from(treasuryEntries)).toHaveLength(3);

    const again = await recordPayout(TREASURER, { accountId: bank.id, paidOn: "2026-03-12", entryIds, feesCents: 0 });
    const [statement] = await getDb()
      .insert(treasuryStatements)
      .values({ accountId: bank.id, statementDate: "2026-03-31", balanceCents: 13500, createdBy: "tresoriere" })
      .returning();
    await getDb()
      .update(treasuryEntries)
      .set({ toStatementId: statement!.id })
      .where(eq(treasuryEntries.id, again.transfer.id));
    await expect(cancelPayout(TREASURER, again.transfer.id)).rejects.toBeInstanceOf(TreasuryRefusal);
    expect(await cancelPayout(TREASURER, paid[0]!.entry!.id)).toBeUndefined();
    expect(await listPayouts()).toEqual([expect.objectContaining({ ticked: true })]);
  });

  it("reads the screen's form: the boxes ticked, the fees typed as people type them, and says what it did", async () => {
    const { paid, bank } = await paidOnline();
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const base = { intent: "payout", accountId: String(bank.id), paidOn: "2026-03-10", fees: "" };
    expect(await payoutsAction(form(base), TREASURER).then(actionOutcome)).toMatchObject({
      status: 400,
      value: { errors: { payments: "Cochez les paiements que ce versement contient." } },
    });
    expect(
      await payoutsAction(
        form({ ...base, fees: "beaucoup", [`paiement-${paid[0]!.entry!.id}`]: "on" }),
        TREASURER,
      ).then(actionOutcome),
    ).toMatchObject({ status: 400, value: { errors: { fees: expect.any(String) } } });
    const done = await payoutsAction(
      form({
        ...base,
        fees: "1,50",
        [`paiement-${paid[0]!.entry!.id}`]: "on",
        [`paiement-${paid[2]!.entry!.id}`]: "on",
      }),
      TREASURER,
    ).then(actionOutcome);
    expect(done.value.message).toMatch(
      /^Versement enregistré : 2 paiements, 98,50\s€ sur Compte courant le 10 mars 2026\. Pointez-le sur le relevé bancaire\.$/,
    );
    const [payout] = await listPayouts();
    expect(
      await payoutsAction(form({ intent: "cancel-payout", payoutId: String(payout!.id) }), TREASURER).then(
        actionOutcome,
      ),
    ).toMatchObject({ value: { message: "Versement annulé : 2 paiements de nouveau à recevoir." } });
  });
});
