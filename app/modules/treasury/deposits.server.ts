import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { treasuryAccounts, treasuryDeposits, treasuryEntries, treasuryYears } from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { counted, de } from "~/lib/text";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { assertAccountKept, assertYearOpen, TreasuryRefusal, yearOf } from "./book.server";

// Cheque deposits (« remises de chèques »): the cheques received wait « à remettre » until the treasurer takes them to
// the bank; a deposit takes them all at once, on a date, into a bank account, and prints its slip. A cheque belongs to
// one deposit at most: the rows are locked while the deposit is written, so two tabs cannot deposit it twice.

const e = treasuryEntries;

/** A cheque received, not yet deposited, in a year still open. */
const waiting = and(
  eq(e.direction, "recette"),
  eq(e.means, "cheque"),
  isNull(e.depositId),
  sql`not exists (select 1 from ${treasuryYears} y where y.year = ${e.year} and y.closed_at is not null)`,
);

export interface Cheque {
  id: number;
  date: string;
  label: string;
  payer: string;
  amountCents: number;
  chequeNumber: string;
  chequeBank: string;
}

const chequeColumns = {
  id: e.id,
  date: e.date,
  label: e.label,
  payer: e.payer,
  amountCents: e.amountCents,
  chequeNumber: e.chequeNumber,
  chequeBank: e.chequeBank,
};

/** The cheques to deposit, oldest first. */
export async function chequesToDeposit(executor: Executor = getDb()): Promise<Cheque[]> {
  return executor.select(chequeColumns).from(e).where(waiting).orderBy(asc(e.date), asc(e.id));
}

/** How many cheques wait to be deposited (the treasury's overview shows it). */
export async function chequesToDepositCount(executor: Executor = getDb()) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(e)
    .where(waiting);
  return row?.n ?? 0;
}

/** The register's payments whose cheque is in a deposit, with its day: « Chèque impayé » is offered on those. */
export async function depositDatesOfPayments(paymentIds: number[], executor: Executor = getDb()) {
  if (paymentIds.length === 0) return new Map<number, string>();
  const rows = await executor
    .select({ paymentId: e.paymentId, on: treasuryDeposits.depositedOn })
    .from(e)
    .innerJoin(treasuryDeposits, eq(treasuryDeposits.id, e.depositId))
    .where(inArray(e.paymentId, paymentIds));
  return new Map(rows.map((r) => [r.paymentId!, r.on]));
}

/** The accounts cheques can go to: the bank accounts, in the bureau's order (the first is the default). */
export async function bankAccounts(executor: Executor = getDb()) {
  return executor
    .select({ id: treasuryAccounts.id, name: treasuryAccounts.name })
    .from(treasuryAccounts)
    .where(eq(treasuryAccounts.kind, "banque"))
    .orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id));
}

/** « chèque n° 1234567 de Camille Roux (25,00 €) », how a refusal names a cheque. */
export function chequeName(cheque: Pick<Cheque, "chequeNumber" | "payer" | "amountCents" | "label">) {
  const number = cheque.chequeNumber ? ` n° ${cheque.chequeNumber}` : "";
  const who = cheque.payer ? ` ${de(cheque.payer)}` : ` « ${cheque.label} »`;
  return `chèque${number}${who} (${euros(cheque.amountCents)})`;
}

/** « 12 chèques, 660,00 € ». */
export const depositSummary = (count: number, totalCents: number) =>
  `${counted(count, "chèque", "chèques")}, ${euros(totalCents)}`;

/** A refusal about one field of the form (the account, the date), or the whole form (`field` null). */
export class DepositRefusal extends TreasuryRefusal {
  constructor(message: string, field: string | null = null) {
    super(message, 409, field);
  }
}

export interface NewDeposit {
  accountId: number;
  depositedOn: string;
  /** The ticked cheques, each with its number and bank as completed by the treasurer. */
  cheques: { id: number; chequeNumber: string; chequeBank: string }[];
}

/**
 * Writes a deposit: the ticked cheques locked (FOR UPDATE), each still waiting and dated on or before the deposit, their
 * number and bank saved, the deposit created and named on each, each now in the account it is deposited to; refused
 * as a whole (DepositRefusal) otherwise.
 */
