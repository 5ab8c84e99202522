import { Refusal } from "~/modules/forms/refusal.server";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { gardenerPayments, gardeners } from "~/modules/register/register.tables";
import {
  treasuryAccounts,
  treasuryCategories,
  treasuryDeposits,
  treasuryEntries,
  treasuryStatements,
  treasuryYears,
} from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import {
  ACCOUNT_KIND_CODES,
  HELLOASSO_ACCOUNT_NAME,
  PAYMENT_CATEGORY_CODES,
  paymentEntryLabel,
  treasuryMessages,
  type AccountKind,
  type RegisterPaymentKind,
  type TreasuryMeans,
} from "./treasury.labels";

// The book's rules, in one place (decision 031): a closed year is read-only, a deposited or reconciled entry keeps its
// amount, and each payment of the register has exactly one entry, written and removed in the payment's transaction.

export type TreasuryEntry = typeof treasuryEntries.$inferSelect;

/** A change the book refuses, with the French text to show (409: the request was right, the book's state forbids it). */
export class TreasuryRefusal extends Refusal {}

export const yearOf = (day: string) => Number(day.slice(0, 4));

/**
 * Refuses a change in a closed year. The year's row is read under a share lock, so a closing (which takes it for update)
 * waits for the entries being written, and an entry written after a closing sees it.
 */
export async function assertYearOpen(tx: Transaction, year: number) {
  await tx.insert(treasuryYears).values({ year }).onConflictDoNothing();
  const [row] = await tx.select().from(treasuryYears).where(eq(treasuryYears.year, year)).for("share");
  if (row?.closedAt) throw new TreasuryRefusal(treasuryMessages.closedYear(year));
}

export async function isYearClosed(year: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ closedAt: treasuryYears.closedAt })
    .from(treasuryYears)
    .where(eq(treasuryYears.year, year));
  return Boolean(row?.closedAt);
}

/**
 * Refuses to delete an entry, or to change its amount, account or date, once it is in a closed year, in a cheque
 * deposit, in a HelloAsso payout (or is one) or ticked on a bank statement: what was printed or checked stays true. A
 * correction is a new entry.
 */
export async function assertEntryChangeable(tx: Transaction, entry: TreasuryEntry) {
  await assertYearOpen(tx, entry.year);
  if (entry.depositId !== null) {
    const [deposit] = await tx
      .select({ on: treasuryDeposits.depositedOn })
      .from(treasuryDeposits)
      .where(eq(treasuryDeposits.id, entry.depositId));
    if (deposit) throw new TreasuryRefusal(treasuryMessages.deposited(formatCalendarDate(deposit.on)));
  }
  if (entry.payoutId !== null) {
    const [payout] = await tx
      .select({ on: treasuryEntries.date })
      .from(treasuryEntries)
      .where(eq(treasuryEntries.id, entry.payoutId));
    if (payout) throw new TreasuryRefusal(treasuryMessages.paidOut(formatCalendarDate(payout.on)));
  }
  if (entry.direction === "virement") {
    const [paidOut] = await tx
      .select({ id: treasuryEntries.id })
      .from(treasuryEntries)
      .where(eq(treasuryEntries.payoutId, entry.id))
      .limit(1);
    if (paidOut) throw new TreasuryRefusal(treasuryMessages.payoutTransfer);
  }
  const ticked = entry.statementId ?? entry.toStatementId;
  if (ticked !== null) {
    const [statement] = await tx
      .select({ on: treasuryStatements.statementDate })
      .from(treasuryStatements)
      .where(eq(treasuryStatements.id, ticked));
    if (statement) throw new TreasuryRefusal(treasuryMessages.reconciled(formatCalendarDate(statement.on)));
  }
}

/**
 * Refuses an entry dated before the year an account is kept here from: its opening balance already holds what happened
 * before, so the entry would count twice (or never, in the balances).
 */
export async function assertAccountKept(tx: Transaction, accountId: number, year: number) {
  const [account] = await tx
    .select({ name: treasuryAccounts.name, openingYear: treasuryAccounts.openingYear })
    .from(treasuryAccounts)
    .where(eq(treasuryAccounts.id, accountId));
  if (account && year < account.openingYear)
    throw new TreasuryRefusal(treasuryMessages.beforeOpening(account.name, account.openingYear));
}

/** The first account of a kind (by the bureau's order), where the register's payments go. */
async function firstAccountOf(tx: Transaction, kind: AccountKind) {
  const [account] = await tx
    .select({ id: treasuryAccounts.id })
    .from(treasuryAccounts)
    .where(eq(treasuryAccounts.kind, kind))
    .orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id))
    .limit(1);
  return account?.id;
}

