import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, readAll, type Executor, type Transaction } from "~/db/client.server";
import {
  treasuryAccounts,
  treasuryBudgetLines,
  treasuryCategories,
  treasuryEntries,
  treasuryYears,
} from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { parisDateOf } from "~/lib/paris-time";
import { eurosPlain } from "~/lib/money";
import { spreadsheetCsv } from "~/server/spreadsheet.server";
import { accountBalances, TreasuryRefusal, type AccountBalance } from "./book.server";
import { categoryName, DIRECTION_LABELS, MEANS_LABELS } from "./treasury.labels";

// The year's accounts (« Comptes de l'exercice »): income and expenses by category of the chart, each parent holding
// its own entries and its sub-categories', the year before and the budget beside them; the accounts' balances; the
// volunteer hours valued apart; the budget, closing a year and the entries for an accountant. Every figure is a sum of
// integer cents, made in SQL or by adding integers here, so that every total is the sum of the lines under it.

export type CategoryDirection = "recette" | "depense";

export interface Category {
  id: number;
  code: string;
  label: string;
  direction: CategoryDirection;
  parentId: number | null;
}

/** A line of the income statement: a category with what it and its sub-categories hold. */
export interface StatementLine {
  /** The category's id; a parent's own entries beside its sub-categories get a line of their own (`own`). */
  id: number;
  code: string;
  label: string;
  depth: number;
  /** The line of a parent's entries made on the parent itself, shown under its sub-categories. */
  own: boolean;
  hasChildren: boolean;
  cents: number;
  previousCents: number;
  budgetCents: number;
}

export interface StatementSide {
  lines: StatementLine[];
  /** The sums of the top-level lines. */
  cents: number;
  previousCents: number;
  budgetCents: number;
}

export interface VolunteerHours {
  hours: number;
  hourCents: number;
  /** hours × value of one hour, in cents. */
  cents: number;
}

export interface YearAccounts {
  year: number;
  income: StatementSide;
  expenses: StatementSide;
  /** Income − expenses: positive, « Excédent »; negative, « Déficit ». */
  result: { cents: number; previousCents: number; budgetCents: number };
  accounts: AccountBalance[];
  accountTotals: { openingCents: number; inCents: number; outCents: number; closingCents: number };
  volunteer: VolunteerHours | null;
  /** Closed: when, by whom, and the day the assembly approved the accounts (unknown for a year closed before). */
  closed: { at: Date; by: string; approvedOn: string | null } | null;
  entryCount: number;
  /** Whether the book holds entries of the year before: without, its column says so rather than showing zeros. */
  previousKept: boolean;
}

/** The chart of accounts (income and expense categories), by number. */
export async function allCategories(executor: Executor = getDb()): Promise<Category[]> {
  const rows = await executor
    .select({
      id: treasuryCategories.id,
      code: treasuryCategories.code,
      label: treasuryCategories.label,
      direction: treasuryCategories.direction,
      parentId: treasuryCategories.parentId,
    })
    .from(treasuryCategories)
    .orderBy(asc(treasuryCategories.code));
  return rows.filter((r): r is Category => r.direction !== "virement");
}

/**
 * What each category holds in `year` on its own (not its sub-categories): the entries of its direction add, those of
 * the other take away (a fee refunded lowers the fees). Transfers are in no category.
 */
export async function categoryTotals(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      categoryId: treasuryEntries.categoryId,
      cents: sql<number>`coalesce(sum(case when ${treasuryEntries.direction} = ${treasuryCategories.direction}
        then ${treasuryEntries.amountCents} else -${treasuryEntries.amountCents} end), 0)`.mapWith(Number),
    })
    .from(treasuryEntries)
    .innerJoin(treasuryCategories, eq(treasuryCategories.id, treasuryEntries.categoryId))
    .where(and(eq(treasuryEntries.year, year), sql`${treasuryEntries.direction} <> 'virement'`))
    .groupBy(treasuryEntries.categoryId);
  return new Map(rows.map((r) => [r.categoryId!, r.cents]));
}

/** The budget of `year`: an amount per category, as entered (a parent's own, not its sub-categories'). */
export async function budgetOf(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({ categoryId: treasuryBudgetLines.categoryId, cents: treasuryBudgetLines.amountCents })
    .from(treasuryBudgetLines)
    .where(eq(treasuryBudgetLines.year, year));
  return new Map(rows.map((r) => [r.categoryId, r.cents]));
}

