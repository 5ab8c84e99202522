import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { treasuryAccounts, treasuryEntries } from "~/db/schema";
import type { Actor } from "~/modules/history/history.server";
import { categoryIdOf } from "~/modules/treasury/book.server";

// A small book for the tests of deposits and reconciliation: the fresh install's bank account and cash box, kept from
// 2026, and entries written as the book's screens write them.

export const TREASURER: Actor = { id: null, username: "tresoriere" };

/** The book as the migration leaves it (describeEachDatabase empties it), its two accounts kept from 2026. */
export async function resetBook() {
  await getDb().update(treasuryAccounts).set({ openingYear: 2026 });
}

export async function testAccounts(bankOpeningCents = 0) {
  const db = getDb();
  await resetBook();
  const [bank] = await db
    .update(treasuryAccounts)
    .set({ openingCents: bankOpeningCents })
    .where(eq(treasuryAccounts.kind, "banque"))
    .returning();
  const [cash] = await db.select().from(treasuryAccounts).where(eq(treasuryAccounts.kind, "caisse"));
  const [savings] = await db
    .insert(treasuryAccounts)
    .values({ name: "Livret A", kind: "epargne", code: "5171", openingYear: 2026, openingCents: 0, position: 2 })
    .returning();
  return { bank: bank!, cash: cash!, savings: savings! };
}

type EntryInput = Partial<typeof treasuryEntries.$inferInsert> & { accountId: number; amountCents: number };

/** An entry of 2026: income by default (756, a fee), an expense (606) or a transfer (`toAccountId`). */
export async function insertEntry(input: EntryInput) {
  const date = input.date ?? "2026-03-10";
  const direction = input.direction ?? (input.toAccountId ? "virement" : "recette");
  const categoryId =
    direction === "virement" ? null : await categoryIdOf(getDb(), direction === "recette" ? "756" : "606");
  const [entry] = await getDb()
    .insert(treasuryEntries)
    .values({
      year: Number(date.slice(0, 4)),
      date,
      label: direction === "recette" ? "Cotisation 2026" : "Achat",
      means: "virement",
      categoryId,
      ...input,
      direction,
    })
    .returning();
  return entry!;
}

/** A cheque received: income paid by cheque, by `payer`. */
export const insertCheque = (accountId: number, amountCents: number, payer: string, more: Partial<EntryInput> = {}) =>
  insertEntry({ accountId, amountCents, payer, means: "cheque", direction: "recette", ...more });