/**
 * « HelloAsso à recevoir », made when the first payment through HelloAsso is booked: an association that never takes
 * payments online never sees it.
 */
async function helloAssoAccount(tx: Transaction, year: number) {
  const existing = await firstAccountOf(tx, "helloasso");
  if (existing !== undefined) return existing;
  const [book] = await tx
    .select({
      position: sql<number>`coalesce(max(${treasuryAccounts.position}), 0)`.mapWith(Number),
      firstYear: sql<number | null>`min(${treasuryAccounts.openingYear})`,
    })
    .from(treasuryAccounts);
  await tx
    .insert(treasuryAccounts)
    .values({
      name: HELLOASSO_ACCOUNT_NAME,
      kind: "helloasso",
      code: ACCOUNT_KIND_CODES.helloasso,
      // Kept from the book's first year (it held nothing before), so a payment is refused before it as elsewhere.
      openingYear: book?.firstYear === null || book?.firstYear === undefined ? year : Number(book.firstYear),
      position: (book?.position ?? 0) + 1,
    })
    .onConflictDoNothing();
  const made = await firstAccountOf(tx, "helloasso");
  if (made === undefined) throw new TreasuryRefusal(treasuryMessages.helloAssoAccountName);
  return made;
}

export async function categoryIdOf(executor: Executor, code: string) {
  const [row] = await executor
    .select({ id: treasuryCategories.id })
    .from(treasuryCategories)
    .where(eq(treasuryCategories.code, code));
  if (!row) throw new Error(`The chart of accounts lacks category ${code}`);
  return row.id;
}

/** The register's means, as the book names them (the register has no card nor direct debit). */
const bookMeans = (means: string | null): TreasuryMeans =>
  means === "cheque" || means === "virement" || means === "especes" || means === "helloasso" ? means : "autre";

export interface ChequeDetails {
  chequeNumber?: string;
  chequeBank?: string;
  /** The payment's own reference, for the entry: « HelloAsso, commande n° 120345 ». */
  reference?: string;
}

/**
 * The entry of a payment just recorded in the register: income of its category (756 a fee, 7562 an entry budget,
 * 7088 a cabin takeover) on its date, in the cash box for cash, « HelloAsso à recevoir » for HelloAsso and the bank
 * account otherwise, the gardener as payer.
 * Refused (TreasuryRefusal) when the payment's date is in a closed year: the payment then is not recorded either.
 */
export async function bookPayment(
  tx: Transaction,
  payment: typeof gardenerPayments.$inferSelect,
  enteredBy: string,
  cheque: ChequeDetails = {},
) {
  if (!payment.paidOn || payment.amountCents <= 0) return undefined;
  const year = yearOf(payment.paidOn);
  await assertYearOpen(tx, year);
  const means = bookMeans(payment.means);
  // HelloAsso pays out what it received in one transfer, days later: its payments wait in their own account.
  const accountId =
    means === "helloasso"
      ? await helloAssoAccount(tx, year)
      : await firstAccountOf(tx, means === "especes" ? "caisse" : "banque");
  if (accountId === undefined) throw new TreasuryRefusal(treasuryMessages.noAccount);
  await assertAccountKept(tx, accountId, year);
  const [gardener] =
    payment.gardenerId === null
      ? []
      : await tx
          .select({ name: gardeners.name, isDemo: gardeners.isDemo })
          .from(gardeners)
          .where(eq(gardeners.id, payment.gardenerId));
  const kind = payment.kind as RegisterPaymentKind;
  const [entry] = await tx
    .insert(treasuryEntries)
    .values({
      year,
      date: payment.paidOn,
      label: paymentEntryLabel(kind, payment.year),
      amountCents: payment.amountCents,
      direction: "recette",
      accountId,
      categoryId: await categoryIdOf(tx, PAYMENT_CATEGORY_CODES[kind]),
      means,
      chequeNumber: means === "cheque" ? (cheque.chequeNumber ?? "").trim() : "",
      chequeBank: means === "cheque" ? (cheque.chequeBank ?? "").trim() : "",
      payer: gardener?.name ?? "",
      reference: (cheque.reference ?? payment.reference ?? "").trim(),
      paymentId: payment.id,
      gardenerId: payment.gardenerId,
      enteredBy,
      isDemo: gardener?.isDemo ?? false,
    })
    .returning();
  return entry!;
}

/**
 * Removes the entry of a payment being undone, in the same transaction; refused (TreasuryRefusal) when the entry can no
 * longer change. Returns the entry removed, for the history.
 */
