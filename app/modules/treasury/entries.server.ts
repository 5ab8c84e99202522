import { Refusal } from "~/modules/forms/refusal.server";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, readAll, type Executor, type Transaction } from "~/db/client.server";
import {
  treasuryAccounts,
  treasuryBudgetLines,
  treasuryCategories,
  treasuryDeposits,
  treasuryEntries,
  treasuryReceipts,
  treasuryStatements,
} from "~/modules/treasury/treasury.tables";
import { euros } from "~/lib/money";
import { formatCalendarDate } from "~/lib/dates";
import type { CheckedFile } from "~/modules/documents/document-files.server";
import {
  assertAccountKept,
  assertEntryChangeable,
  assertYearOpen,
  TreasuryRefusal,
  yearOf,
  type TreasuryEntry,
} from "./book.server";
import type { EntryForm } from "./entries.schema";
import { receiptNumber } from "./receipts.labels";
import {
  categoryName,
  DIRECTION_LABELS,
  MEANS_LABELS,
  type TreasuryDirection,
  type TreasuryMeans,
} from "./treasury.labels";

// The book's entries (decision 031): written, corrected and deleted in one transaction with their Historique entry
// (the caller's `withHistory`), listed a year at a time with their totals summed in SQL.

export type Category = typeof treasuryCategories.$inferSelect;

/** A refusal of one field of the form (the book's state forbids it: 409, or a wrong choice: 400). */
export class EntryFieldRefusal extends Refusal {
  constructor(field: string, message: string, status = 400) {
    super(message, status, field || null);
  }
}

export const listAccounts = (executor: Executor = getDb()) =>
  executor.select().from(treasuryAccounts).orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id));

export const listCategories = (executor: Executor = getDb()) =>
  executor.select().from(treasuryCategories).orderBy(asc(treasuryCategories.code));

/** A category and every category under it, at any depth. */
export function withDescendants(categories: Pick<Category, "id" | "parentId">[], id: number) {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories)
      if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
  }
  return [...ids];
}

/** What an entry holds once its form is read: the fields of the table it sets. */
function entryValues(form: EntryForm) {
  const transfer = form.direction === "virement";
  return {
    year: yearOf(form.date),
    date: form.date,
    label: form.label,
    amountCents: form.amount,
    direction: form.direction,
    accountId: form.accountId,
    toAccountId: transfer ? form.toAccountId : null,
    categoryId: transfer ? null : form.categoryId,
    means: form.means,
    chequeNumber: form.means === "cheque" ? form.chequeNumber : "",
    chequeBank: form.means === "cheque" ? form.chequeBank : "",
    payer: form.payer,
    reference: form.reference,
  };
}

/** Refuses an account or category that does not exist, or a category of the other direction. */
async function assertChoices(tx: Transaction, values: ReturnType<typeof entryValues>) {
  const ids = [values.accountId, ...(values.toAccountId === null ? [] : [values.toAccountId])];
  const accounts = await tx.select().from(treasuryAccounts).where(inArray(treasuryAccounts.id, ids));
  if (!accounts.some((a) => a.id === values.accountId))
    throw new EntryFieldRefusal("accountId", "Ce compte n'existe plus : choisissez-en un de la liste.");
  if (values.toAccountId !== null && !accounts.some((a) => a.id === values.toAccountId))
    throw new EntryFieldRefusal("toAccountId", "Ce compte n'existe plus : choisissez-en un de la liste.");
  if (values.categoryId !== null) {
    const [category] = await tx.select().from(treasuryCategories).where(eq(treasuryCategories.id, values.categoryId));
    if (!category || category.direction !== values.direction)
      throw new EntryFieldRefusal(
        "categoryId",
        "Cette catégorie ne convient pas à ce sens d'écriture : choisissez-en une de la liste.",
      );
  }
}

/** Year open, and each account kept from that year: a refusal on the date or the account. */
async function assertDateAllowed(tx: Transaction, values: ReturnType<typeof entryValues>) {
  try {
    await assertYearOpen(tx, values.year);
  } catch (error) {
    if (error instanceof TreasuryRefusal) throw new EntryFieldRefusal("date", error.message, 409);
    throw error;
  }
  for (const [field, id] of [
    ["accountId", values.accountId],
    ["toAccountId", values.toAccountId],
  ] as const) {
    if (id === null) continue;
    try {
      await assertAccountKept(tx, id, values.year);
    } catch (error) {
      if (error instanceof TreasuryRefusal) throw new EntryFieldRefusal(field, error.message, 409);
      throw error;
    }
  }
}

