import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { euros } from "~/lib/money";
import { history, treasuryEntries, treasuryStatements } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertCheque, insertEntry, testAccounts, TREASURER } from "../../../tests/treasury-book";
import { assertEntryChangeable } from "./book.server";
import { createDeposit } from "./deposits.server";
import { parseSignedEuros } from "./reconciliation.schema";
import {
  changeStatementBalance,
  createStatement,
  saveTicks,
  statementDetail,
  validateStatement,
} from "./reconciliation.server";

/** The bank with 1 000,00 € on 1 January, and what a month brings: a cheque, an expense, transfers out and in. */
async function month() {
  const { bank, cash, savings } = await testAccounts(100_000);
  const cheque = await insertCheque(bank.id, 5_000, "Camille Roux", { date: "2026-03-05" });
  const { deposit } = await createDeposit(TREASURER, {
    accountId: bank.id,
    depositedOn: "2026-03-06",
    cheques: [{ id: cheque.id, chequeNumber: "8412300", chequeBank: "" }],
  });
  // Received but not deposited: the bank knows nothing of it yet.
  const inHand = await insertCheque(bank.id, 3_500, "Louis Martin", { date: "2026-03-25" });
  const water = await insertEntry({ accountId: bank.id, amountCents: 1_240, direction: "depense", date: "2026-03-12" });
  const toSavings = await insertEntry({
    accountId: bank.id,
    toAccountId: savings.id,
    amountCents: 20_000,
    date: "2026-03-15",
  });
  const cashIn = await insertEntry({
    accountId: cash.id,
    toAccountId: bank.id,
    amountCents: 3_000,
    date: "2026-03-20",
  });
  const after = await insertEntry({ accountId: bank.id, amountCents: 700, date: "2026-04-02" });
  const elsewhere = await insertEntry({ accountId: cash.id, amountCents: 450, date: "2026-03-03" });
  return { bank, cash, savings, cheque, deposit, inHand, water, toSavings, cashIn, after, elsewhere };
}

const MARCH_BALANCE = 100_000 + 5_000 - 1_240 - 20_000 + 3_000;