export async function createDeposit(actor: Actor, input: NewDeposit) {
  if (input.cheques.length === 0) throw new DepositRefusal("Cochez au moins un chèque à remettre.");
  return withHistory(
    actor,
    async (tx) => {
      const [account] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, input.accountId));
      if (account?.kind !== "banque")
        throw new DepositRefusal("Choisissez le compte bancaire où les chèques sont remis.", "accountId");
      await assertYearOpen(tx, yearOf(input.depositedOn));
      const ids = input.cheques.map((c) => c.id);
      const rows = await tx.select().from(e).where(inArray(e.id, ids)).orderBy(asc(e.id)).for("update");
      if (rows.length < new Set(ids).size)
        throw new DepositRefusal(
          "Un des chèques cochés n'est plus dans le livre : son écriture a été supprimée entre-temps. Rechargez la page et cochez à nouveau.",
        );
      const taken = rows.filter((r) => r.depositId !== null);
      if (taken.length > 0)
        throw new DepositRefusal(
          `Déjà remis entre-temps : ${taken.map(chequeName).join(", ")}. Ces chèques ne sont plus à remettre ; rechargez la page et cochez à nouveau.`,
        );
      const notCheques = rows.filter((r) => r.direction !== "recette" || r.means !== "cheque");
      if (notCheques.length > 0)
        throw new DepositRefusal(
          `Ce n'est plus un chèque reçu : ${notCheques.map(chequeName).join(", ")}. Rechargez la page et cochez à nouveau.`,
        );
      const later = rows.filter((r) => r.date > input.depositedOn);
      if (later.length > 0)
        throw new DepositRefusal(
          `La remise ne peut pas être datée avant les chèques qu'elle contient : ${later
            .map((r) => `${chequeName(r)} reçu le ${formatCalendarDate(r.date)}`)
            .join(", ")}.`,
          "depositedOn",
        );
      for (const year of new Set(rows.map((r) => r.year))) {
        await assertYearOpen(tx, year);
        await assertAccountKept(tx, account.id, year);
      }
      const [deposit] = await tx
        .insert(treasuryDeposits)
        .values({
          accountId: account.id,
          depositedOn: input.depositedOn,
          createdBy: actor.username,
          isDemo: rows.every((r) => r.isDemo),
        })
        .returning();
      for (const cheque of input.cheques)
        await tx
          .update(e)
          .set({
            depositId: deposit!.id,
            // The cheques are in the account they are deposited to from now on.
            accountId: account.id,
            chequeNumber: cheque.chequeNumber,
            chequeBank: cheque.chequeBank,
            updatedAt: new Date(),
          })
          .where(eq(e.id, cheque.id));
      const totalCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
      return { deposit: deposit!, account, count: rows.length, totalCents };
    },
    (done) => ({
      kind: "tresorerie.remise",
      target: `remise n° ${done.deposit.id}`,
      detail: `${depositSummary(done.count, done.totalCents)}, le ${formatCalendarDate(done.deposit.depositedOn)} sur « ${done.account.name} »`,
    }),
  );
}

/** The deposits made, newest first, each with its account, count and total. */
export async function listDeposits(executor: Executor = getDb()) {
  return executor
    .select({
      id: treasuryDeposits.id,
      depositedOn: treasuryDeposits.depositedOn,
      account: treasuryAccounts.name,
      count: sql<number>`count(${e.id})`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${e.amountCents}), 0)`.mapWith(Number),
    })
    .from(treasuryDeposits)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, treasuryDeposits.accountId))
    .leftJoin(e, eq(e.depositId, treasuryDeposits.id))
    .groupBy(treasuryDeposits.id, treasuryAccounts.name)
    .orderBy(desc(treasuryDeposits.depositedOn), desc(treasuryDeposits.id));
}

/** One deposit, its account and its cheques (by date, as on the slip); undefined when there is none of that number. */
export async function getDeposit(id: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ deposit: treasuryDeposits, account: treasuryAccounts })
    .from(treasuryDeposits)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, treasuryDeposits.accountId))
    .where(eq(treasuryDeposits.id, id));
  if (!row) return undefined;
  const cheques = await executor
    .select({ ...chequeColumns, year: e.year, statementId: e.statementId })
    .from(e)
    .where(eq(e.depositId, id))
    .orderBy(asc(e.date), asc(e.id));
  const closedYears = await executor
    .select({ year: treasuryYears.year })
    .from(treasuryYears)
    .where(
      and(
        sql`${treasuryYears.closedAt} is not null`,
        inArray(treasuryYears.year, [yearOf(row.deposit.depositedOn), ...cheques.map((c) => c.year)]),
      ),
    );
  return {
    ...row,
    cheques,
    totalCents: cheques.reduce((sum, c) => sum + c.amountCents, 0),
    /** Why it can no longer be cancelled, or null. */
    locked: cancelBlocker(
      cheques,
      closedYears.map((y) => y.year),
    ),
  };
}

function cancelBlocker(cheques: { statementId: number | null }[], closedYears: number[]) {
  if (closedYears.length > 0)
    return `L'exercice ${closedYears[0]} est clôturé : cette remise ne peut plus être annulée.`;
  if (cheques.some((c) => c.statementId !== null))
    return "Un de ses chèques est pointé sur un relevé bancaire : la remise ne peut plus être annulée.";
  return null;
}

/**
 * Cancels a deposit while none of its cheques is reconciled and its year is open: the cheques go back « à remettre »
 * (with their numbers), the deposit is deleted, and the history keeps what it was.
 */
export async function cancelDeposit(actor: Actor, id: number) {
  return withHistory(
    actor,
    async (tx: Transaction) => {
      const [deposit] = await tx.select().from(treasuryDeposits).where(eq(treasuryDeposits.id, id)).for("update");
      if (!deposit) throw new DepositRefusal("Cette remise n'existe plus : elle a peut-être été annulée entre-temps.");
      const cheques = await tx
        .select()
        .from(e)
        .where(eq(e.depositId, id))
        .orderBy(asc(e.date), asc(e.id))
        .for("update");
      await assertYearOpen(tx, yearOf(deposit.depositedOn));
      for (const year of new Set(cheques.map((c) => c.year))) await assertYearOpen(tx, year);
      if (cheques.some((c) => c.statementId !== null))
        throw new DepositRefusal(
          "Un de ses chèques est pointé sur un relevé bancaire : la remise ne peut plus être annulée.",
        );
      const [account] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, deposit.accountId));
      await tx.update(e).set({ depositId: null, updatedAt: new Date() }).where(eq(e.depositId, id));
      await tx.delete(treasuryDeposits).where(eq(treasuryDeposits.id, id));
      return { deposit, account: account?.name ?? "", cheques };
    },
    (done) => ({
      kind: "tresorerie.remise-annulee",
      target: `remise n° ${done.deposit.id}`,
      detail: `Remise du ${formatCalendarDate(done.deposit.depositedOn)} sur « ${done.account} » : ${depositSummary(
        done.cheques.length,
        done.cheques.reduce((sum, c) => sum + c.amountCents, 0),
      )} (${done.cheques.map(chequeName).join(", ")}). Les chèques sont de nouveau à remettre.`,
    }),
  );
}
