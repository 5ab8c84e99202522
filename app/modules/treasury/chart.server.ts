import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Transaction } from "~/db/client.server";
import { Refusal } from "~/modules/forms/refusal.server";
import { treasuryAccounts, treasuryCategories } from "~/modules/treasury/treasury.tables";
import { categoryUsed, entriesByAccount } from "./entries.server";
import {
  accountMessages,
  categoryMessages,
  type accountCreateSchema,
  type accountUpdateSchema,
  type categoryCreateSchema,
} from "./entries.schema";
import { ACCOUNT_KIND_CODES } from "./treasury.labels";

// The book's accounts and its chart's sub-categories, as « Comptes et catégories » changes them: each write in the
// caller's transaction, refused (Refusal) when the name or code is taken, the row gone, or still used.

async function nameTaken(tx: Transaction, name: string, except?: number) {
  const [row] = await tx
    .select({ id: treasuryAccounts.id })
    .from(treasuryAccounts)
    .where(
      except === undefined
        ? eq(treasuryAccounts.name, name)
        : and(eq(treasuryAccounts.name, name), ne(treasuryAccounts.id, except)),
    );
  return Boolean(row);
}

export async function createAccount(tx: Transaction, data: z.output<typeof accountCreateSchema>) {
  if (await nameTaken(tx, data.name)) throw new Refusal(accountMessages.taken, 409, "name");
  const [row] = await tx
    .insert(treasuryAccounts)
    .values({
      name: data.name,
      kind: data.kind,
      code: data.code || ACCOUNT_KIND_CODES[data.kind],
      openingCents: data.opening,
      openingYear: data.openingYear,
      iban: data.iban,
      position: 99,
    })
    .returning();
  return row!;
}

/** The account as it was and as it is now, for the history. */
export async function updateAccount(tx: Transaction, data: z.output<typeof accountUpdateSchema>) {
  const [before] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, data.id)).for("update");
  if (!before) throw new Refusal(accountMessages.gone, 404);
  if (await nameTaken(tx, data.name, data.id)) throw new Refusal(accountMessages.taken, 409, "name");
  const [after] = await tx
    .update(treasuryAccounts)
    .set({
      name: data.name,
      code: data.code,
      openingCents: data.opening,
      openingYear: data.openingYear,
      iban: data.iban,
      position: data.position,
    })
    .where(eq(treasuryAccounts.id, data.id))
    .returning();
  return { before, after: after! };
}

/** Only an account no entry uses. */
export async function deleteAccount(tx: Transaction, { id }: { id: number }) {
  const [account] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, id)).for("update");
  if (!account) throw new Refusal(accountMessages.gone, 404);
  if (((await entriesByAccount(tx)).get(account.id) ?? 0) > 0) throw new Refusal(accountMessages.used, 409);
  await tx.delete(treasuryAccounts).where(eq(treasuryAccounts.id, account.id));
  return account;
}

/** A sub-category: its code extends its parent's, and it takes the parent's direction. */
export async function createCategory(tx: Transaction, data: z.output<typeof categoryCreateSchema>) {
  const [parent] = await tx.select().from(treasuryCategories).where(eq(treasuryCategories.id, data.parentId));
  if (!parent) throw new Refusal(categoryMessages.gone, 404);
  if (!data.code.startsWith(parent.code) || data.code.length <= parent.code.length)
    throw new Refusal(categoryMessages.under(parent.code), 400, "code");
  const [taken] = await tx
    .select({ id: treasuryCategories.id })
    .from(treasuryCategories)
    .where(eq(treasuryCategories.code, data.code));
  if (taken) throw new Refusal(categoryMessages.taken(data.code), 409, "code");
  const [row] = await tx
    .insert(treasuryCategories)
    .values({ code: data.code, label: data.label, direction: parent.direction, parentId: parent.id })
    .returning();
  return { row: row!, parent };
}

/** Only a category of the association's own, with none under it and no entry or budget line. */
export async function deleteCategory(tx: Transaction, { id }: { id: number }) {
  const [category] = await tx.select().from(treasuryCategories).where(eq(treasuryCategories.id, id)).for("update");
  if (!category) throw new Refusal(categoryMessages.gone, 404);
  if (category.builtIn) throw new Refusal(categoryMessages.builtIn, 409);
  const [child] = await tx
    .select({ id: treasuryCategories.id })
    .from(treasuryCategories)
    .where(eq(treasuryCategories.parentId, category.id))
    .limit(1);
  if (child) throw new Refusal(categoryMessages.hasChildren, 409);
  if (await categoryUsed(tx, category.id)) throw new Refusal(categoryMessages.used, 409);
  await tx.delete(treasuryCategories).where(eq(treasuryCategories.id, category.id));
  return category;
}