describeEachDatabase("bank reconciliation", () => {
  it("reads a statement's balance as typed, below zero too", () => {
    expect(parseSignedEuros("1 234,56")).toBe(123_456);
    expect(parseSignedEuros("-12,40 €")).toBe(-1_240);
    expect(parseSignedEuros("− 0,5")).toBe(-50);
    expect(parseSignedEuros("12,345")).toBeNull();
  });

  it("reconciles a statement to zero: an expense and transfers both ways counted with their sign", async () => {
    const book = await month();
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: MARCH_BALANCE,
    });

    const listed = await statementDetail(statement.id);
    // The account's entries up to the statement's date, transfers in and out, the deposited cheque; not April's, not
    // the cash box's own, not the cheque still in hand.
    expect(listed!.lines.map((l) => [l.entry.id, l.cents])).toEqual([
      [book.cheque.id, 5_000],
      [book.water.id, -1_240],
      [book.toSavings.id, -20_000],
      [book.cashIn.id, 3_000],
    ]);
    expect(listed!.differenceCents).toBe(MARCH_BALANCE - 100_000);

    const partial = await saveTicks(TREASURER, statement.id, { entries: [book.cheque.id, book.water.id] });
    expect(partial.reconciledCents).toBe(100_000 + 5_000 - 1_240);
    expect(partial.differenceCents).toBe(-20_000 + 3_000);
    await expect(
      validateStatement(TREASURER, statement.id, { entries: [book.cheque.id, book.water.id] }),
    ).rejects.toThrow(`Écart : ${euros(-17_000)} : le relevé ne peut être rapproché que lorsque l'écart est nul.`);
    const [still] = await getDb().select().from(treasuryStatements).where(eq(treasuryStatements.id, statement.id));
    expect(still!.closedAt).toBeNull();

    const all = [book.cheque.id, book.water.id, book.toSavings.id, book.cashIn.id];
    const done = await validateStatement(TREASURER, statement.id, { entries: all });
    expect(done.differenceCents).toBe(0);
    const [closed] = await getDb().select().from(treasuryStatements).where(eq(treasuryStatements.id, statement.id));
    expect(closed!.closedAt).not.toBeNull();
    const kinds = (await getDb().select().from(history)).map((h) => h.kind);
    expect(kinds).toEqual([
      "tresorerie.remise",
      "tresorerie.releve",
      "tresorerie.pointage",
      "tresorerie.rapprochement",
    ]);

    // The next statement starts from what this one reconciled; its ticked entries are no longer listed.
    const { statement: april } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-04-30",
      balanceCents: MARCH_BALANCE + 700,
    });
    const next = await statementDetail(april.id);
    expect(next!.beforeCents).toBe(MARCH_BALANCE);
    expect(next!.lines.map((l) => l.entry.id)).toEqual([book.after.id]);
    expect((await saveTicks(TREASURER, april.id, { entries: [book.after.id] })).differenceCents).toBe(0);
  });

  it("reconciles a transfer on both accounts it touches: the bank's statement and the savings' each tick their side", async () => {
    const book = await month();
    const all = [book.cheque.id, book.water.id, book.toSavings.id, book.cashIn.id];
    const { statement: bank } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: MARCH_BALANCE,
    });
    await validateStatement(TREASURER, bank.id, { entries: all });
    // The savings account's statement still lists the transfer it received, and reconciles with it.
    const { statement: savings } = await createStatement(TREASURER, {
      accountId: book.savings.id,
      statementDate: "2026-03-31",
      balanceCents: 20_000,
    });
    const listed = await statementDetail(savings.id);
    expect(listed!.lines.map((l) => [l.entry.id, l.cents, l.ticked])).toEqual([[book.toSavings.id, 20_000, false]]);
    const done = await validateStatement(TREASURER, savings.id, { entries: [book.toSavings.id] });
    expect(done.differenceCents).toBe(0);
    const [transfer] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, book.toSavings.id));
    expect([transfer!.statementId, transfer!.toStatementId]).toEqual([bank.id, savings.id]);
    // The bank's side is still ticked on the bank's statement.
    const next = await statementDetail(bank.id);
    expect(next!.lines.find((l) => l.entry.id === book.toSavings.id)?.ticked).toBe(true);
  });

  it("ticks a deposit of cheques whole, as the bank shows it in one line", async () => {
    const book = await month();
    const second = await insertCheque(book.bank.id, 2_000, "Awa Diallo", { date: "2026-03-05" });
    const { deposit } = await createDeposit(TREASURER, {
      accountId: book.bank.id,
      depositedOn: "2026-03-28",
      cheques: [
        { id: second.id, chequeNumber: "1", chequeBank: "" },
        { id: book.inHand.id, chequeNumber: "2", chequeBank: "" },
      ],
    });
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: 100_000 + 2_000 + 3_500,
    });
    const done = await saveTicks(TREASURER, statement.id, { entries: [], deposits: [deposit.id] });
    expect(done.differenceCents).toBe(0);
    expect(done.lines.filter((l) => l.ticked).map((l) => l.entry.id)).toEqual([second.id, book.inHand.id]);
    await expect(
      saveTicks(TREASURER, statement.id, { entries: [], deposits: [book.deposit.id + 100] }),
    ).rejects.toThrow("n'est plus à pointer");
  });

  it("refuses to tick a reconciled statement again, a second statement under way, and one dated before the last", async () => {
    const book = await month();
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: 100_000,
    });
    await expect(
      createStatement(TREASURER, { accountId: book.bank.id, statementDate: "2026-04-30", balanceCents: 0 }),
    ).rejects.toThrow("Le relevé du 31 mars 2026 est en cours sur ce compte");
    await validateStatement(TREASURER, statement.id, { entries: [] });
    await expect(saveTicks(TREASURER, statement.id, { entries: [book.cheque.id] })).rejects.toThrow("déjà rapproché");
    await expect(
      createStatement(TREASURER, { accountId: book.bank.id, statementDate: "2026-03-31", balanceCents: 0 }),
    ).rejects.toThrow("le nouveau relevé doit être daté après");
    await expect(
      createStatement(TREASURER, { accountId: book.cash.id, statementDate: "2026-04-30", balanceCents: 0 }),
    ).rejects.toThrow("Choisissez un compte bancaire ou d'épargne.");
  });

  it("refuses a tick of an entry the statement does not list (another account's, or after its date)", async () => {
    const book = await month();
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: MARCH_BALANCE,
    });
    await expect(saveTicks(TREASURER, statement.id, { entries: [book.cheque.id, book.after.id] })).rejects.toThrow(
      "n'est plus à pointer",
    );
    await expect(saveTicks(TREASURER, statement.id, { entries: [book.elsewhere.id] })).rejects.toThrow(
      "n'est plus à pointer",
    );
    const [cheque] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, book.cheque.id));
    expect(cheque!.statementId).toBeNull();
  });

  it("keeps a ticked entry's amount: the book refuses to change it, and unticked it changes again", async () => {
    const book = await month();
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: MARCH_BALANCE,
    });
    await saveTicks(TREASURER, statement.id, { entries: [book.water.id] });
    const [ticked] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, book.water.id));
    await expect(getDb().transaction((tx) => assertEntryChangeable(tx, ticked!))).rejects.toThrow(
      "Cette écriture est pointée sur le relevé du 31 mars 2026",
    );
    await saveTicks(TREASURER, statement.id, { entries: [] });
    const [unticked] = await getDb().select().from(treasuryEntries).where(eq(treasuryEntries.id, book.water.id));
    await expect(getDb().transaction((tx) => assertEntryChangeable(tx, unticked!))).resolves.toBeUndefined();
  });

  it("corrects a statement's balance while it is under way, the history keeping the earlier one", async () => {
    const book = await month();
    const { statement } = await createStatement(TREASURER, {
      accountId: book.bank.id,
      statementDate: "2026-03-31",
      balanceCents: 1_000,
    });
    await changeStatementBalance(TREASURER, statement.id, MARCH_BALANCE);
    expect((await statementDetail(statement.id))!.statement.balanceCents).toBe(MARCH_BALANCE);
    const details = (await getDb().select().from(history).orderBy(history.id)).map((h) => h.detail);
    expect(details.at(-1)).toBe(
      `Solde du relevé du 31 mars 2026 corrigé : ${euros(MARCH_BALANCE)} (était ${euros(1_000)})`,
    );
  });
});