type Figures = { cents: number; previousCents: number; budgetCents: number };
const ZERO: Figures = { cents: 0, previousCents: 0, budgetCents: 0 };
const add = (a: Figures, b: Figures): Figures => ({
  cents: a.cents + b.cents,
  previousCents: a.previousCents + b.previousCents,
  budgetCents: a.budgetCents + b.budgetCents,
});
const isZero = (f: Figures) => f.cents === 0 && f.previousCents === 0 && f.budgetCents === 0;

/**
 * One side of the statement as a tree: each category with its own figures plus its sub-categories', the categories
 * with nothing in any column left out. When a parent has entries of its own and sub-categories shown, its own ones
 * get a line under them, so that a parent is always the sum of the lines right under it.
 */
export function statementSide(
  categories: Category[],
  direction: CategoryDirection,
  own: { year: Map<number, number>; previous: Map<number, number>; budget: Map<number, number> },
): StatementSide {
  const side = categories.filter((c) => c.direction === direction);
  const known = new Set(side.map((c) => c.id));
  const children = new Map<number | null, Category[]>();
  for (const c of side) {
    const parent = c.parentId !== null && known.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const ownOf = (id: number): Figures => ({
    cents: own.year.get(id) ?? 0,
    previousCents: own.previous.get(id) ?? 0,
    budgetCents: own.budget.get(id) ?? 0,
  });
  const walk = (category: Category, depth: number): { figures: Figures; lines: StatementLine[] } => {
    const below = (children.get(category.id) ?? []).map((c) => walk(c, depth + 1)).filter((b) => !isZero(b.figures));
    const mine = ownOf(category.id);
    const figures = below.reduce((sum, b) => add(sum, b.figures), mine);
    const subLines = below.flatMap((b) => b.lines);
    if (below.length > 0 && !isZero(mine))
      subLines.push({
        id: category.id,
        code: category.code,
        label: "Sans sous-catégorie",
        depth: depth + 1,
        own: true,
        hasChildren: false,
        ...mine,
      });
    const line: StatementLine = {
      id: category.id,
      code: category.code,
      label: category.label,
      depth,
      own: false,
      hasChildren: below.length > 0,
      ...figures,
    };
    return { figures, lines: [line, ...subLines] };
  };
  const roots = (children.get(null) ?? []).map((c) => walk(c, 0)).filter((r) => !isZero(r.figures));
  return {
    lines: roots.flatMap((r) => r.lines),
    ...roots.reduce((sum, r) => add(sum, r.figures), ZERO),
  };
}

export async function yearState(year: number, executor: Executor = getDb()) {
  const [row] = await executor.select().from(treasuryYears).where(eq(treasuryYears.year, year));
  return row;
}

/** The year's accounts, as the page, the PDF and the assembly show them. */
export async function yearAccounts(year: number, executor: Executor = getDb()): Promise<YearAccounts> {
  const entriesOf = (y: number) =>
    executor
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(treasuryEntries)
      .where(eq(treasuryEntries.year, y));
  const [categories, current, previous, budget, accounts, state, [count], [previousCount]] = await readAll(executor, [
    () => allCategories(executor),
    () => categoryTotals(year, executor),
    () => categoryTotals(year - 1, executor),
    () => budgetOf(year, executor),
    () => accountBalances(year, executor),
    () => yearState(year, executor),
    () => entriesOf(year),
    () => entriesOf(year - 1),
  ]);
  const own = { year: current, previous, budget };
  const income = statementSide(categories, "recette", own);
  const expenses = statementSide(categories, "depense", own);
  const accountTotals = accounts.reduce(
    (sum, a) => ({
      openingCents: sum.openingCents + a.openingCents,
      inCents: sum.inCents + a.inCents,
      outCents: sum.outCents + a.outCents,
      closingCents: sum.closingCents + a.closingCents,
    }),
    { openingCents: 0, inCents: 0, outCents: 0, closingCents: 0 },
  );
  return {
    year,
    income,
    expenses,
    result: {
      cents: income.cents - expenses.cents,
      previousCents: income.previousCents - expenses.previousCents,
      budgetCents: income.budgetCents - expenses.budgetCents,
    },
    accounts,
    accountTotals,
    volunteer:
      state && state.volunteerHours > 0
        ? {
            hours: state.volunteerHours,
            hourCents: state.volunteerHourCents,
            cents: state.volunteerHours * state.volunteerHourCents,
          }
        : null,
    closed: state?.closedAt ? { at: state.closedAt, by: state.closedBy, approvedOn: state.approvedOn } : null,
    entryCount: count?.n ?? 0,
    previousKept: (previousCount?.n ?? 0) > 0,
  };
}

/** The budget of a year as the form lists it: every category of both sides, with the amount saved (null: none). */
export async function budgetScreenData(year: number, executor: Executor = getDb()) {
  const [categories, budget, state] = await readAll(executor, [
    () => allCategories(executor),
    () => budgetOf(year, executor),
    () => yearState(year, executor),
  ]);
  const depthOf = new Map<number, number>();
  const byId = new Map(categories.map((c) => [c.id, c]));
  const depth = (c: Category): number => {
    if (depthOf.has(c.id)) return depthOf.get(c.id)!;
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    const d = parent ? depth(parent) + 1 : 0;
    depthOf.set(c.id, d);
    return d;
  };
  // Each parent followed by its sub-categories, by number.
  const ordered = (direction: CategoryDirection) => {
    const list: (Category & { depth: number; cents: number | null })[] = [];
    const visit = (parentId: number | null) => {
      for (const category of categories.filter((c) => c.direction === direction && c.parentId === parentId)) {
        list.push({ ...category, depth: depth(category), cents: budget.get(category.id) ?? null });
        visit(category.id);
      }
    };
    visit(null);
    return list;
  };
  return { income: ordered("recette"), expenses: ordered("depense"), closed: Boolean(state?.closedAt) };
}

/** A budget amount changed, in the words of the history: « 606 Achats… : 120,00 → 150,00 ». */
export interface BudgetChange {
  code: string;
  label: string;
  before: number | null;
  after: number | null;
}

/**
 * Saves the budget of `year` (null: no amount for the category) in the transaction; refused once the year is closed.
 * Returns what changed, with the earlier amounts, for the history.
 */
export async function saveBudget(tx: Transaction, year: number, amounts: Map<number, number | null>) {
  await tx.insert(treasuryYears).values({ year }).onConflictDoNothing();
  const [state] = await tx.select().from(treasuryYears).where(eq(treasuryYears.year, year)).for("update");
  if (state?.closedAt) throw new TreasuryRefusal(`L'exercice ${year} est clôturé : son budget ne change plus.`);
  const categories = await allCategories(tx);
  const before = await budgetOf(year, tx);
  const changes: BudgetChange[] = [];
  for (const category of categories) {
    if (!amounts.has(category.id)) continue;
    const after = amounts.get(category.id) ?? null;
    const earlier = before.get(category.id) ?? null;
    if (after === earlier) continue;
    changes.push({ code: category.code, label: category.label, before: earlier, after });
    if (after === null)
      await tx
        .delete(treasuryBudgetLines)
        .where(and(eq(treasuryBudgetLines.year, year), eq(treasuryBudgetLines.categoryId, category.id)));
    else
      await tx
        .insert(treasuryBudgetLines)
        .values({ year, categoryId: category.id, amountCents: after })
        .onConflictDoUpdate({
          target: [treasuryBudgetLines.year, treasuryBudgetLines.categoryId],
          set: { amountCents: after, isDemo: false },
        });
  }
  return changes;
}

/** The volunteer hours of `year` and the value of one; returns the earlier ones, for the history. */
export async function saveVolunteerHours(tx: Transaction, year: number, hours: number, hourCents: number) {
  await tx.insert(treasuryYears).values({ year }).onConflictDoNothing();
  const [state] = await tx.select().from(treasuryYears).where(eq(treasuryYears.year, year)).for("update");
  if (state?.closedAt) throw new TreasuryRefusal(`L'exercice ${year} est clôturé : son bénévolat ne change plus.`);
  await tx
    .update(treasuryYears)
    .set({ volunteerHours: hours, volunteerHourCents: hourCents, isDemo: false })
    .where(eq(treasuryYears.year, year));
  return { hours: state?.volunteerHours ?? 0, hourCents: state?.volunteerHourCents ?? 0 };
}

export const closingMessages = {
  notOver: (year: number) =>
    `L'exercice ${year} n'est pas terminé : il ne peut être clôturé qu'après le 31 décembre ${year}, une fois ses comptes approuvés par l'assemblée générale.`,
  alreadyClosed: (year: number, on: string) => `L'exercice ${year} est déjà clôturé (le ${on}).`,
  approvedTooEarly: (year: number) =>
    `L'assemblée générale approuve les comptes de ${year} après la fin de l'exercice : indiquez une date après le 31 décembre ${year}.`,
  approvedLater: "L'assemblée générale qui approuve les comptes a déjà eu lieu : indiquez une date passée.",
} as const;

/**
 * Closes `year` once its accounts are approved: its row taken for update (entries being written wait, and see it
 * closed after), then its date and who closed it. Refused for the current year or a later one, and once closed.
 */
export async function closeYear(
  tx: Transaction,
  year: number,
  by: string,
  currentYear: number,
  approvedOn: string,
  now = new Date(),
) {
  if (year >= currentYear) throw new TreasuryRefusal(closingMessages.notOver(year));
  if (approvedOn <= `${year}-12-31`) throw new TreasuryRefusal(closingMessages.approvedTooEarly(year));
  if (approvedOn > parisDateOf(now)) throw new TreasuryRefusal(closingMessages.approvedLater);
  await tx.insert(treasuryYears).values({ year }).onConflictDoNothing();
  const [state] = await tx.select().from(treasuryYears).where(eq(treasuryYears.year, year)).for("update");
  if (state?.closedAt)
    throw new TreasuryRefusal(closingMessages.alreadyClosed(year, formatCalendarDate(parisDateOf(state.closedAt))));
  await tx
    .update(treasuryYears)
    .set({ closedAt: now, closedBy: by, approvedOn, isDemo: false })
    .where(eq(treasuryYears.year, year));
}

/**
 * The columns of Paheko's simple import (« import simplifié »: one line per entry, a debit account and a credit
 * account), then what the treasurer reads, under names Paheko's import does not take for its own (« Type »,
 * « Compte »). « Numéro d'écriture » stays empty: filled, Paheko would take it for one of its own entries to change;
 * this book's number is in « Écriture ».
 */
export const EXPORT_COLUMNS = [
  "Numéro d'écriture",
  "Date",
  "Libellé",
  "Montant",
  "Compte de débit",
  "Compte de crédit",
  "Numéro pièce comptable",
  "Référence paiement",
  "Remarques",
  "Écriture",
  "Sens",
  "Compte de trésorerie",
  "Vers le compte",
  "Catégorie",
  "Moyen de paiement",
  "N° de chèque",
  "Banque du chèque",
  "Tiers",
] as const;

const day = (date: string) => date.split("-").reverse().join("/");

/**
 * The entries of `year` in date order for an accountant or Paheko: a receipt debits the money account (512…) and
 * credits its category; an expense the reverse; a transfer debits the destination and credits the source.
 */
export async function entriesCsv(year: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      id: treasuryEntries.id,
      date: treasuryEntries.date,
      label: treasuryEntries.label,
      amountCents: treasuryEntries.amountCents,
      direction: treasuryEntries.direction,
      means: treasuryEntries.means,
      chequeNumber: treasuryEntries.chequeNumber,
      chequeBank: treasuryEntries.chequeBank,
      payer: treasuryEntries.payer,
      reference: treasuryEntries.reference,
      accountCode: sql<string>`a.code`,
      accountName: sql<string>`a.name`,
      toCode: sql<string | null>`t.code`,
      toName: sql<string | null>`t.name`,
      categoryCode: treasuryCategories.code,
      categoryLabel: treasuryCategories.label,
    })
    .from(treasuryEntries)
    .innerJoin(sql`${treasuryAccounts} a`, sql`a.id = ${treasuryEntries.accountId}`)
    .leftJoin(sql`${treasuryAccounts} t`, sql`t.id = ${treasuryEntries.toAccountId}`)
    .leftJoin(treasuryCategories, eq(treasuryCategories.id, treasuryEntries.categoryId))
    .where(eq(treasuryEntries.year, year))
    .orderBy(asc(treasuryEntries.date), asc(treasuryEntries.id));
  return spreadsheetCsv(
    [...EXPORT_COLUMNS],
    rows.map((r) => {
      const category = r.categoryCode ?? "";
      const [debit, credit] =
        r.direction === "recette"
          ? [r.accountCode, category]
          : r.direction === "depense"
            ? [category, r.accountCode]
            : [r.toCode ?? "", r.accountCode];
      const remarks = [r.payer && `Tiers : ${r.payer}`, r.chequeNumber && `Chèque n° ${r.chequeNumber}`]
        .filter(Boolean)
        .join(" — ");
      return [
        "",
        day(r.date),
        r.label,
        eurosPlain(r.amountCents),
        debit,
        credit,
        r.reference,
        r.chequeNumber,
        remarks,
        r.id,
        DIRECTION_LABELS[r.direction],
        r.accountName,
        r.toName ?? "",
        r.categoryCode && r.categoryLabel ? categoryName({ code: r.categoryCode, label: r.categoryLabel }) : "",
        MEANS_LABELS[r.means],
        r.chequeNumber,
        r.chequeBank,
        r.payer,
      ];
    }),
  );
}