/** A new entry (an expense, an income or a transfer), with its invoice when one was sent (already stored). */
export async function createEntry(tx: Transaction, form: EntryForm, file: CheckedFile | null, enteredBy: string) {
  const values = entryValues(form);
  await assertChoices(tx, values);
  await assertDateAllowed(tx, values);
  const [entry] = await tx
    .insert(treasuryEntries)
    .values({
      ...values,
      attachmentHash: file?.hash ?? null,
      attachmentFormat: file?.format ?? null,
      enteredBy,
    })
    .returning();
  return entry!;
}

/** What the register decides of an entry it made: the rest (label, payer, cheque, reference, invoice) changes here. */
const REGISTER_FIELDS = ["date", "amountCents", "accountId", "categoryId", "means", "direction"] as const;
/** What a deposited or reconciled entry keeps. */
const LOCKED_FIELDS = ["date", "amountCents", "accountId", "toAccountId"] as const;
const FIELD_OF: Record<string, string> = {
  date: "date",
  amountCents: "amount",
  accountId: "accountId",
  toAccountId: "toAccountId",
  categoryId: "categoryId",
  means: "means",
  direction: "direction",
  payer: "payer",
};

/** What a receipt states of its entry: once it is made, these change only by cancelling it. */
const RECEIPT_FIELDS = ["amountCents", "date", "payer"] as const;

/**
 * Corrects an entry: refused in a closed year, for a deposited or reconciled entry whose amount, date or account would
 * change, for a register's entry whose payment fields would change, and for one whose receipt attests the amount,
 * date or payer that would change. Returns the entry before and after.
 */
export async function updateEntry(
  tx: Transaction,
  id: number,
  form: EntryForm,
  file: CheckedFile | null,
): Promise<{ before: TreasuryEntry; after: TreasuryEntry } | undefined> {
  const [before] = await tx.select().from(treasuryEntries).where(eq(treasuryEntries.id, id)).for("update");
  if (!before) return undefined;
  const values = entryValues({ ...form, direction: before.direction });
  const changed = (field: keyof typeof values) => values[field] !== before[field];
  try {
    await assertYearOpen(tx, before.year);
  } catch (error) {
    if (error instanceof TreasuryRefusal) throw new EntryFieldRefusal("", error.message, 409);
    throw error;
  }
  if (before.paymentId !== null) {
    const field = REGISTER_FIELDS.find((f) => changed(f));
    if (field)
      throw new EntryFieldRefusal(
        FIELD_OF[field]!,
        "Cette écriture vient d'un paiement du registre : son montant, sa date, son compte, sa catégorie et son moyen de paiement se corrigent depuis le registre.",
        409,
      );
  }
  const attested = RECEIPT_FIELDS.find((f) => changed(f));
  if (attested) {
    const [receipt] = await tx
      .select({ year: treasuryReceipts.year, number: treasuryReceipts.number })
      .from(treasuryReceipts)
      .where(and(eq(treasuryReceipts.entryId, id), isNull(treasuryReceipts.cancelledAt)));
    if (receipt)
      throw new EntryFieldRefusal(
        FIELD_OF[attested]!,
        `Le reçu n° ${receiptNumber(receipt.year, receipt.number)} atteste cette écriture : son montant, sa date et son payeur ne changent plus. Pour les corriger, supprimez l'écriture (son reçu est alors annulé) et saisissez-la de nouveau.`,
        409,
      );
  }
  const locked = LOCKED_FIELDS.find((f) => changed(f));
  if (locked) {
    try {
      await assertEntryChangeable(tx, before);
    } catch (error) {
      if (error instanceof TreasuryRefusal) throw new EntryFieldRefusal(FIELD_OF[locked]!, error.message, 409);
      throw error;
    }
  }
  await assertChoices(tx, values);
  await assertDateAllowed(tx, values);
  const attachment = file
    ? { attachmentHash: file.hash, attachmentFormat: file.format }
    : form.removeAttachment === "on"
      ? { attachmentHash: null, attachmentFormat: null }
      : {};
  const [after] = await tx
    .update(treasuryEntries)
    .set({ ...values, ...attachment, updatedAt: new Date() })
    .where(eq(treasuryEntries.id, id))
    .returning();
  return { before, after: after! };
}

/** Deletes an entry: refused in a closed year, once deposited or reconciled, and for a register's entry. */
export async function deleteEntry(tx: Transaction, id: number) {
  const [entry] = await tx.select().from(treasuryEntries).where(eq(treasuryEntries.id, id)).for("update");
  if (!entry) return undefined;
  if (entry.paymentId !== null)
    throw new TreasuryRefusal(
      "Cette écriture vient d'un paiement du registre : elle ne se supprime pas ici. Annulez le paiement depuis le registre.",
    );
  await assertEntryChangeable(tx, entry);
  await tx.delete(treasuryEntries).where(eq(treasuryEntries.id, id));
  return entry;
}