export async function unbookPayment(tx: Transaction, paymentId: number) {
  const [entry] = await tx.select().from(treasuryEntries).where(eq(treasuryEntries.paymentId, paymentId)).for("update");
  if (!entry) return undefined;
  await assertEntryChangeable(tx, entry);
  await tx.delete(treasuryEntries).where(eq(treasuryEntries.id, entry.id));
  return entry;
}

/**
 * A deposited cheque the bank returned unpaid: its entry stays as the deposit credited it (detached from the payment
 * being removed), and an expense of the same account and category, on the day the bank debited it, takes it back out
 * (the category's total goes down by as much, as a refund does). Refused (TreasuryRefusal) when that day is in a closed
 * year. Returns the cheque's entry, its deposit's date and the new entry; undefined when the payment has no deposited
 * entry.
 */
export async function bookBouncedCheque(tx: Transaction, paymentId: number, bouncedOn: string, enteredBy: string) {
  const [found] = await tx
    .select({ entry: treasuryEntries, depositedOn: treasuryDeposits.depositedOn })
    .from(treasuryEntries)
    .innerJoin(treasuryDeposits, eq(treasuryDeposits.id, treasuryEntries.depositId))
    .where(eq(treasuryEntries.paymentId, paymentId))
    .for("update", { of: treasuryEntries });
  if (!found) return undefined;
  const { entry, depositedOn } = found;
  const year = yearOf(bouncedOn);
  await assertYearOpen(tx, year);
  await assertAccountKept(tx, entry.accountId, year);
  // The book says why the cheque's income has an expense beside it.
  await tx
    .update(treasuryEntries)
    .set({ paymentId: null, bouncedOn, label: `${entry.label} (chèque impayé le ${formatCalendarDate(bouncedOn)})` })
    .where(eq(treasuryEntries.id, entry.id));
  const number = entry.chequeNumber ? ` n° ${entry.chequeNumber}` : "";
  const [reversal] = await tx
    .insert(treasuryEntries)
    .values({
      year,
      date: bouncedOn,
      label: `Chèque impayé : ${entry.label}`,
      amountCents: entry.amountCents,
      direction: "depense",
      accountId: entry.accountId,
      categoryId: entry.categoryId,
      means: "autre",
      payer: entry.payer,
      reference: `chèque${number} remis le ${formatCalendarDate(depositedOn)}, rejeté par la banque`,
      gardenerId: entry.gardenerId,
      enteredBy,
      isDemo: entry.isDemo,
    })
    .returning();
  return { entry, depositedOn, reversal: reversal! };
}

export interface AccountBalance {
  id: number;
  name: string;
  kind: AccountKind;
  code: string;
  /** On 1 January of the year. */
  openingCents: number;
  inCents: number;
  outCents: number;
  /** On 31 December of the year (or today, for the year under way). */
  closingCents: number;
}

/**
 * Each account's opening balance on 1 January of `year` (its opening at creation plus every earlier entry), what came in
 * and went out during the year (transfers included), and its closing balance. Sums in SQL over integer cents.
 */
export async function accountBalances(year: number, executor: Executor = getDb()): Promise<AccountBalance[]> {
  const accounts = await executor
    .select()
    .from(treasuryAccounts)
    .orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id));
  const figures = await executor
    .select({
      accountId: sql<number>`a.id`.mapWith(Number),
      before: sql<number>`coalesce(sum(case when e.year < ${year} then
        case when e.account_id = a.id and e.direction = 'recette' then e.amount_cents
             when e.account_id = a.id then -e.amount_cents
             else e.amount_cents end end), 0)`.mapWith(Number),
      in: sql<number>`coalesce(sum(case when e.year = ${year} and (e.direction = 'recette' or e.to_account_id = a.id)
        then e.amount_cents end), 0)`.mapWith(Number),
      out: sql<number>`coalesce(sum(case when e.year = ${year} and e.account_id = a.id and e.direction <> 'recette'
        then e.amount_cents end), 0)`.mapWith(Number),
    })
    .from(sql`${treasuryAccounts} a`)
    .leftJoin(
      sql`${treasuryEntries} e`,
      sql`(e.account_id = a.id or e.to_account_id = a.id) and e.year <= ${year} and e.year >= a.opening_year`,
    )
    .groupBy(sql`a.id`);
  const byId = new Map(figures.map((f) => [f.accountId, f]));
  return accounts
    .filter((account) => account.openingYear <= year)
    .map((account) => {
      const f = byId.get(account.id) ?? { before: 0, in: 0, out: 0 };
      const openingCents = account.openingCents + f.before;
      return {
        id: account.id,
        name: account.name,
        kind: account.kind,
        code: account.code,
        openingCents,
        inCents: f.in,
        outCents: f.out,
        closingCents: openingCents + f.in - f.out,
      };
    });
}
