import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { history, treasuryDeposits, treasuryEntries, treasuryStatements, treasuryYears } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertCheque, insertEntry, testAccounts, TREASURER } from "../../../tests/treasury-book";
import { assertEntryChangeable, TreasuryRefusal } from "./book.server";
import {
  cancelDeposit,
  chequesToDeposit,
  chequesToDepositCount,
  createDeposit,
  getDeposit,
  listDeposits,
} from "./deposits.server";

const completed = (id: number, n: string) => ({ id, chequeNumber: n, chequeBank: "LCL" });

describeEachDatabase("cheque deposits", () => {
  it("lists the cheques to deposit oldest first, only received cheques not deposited in an open year", async () => {
    const { bank, cash } = await testAccounts();
    const late = await insertCheque(bank.id, 3500, "Camille Roux", { date: "2026-04-02" });
    const early = await insertCheque(bank.id, 4500, "Louis Martin", { date: "2026-02-14" });
    await insertEntry({ accountId: bank.id, amountCents: 1200, means: "virement" });
    await insertEntry({ accountId: bank.id, amountCents: 900, direction: "depense", means: "cheque" });
    await insertEntry({ accountId: bank.id, toAccountId: cash.id, amountCents: 2000, means: "cheque" });
    await insertCheque(bank.id, 1000, "Ancien", { date: "2025-12-20", year: 2025 });
    await getDb().insert(treasuryYears).values({ year: 2025, closedAt: new Date() });

    expect((await chequesToDeposit()).map((c) => c.id)).toEqual([early.id, late.id]);
    expect(await chequesToDepositCount()).toBe(2);
  });

  it("deposits three cheques: their numbers saved, the count and the total the sum of the cheques", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux", { chequeNumber: "8412300" });
    const b = await insertCheque(bank.id, 4500, "Louis Martin");
    const c = await insertCheque(bank.id, 1250, "Awa Diallo", { chequeBank: "La Banque Postale" });
    const left = await insertCheque(bank.id, 2000, "Jeanne Petit");

    const done = await createDeposit(TREASURER, {
      accountId: bank.id,
      depositedOn: "2026-03-20",
      cheques: [
        completed(a.id, "8412300"),
        completed(b.id, "1234567"),
        { ...completed(c.id, "7654321"), chequeBank: "La Banque Postale" },
      ],
    });

    expect(done.count).toBe(3);
    expect(done.totalCents).toBe(3500 + 4500 + 1250);
    const deposit = await getDeposit(done.deposit.id);
    expect(deposit!.cheques.map((ch) => [ch.payer, ch.chequeNumber, ch.amountCents])).toEqual([
      ["Camille Roux", "8412300", 3500],
      ["Louis Martin", "1234567", 4500],
      ["Awa Diallo", "7654321", 1250],
    ]);
    expect(deposit!.totalCents).toBe(9250);
    expect(await listDeposits()).toEqual([
      expect.objectContaining({ id: done.deposit.id, account: "Compte courant", count: 3, totalCents: 9250 }),
    ]);
    expect((await chequesToDeposit()).map((ch) => ch.id)).toEqual([left.id]);
    const [entry] = await getDb().select().from(history).where(eq(history.kind, "tresorerie.remise"));
    expect(entry!.detail).toContain("3 chèques, 92,50");
  });

  it("deposits the same cheque once when two tabs create a deposit at the same time", async () => {
    const { bank } = await testAccounts();
    const shared = await insertCheque(bank.id, 3500, "Camille Roux", { chequeNumber: "8412300" });
    const other = await insertCheque(bank.id, 4500, "Louis Martin", { chequeNumber: "1234567" });
    const results = await Promise.allSettled([
      createDeposit(TREASURER, {
        accountId: bank.id,
        depositedOn: "2026-03-20",
        cheques: [completed(shared.id, "8412300"), completed(other.id, "1234567")],
      }),
      createDeposit(TREASURER, {
        accountId: bank.id,
        depositedOn: "2026-03-21",
        cheques: [completed(shared.id, "8412300")],
      }),
    ]);

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected")!;
    expect(refused.reason).toBeInstanceOf(TreasuryRefusal);
    expect((refused.reason as Error).message).toContain("Déjà remis entre-temps : chèque n° 8412300 de Camille Roux");
    expect(await getDb().select().from(treasuryDeposits)).toHaveLength(1);
    const deposited = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, shared.id));
    expect(deposited[0]!.depositId).not.toBeNull();
  });

  it("refuses a deposit dated before one of its cheques, and writes nothing", async () => {
    const { bank } = await testAccounts();
    const cheque = await insertCheque(bank.id, 3500, "Camille Roux", { date: "2026-03-10" });
    await expect(
      createDeposit(TREASURER, { accountId: bank.id, depositedOn: "2026-03-09", cheques: [completed(cheque.id, "1")] }),
    ).rejects.toThrow("La remise ne peut pas être datée avant les chèques");
    expect(await getDb().select().from(treasuryDeposits)).toHaveLength(0);
    expect(await chequesToDepositCount()).toBe(1);
  });

  it("cancels a deposit: its cheques back to deposit with their numbers, the history keeping what it was", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux");
    const b = await insertCheque(bank.id, 4500, "Louis Martin");
    const { deposit } = await createDeposit(TREASURER, {
      accountId: bank.id,
      depositedOn: "2026-03-20",
      cheques: [completed(a.id, "111"), completed(b.id, "222")],
    });

    await cancelDeposit(TREASURER, deposit.id);

    expect(await getDeposit(deposit.id)).toBeUndefined();
    expect((await chequesToDeposit()).map((c) => [c.id, c.chequeNumber])).toEqual([
      [a.id, "111"],
      [b.id, "222"],
    ]);
    const [entry] = await getDb().select().from(history).where(eq(history.kind, "tresorerie.remise-annulee"));
    expect(entry!.detail).toContain("2 chèques, 80,00");
    expect(entry!.detail).toContain("chèque n° 111 de Camille Roux");
  });

  it("refuses to cancel a deposit once one of its cheques is reconciled, or its year closed", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux");
    const { deposit } = await createDeposit(TREASURER, {
      accountId: bank.id,
      depositedOn: "2026-03-20",
      cheques: [completed(a.id, "111")],
    });
    await getDb().update(treasuryYears).set({ closedAt: new Date() }).where(eq(treasuryYears.year, 2026));
    await expect(cancelDeposit(TREASURER, deposit.id)).rejects.toThrow("L'exercice 2026 est clôturé");
    expect((await getDeposit(deposit.id))!.locked).toContain("clôturé");

    await getDb().update(treasuryYears).set({ closedAt: null });
    // A statement of the bank ticking the cheque, as the reconciliation writes it.
    const [statement] = await getDb()
      .insert(treasuryStatements)
      .values({ accountId: bank.id, statementDate: "2026-03-31", balanceCents: 3500 })
      .returning();
    await getDb().update(treasuryEntries).set({ statementId: statement!.id }).where(eq(treasuryEntries.id, a.id));
    await expect(cancelDeposit(TREASURER, deposit.id)).rejects.toThrow("pointé sur un relevé bancaire");
    expect(await getDeposit(deposit.id)).toBeDefined();
  });

  it("keeps a deposited cheque's amount: the book refuses to change it", async () => {
    const { bank } = await testAccounts();
    const a = await insertCheque(bank.id, 3500, "Camille Roux");
    await createDeposit(TREASURER, { accountId: bank.id, depositedOn: "2026-03-20", cheques: [completed(a.id, "1")] });
    const [entry] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, a.id));
    await expect(getDb().transaction((tx) => assertEntryChangeable(tx, entry!))).rejects.toThrow(
      "Ce chèque a été remis en banque le 20 mars 2026",
    );
  });
});