/** The names an entry's history detail gives: accounts and categories by id. */
export async function namesOf(executor: Executor) {
  const [accounts, categories] = await readAll(executor, [
    () => listAccounts(executor),
    () => listCategories(executor),
  ]);
  return {
    account: (id: number | null) => (id === null ? "" : (accounts.find((a) => a.id === id)?.name ?? `compte n° ${id}`)),
    category: (id: number | null) => {
      const c = id === null ? undefined : categories.find((x) => x.id === id);
      return c ? categoryName(c) : "";
    },
  };
}
export type Names = Awaited<ReturnType<typeof namesOf>>;

/** Each field of an entry as the history writes it, in order. */
export function describedFields(entry: TreasuryEntry, names: Names): [string, string][] {
  const fields: [string, string][] = [
    ["sens", DIRECTION_LABELS[entry.direction as TreasuryDirection]],
    ["date", formatCalendarDate(entry.date)],
    ["libellé", entry.label],
    ["montant", euros(entry.amountCents)],
    ["compte", names.account(entry.accountId)],
  ];
  if (entry.toAccountId !== null) fields.push(["vers le compte", names.account(entry.toAccountId)]);
  if (entry.categoryId !== null) fields.push(["catégorie", names.category(entry.categoryId)]);
  fields.push(["moyen", MEANS_LABELS[entry.means as TreasuryMeans]]);
  if (entry.chequeNumber) fields.push(["chèque n°", entry.chequeNumber]);
  if (entry.chequeBank) fields.push(["banque", entry.chequeBank]);
  if (entry.payer) fields.push(["tiers", entry.payer]);
  if (entry.reference) fields.push(["référence", entry.reference]);
  fields.push(["pièce", entry.attachmentHash ? "jointe" : "aucune"]);
  return fields;
}

/** « montant : 12,00 € (avant : 10,00 €) ; … » for each field that changed. */
export function describeChanges(before: TreasuryEntry, after: TreasuryEntry, names: Names) {
  const old = new Map(describedFields(before, names));
  const now = describedFields(after, names);
  const keys = new Set([...old.keys(), ...now.map(([k]) => k)]);
  const changes: string[] = [];
  const current = new Map(now);
  for (const key of keys) {
    const was = old.get(key) ?? "";
    const is = current.get(key) ?? "";
    if (was !== is) changes.push(`${key} : ${is || "(vide)"} (avant : ${was || "(vide)"})`);
  }
  if (before.attachmentHash !== after.attachmentHash && before.attachmentHash && after.attachmentHash)
    changes.push("pièce : remplacée (avant : une autre pièce)");
  return changes.join(" ; ");
}

// The list.

export interface EntryFilter {
  year: number;
  accountId?: number | null;
  /** The category and its sub-categories. */
  categoryIds?: number[] | null;
  direction?: TreasuryDirection | null;
  means?: TreasuryMeans | null;
  q?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: EntryFilter): SQL {
  const e = treasuryEntries;
  const conditions: (SQL | undefined)[] = [eq(e.year, filter.year)];
  if (filter.accountId) conditions.push(or(eq(e.accountId, filter.accountId), eq(e.toAccountId, filter.accountId)));
  if (filter.categoryIds?.length) conditions.push(inArray(e.categoryId, filter.categoryIds));
  if (filter.direction) conditions.push(eq(e.direction, filter.direction));
  if (filter.means) conditions.push(eq(e.means, filter.means));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(e.label, like), ilike(e.payer, like), ilike(e.reference, like), ilike(e.chequeNumber, like)),
    );
  }
  return and(...conditions)!;
}

const toAccount = alias(treasuryAccounts, "to_account");

/** A page of the year's entries that match, newest first, with their category's and accounts' names. */
export async function entriesPage(filter: EntryFilter, limit: number, offset: number, executor: Executor = getDb()) {
  const e = treasuryEntries;
  return executor
    .select({
      id: e.id,
      date: e.date,
      label: e.label,
      payer: e.payer,
      amountCents: e.amountCents,
      direction: e.direction,
      means: e.means,
      chequeNumber: e.chequeNumber,
      categoryCode: treasuryCategories.code,
      categoryLabel: treasuryCategories.label,
      account: treasuryAccounts.name,
      toAccount: toAccount.name,
      deposited: sql<boolean>`${e.depositId} is not null`,
      reconciled: sql<boolean>`coalesce(${e.statementId}, ${e.toStatementId}) is not null`,
      fromRegister: sql<boolean>`${e.paymentId} is not null`,
      attached: sql<boolean>`${e.attachmentHash} is not null`,
    })
    .from(e)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, e.accountId))
    .leftJoin(toAccount, eq(toAccount.id, e.toAccountId))
    .leftJoin(treasuryCategories, eq(treasuryCategories.id, e.categoryId))
    .where(whereOf(filter))
    .orderBy(desc(e.date), desc(e.id))
    .limit(limit)
    .offset(offset);
}
export type EntryLine = Awaited<ReturnType<typeof entriesPage>>[number];

/** How many entries match, and their income, expenses and transfers, summed in SQL over every matching entry. */
export async function entriesTotals(filter: EntryFilter, executor: Executor = getDb()) {
  const e = treasuryEntries;
  const sumOf = (direction: TreasuryDirection) =>
    sql<number>`coalesce(sum(${e.amountCents}) filter (where ${e.direction} = ${direction}), 0)`.mapWith(Number);
  const [row] = await executor
    .select({
      count: count().mapWith(Number),
      income: sumOf("recette"),
      expenses: sumOf("depense"),
      transfers: sumOf("virement"),
      transferCount: sql<number>`count(*) filter (where ${e.direction} = 'virement')`.mapWith(Number),
    })
    .from(e)
    .where(whereOf(filter));
  return row ?? { count: 0, income: 0, expenses: 0, transfers: 0, transferCount: 0 };
}

/** Cheques received (income by cheque) not yet in a deposit, every year. */
export async function undepositedCheques(executor: Executor = getDb()) {
  const e = treasuryEntries;
  const [row] = await executor
    .select({ count: count().mapWith(Number), cents: sql<number>`coalesce(sum(${e.amountCents}), 0)`.mapWith(Number) })
    .from(e)
    .where(and(eq(e.means, "cheque"), eq(e.direction, "recette"), sql`${e.depositId} is null`));
  return row ?? { count: 0, cents: 0 };
}

/** One entry with what it is linked to: its accounts, category, deposit, statement and the register's payment. */
export async function entryDetails(id: number, executor: Executor = getDb()) {
  const e = treasuryEntries;
  const [row] = await executor
    .select({
      entry: e,
      account: treasuryAccounts.name,
      toAccount: toAccount.name,
      category: treasuryCategories,
      depositedOn: treasuryDeposits.depositedOn,
      statementDate: treasuryStatements.statementDate,
    })
    .from(e)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, e.accountId))
    .leftJoin(toAccount, eq(toAccount.id, e.toAccountId))
    .leftJoin(treasuryCategories, eq(treasuryCategories.id, e.categoryId))
    .leftJoin(treasuryDeposits, eq(treasuryDeposits.id, e.depositId))
    .leftJoin(treasuryStatements, sql`${treasuryStatements.id} = coalesce(${e.statementId}, ${e.toStatementId})`)
    .where(eq(e.id, id));
  return row;
}

// Accounts and categories.

/** Whether any entry or budget line uses the category. */
export async function categoryUsed(executor: Executor, id: number) {
  const [entry] = await executor
    .select({ id: treasuryEntries.id })
    .from(treasuryEntries)
    .where(eq(treasuryEntries.categoryId, id))
    .limit(1);
  if (entry) return true;
  const [line] = await executor
    .select({ year: treasuryBudgetLines.year })
    .from(treasuryBudgetLines)
    .where(eq(treasuryBudgetLines.categoryId, id))
    .limit(1);
  return Boolean(line);
}

/** How many entries each account has (as origin or destination). */
export async function entriesByAccount(executor: Executor = getDb()) {
  const rows = await executor
    .select({ id: sql<number>`a.id`.mapWith(Number), count: sql<number>`count(e.id)`.mapWith(Number) })
    .from(sql`${treasuryAccounts} a`)
    .leftJoin(sql`${treasuryEntries} e`, sql`e.account_id = a.id or e.to_account_id = a.id`)
    .groupBy(sql`a.id`);
  return new Map(rows.map((r) => [r.id, r.count]));
}

/** An entry's invoice: its file in the documents' store, named after the entry. */
export async function entryAttachment(id: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      label: treasuryEntries.label,
      date: treasuryEntries.date,
      hash: treasuryEntries.attachmentHash,
      format: treasuryEntries.attachmentFormat,
    })
    .from(treasuryEntries)
    .where(eq(treasuryEntries.id, id));
  if (!row?.hash || !row.format) return undefined;
  return { hash: row.hash, format: row.format, title: `Pièce ${row.date} ${row.label}`.slice(0, 120) };
}
