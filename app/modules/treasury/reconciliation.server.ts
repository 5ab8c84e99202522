import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import {
  treasuryAccounts,
  treasuryDeposits,
  treasuryEntries,
  treasuryStatements,
} from "~/modules/treasury/treasury.tables";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { counted } from "~/lib/text";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { TreasuryRefusal } from "./book.server";

// Bank reconciliation (« rapprochement bancaire »): a statement of a bank or savings account, its date and its ending
// balance; the treasurer ticks the entries the bank shows, and the statement is reconciled once the account's opening
// plus every ticked entry (on it and on the earlier ones) equals its balance. One statement of an account is under way
// at a time, each after the last reconciled one. A ticked entry keeps its amount (assertEntryChangeable).

const e = treasuryEntries;
const s = treasuryStatements;

export type Statement = typeof treasuryStatements.$inferSelect;

/** The accounts a bank statement reconciles: bank and savings accounts, in the bureau's order. */
export async function reconcilableAccounts(executor: Executor = getDb()) {
  return executor
    .select()
    .from(treasuryAccounts)
    .where(inArray(treasuryAccounts.kind, ["banque", "epargne"]))
    .orderBy(asc(treasuryAccounts.position), asc(treasuryAccounts.id));
}

/** What an entry does to the account's balance, in cents: income and transfers in add, the rest takes away. */
export function signedCents(entry: { direction: string; accountId: number; amountCents: number }, accountId: number) {
  if (entry.direction === "recette") return entry.amountCents;
  if (entry.direction === "virement" && entry.accountId !== accountId) return entry.amountCents;
  return -entry.amountCents;
}

/** An account's statements, newest first. */
export async function statementsOf(accountId: number, executor: Executor = getDb()) {
  return executor.select().from(s).where(eq(s.accountId, accountId)).orderBy(desc(s.statementDate), desc(s.id));
}

/** A refusal about one field of the form, or the whole form (`field` null). */
export class StatementRefusal extends TreasuryRefusal {
  constructor(message: string, field: string | null = null) {
    super(message, 409, field);
  }
}

const touches = (accountId: number) => or(eq(e.accountId, accountId), eq(e.toAccountId, accountId));

/**
 * The statement an entry is ticked on, on the side of `accountId`: a transfer has one tick per account it touches
 * (`statement_id` for its source, `to_statement_id` for its destination), so both accounts reconcile it.
 */
const tickOn = (accountId: number) =>
  sql<number | null>`case when ${e.accountId} = ${accountId} then ${e.statementId} else ${e.toStatementId} end`;
export const tickOf = (
  entry: { accountId: number; statementId: number | null; toStatementId: number | null },
  accountId: number,
) => (entry.accountId === accountId ? entry.statementId : entry.toStatementId);

/**
 * « Nouveau relevé »: a bank or savings account's statement on a date with its ending balance. Refused while another
 * of the account's statements is under way, or on or before the last reconciled one's date.
 */
export async function createStatement(
  actor: Actor,
  input: { accountId: number; statementDate: string; balanceCents: number },
) {
  return withHistory(
    actor,
    async (tx) => {
      const [account] = await tx
        .select()
        .from(treasuryAccounts)
        .where(eq(treasuryAccounts.id, input.accountId))
        .for("update");
      if (!account || account.kind === "caisse")
        throw new StatementRefusal("Choisissez un compte bancaire ou d'épargne.", "accountId");
      const [open] = await tx
        .select()
        .from(s)
        .where(and(eq(s.accountId, account.id), isNull(s.closedAt)));
      if (open)
        throw new StatementRefusal(
          `Le relevé du ${formatCalendarDate(open.statementDate)} est en cours sur ce compte : terminez son rapprochement avant d'en ajouter un autre.`,
        );
      const [last] = await tx
        .select()
        .from(s)
        .where(eq(s.accountId, account.id))
        .orderBy(desc(s.statementDate))
        .limit(1);
      if (last && input.statementDate <= last.statementDate)
        throw new StatementRefusal(
          `Le dernier relevé rapproché est du ${formatCalendarDate(last.statementDate)} : le nouveau relevé doit être daté après.`,
          "statementDate",
        );
      if (Number(input.statementDate.slice(0, 4)) < account.openingYear)
        throw new StatementRefusal(
          `Le compte « ${account.name} » est tenu ici depuis le 1er janvier ${account.openingYear} : choisissez une date à partir de là.`,
          "statementDate",
        );
      const [statement] = await tx
        .insert(s)
        .values({
          accountId: account.id,
          statementDate: input.statementDate,
          balanceCents: input.balanceCents,
          createdBy: actor.username,
        })
        .returning();
      return { statement: statement!, account };
    },
    ({ statement, account }) => ({
      kind: "tresorerie.releve",
      target: `relevé n° ${statement.id}`,
      detail: `Relevé du ${formatCalendarDate(statement.statementDate)} de « ${account.name} » : solde ${euros(statement.balanceCents)}`,
    }),
  );
}

/** A received cheque: on the bank's statement only once deposited, as part of its deposit's one line. */
export const isReceivedCheque = (entry: { direction: string; means: string }) =>
  entry.direction === "recette" && entry.means === "cheque";

/**
 * The entries a statement lists: the account's, dated up to the statement, ticked on no other statement; a received
 * cheque only once deposited, on or before the statement's date (the bank knows nothing of it before).
 */
async function candidates(executor: Executor, statement: Statement, openingYear: number) {
  const rows = await executor
    .select({ entry: e, depositedOn: treasuryDeposits.depositedOn })
    .from(e)
    .leftJoin(treasuryDeposits, eq(treasuryDeposits.id, e.depositId))
    .where(
      and(
        touches(statement.accountId),
        lte(e.date, statement.statementDate),
        sql`${e.year} >= ${openingYear}`,
        or(sql`${tickOn(statement.accountId)} is null`, sql`${tickOn(statement.accountId)} = ${statement.id}`),
        or(
          sql`${e.direction} <> 'recette'`,
          sql`${e.means} <> 'cheque'`,
          lte(treasuryDeposits.depositedOn, statement.statementDate),
        ),
      ),
    )
    .orderBy(asc(e.date), asc(e.id));
  return rows.map((row) => ({ ...row.entry, depositedOn: row.depositedOn }));
}

/** The account's opening plus every entry ticked on an earlier statement of the account (in cents). */
async function reconciledBefore(executor: Executor, statement: Statement, openingCents: number) {
  const [row] = await executor
    .select({
      cents: sql<number>`coalesce(sum(case
        when ${e.direction} = 'recette' then ${e.amountCents}
        when ${e.direction} = 'virement' and ${e.toAccountId} = ${statement.accountId} then ${e.amountCents}
        else -${e.amountCents} end), 0)`.mapWith(Number),
    })
    .from(e)
    .innerJoin(s, sql`${s.id} = ${tickOn(statement.accountId)}`)
    .where(
      and(
        touches(statement.accountId),
        eq(s.accountId, statement.accountId),
        sql`(${s.statementDate}, ${s.id}) < (${statement.statementDate}, ${statement.id})`,
      ),
    );
  return openingCents + (row?.cents ?? 0);
}

/**
 * A statement and what it shows: its account, the entries to tick (those ticked on it marked), the balance reconciled
 * before it, the balance reconciled with its ticks, and the difference (statement − reconciled).
 */
export async function statementDetail(id: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ statement: s, account: treasuryAccounts })
    .from(s)
    .innerJoin(treasuryAccounts, eq(treasuryAccounts.id, s.accountId))
    .where(eq(s.id, id));
  if (!row) return undefined;
  const { statement, account } = row;
  const entries = await candidates(executor, statement, account.openingYear);
  const beforeCents = await reconciledBefore(executor, statement, account.openingCents);
  const lines = entries.map((entry) => ({
    entry,
    cents: signedCents(entry, account.id),
    ticked: tickOf(entry, account.id) === statement.id,
  }));
  const reconciledCents = beforeCents + lines.filter((l) => l.ticked).reduce((sum, l) => sum + l.cents, 0);
  return {
    statement,
    account,
    lines,
    beforeCents,
    reconciledCents,
    differenceCents: statement.balanceCents - reconciledCents,
  };
}

/** The statement locked for a change, refused once reconciled. */
async function openStatement(tx: Transaction, id: number) {
  const [statement] = await tx.select().from(s).where(eq(s.id, id)).for("update");
  if (!statement) throw new StatementRefusal("Ce relevé n'existe plus.");
  if (statement.closedAt)
    throw new StatementRefusal(
      `Le relevé du ${formatCalendarDate(statement.statementDate)} est déjà rapproché : ses pointages ne changent plus.`,
    );
  return statement;
}

/** What the treasurer ticked: entries one by one, and deposits of cheques as a whole (each of their cheques). */
export interface Ticks {
  entries: number[];
  deposits?: number[];
}

/** Ticks exactly what is ticked among the statement's entries (unticking the others), in the transaction. */
async function applyTicks(tx: Transaction, statement: Statement, ticks: Ticks) {
  const [account] = await tx.select().from(treasuryAccounts).where(eq(treasuryAccounts.id, statement.accountId));
  const entries = await candidates(tx, statement, account!.openingYear);
  const listed = new Set(entries.map((entry) => entry.id));
  const deposits = new Set(ticks.deposits ?? []);
  const listedDeposits = new Set(entries.filter(isReceivedCheque).map((entry) => entry.depositId));
  if (ticks.entries.some((id) => !listed.has(id)) || [...deposits].some((id) => !listedDeposits.has(id)))
    throw new StatementRefusal(
      "Une des écritures cochées n'est plus à pointer sur ce relevé (supprimée, changée de date ou pointée ailleurs entre-temps). Rechargez la page.",
    );
  const wanted = new Set([
    ...ticks.entries,
    ...entries.filter((entry) => isReceivedCheque(entry) && deposits.has(entry.depositId!)).map((entry) => entry.id),
  ]);
  const ticked = (entry: (typeof entries)[number]) => tickOf(entry, statement.accountId) === statement.id;
  const tick = entries.filter((entry) => wanted.has(entry.id) && !ticked(entry));
  const untick = entries.filter((entry) => !wanted.has(entry.id) && ticked(entry));
  // Each entry on its side: the source's tick for what leaves or enters by itself, the destination's for a transfer in.
  const bySide = (list: typeof entries, source: boolean) =>
    list.filter((entry) => (entry.accountId === statement.accountId) === source).map((entry) => entry.id);
  for (const [list, value] of [
    [tick, statement.id],
    [untick, null],
  ] as const) {
    const source = bySide(list, true);
    const destination = bySide(list, false);
    if (source.length > 0) await tx.update(e).set({ statementId: value }).where(inArray(e.id, source));
    if (destination.length > 0) await tx.update(e).set({ toStatementId: value }).where(inArray(e.id, destination));
  }
  const detail = await statementDetail(statement.id, tx);
  return { ...detail!, changed: tick.length + untick.length };
}

const differenceText = (cents: number) => `Écart : ${euros(cents)}`;

/** « Enregistrer les pointages »: the ticks saved; the new difference. */
export async function saveTicks(actor: Actor, id: number, ticked: Ticks) {
  return withHistory(
    actor,
    async (tx) => applyTicks(tx, await openStatement(tx, id), ticked),
    (done) =>
      done.changed > 0 && {
        kind: "tresorerie.pointage",
        target: `relevé n° ${id}`,
        detail: `Relevé du ${formatCalendarDate(done.statement.statementDate)} de « ${done.account.name} » : ${counted(
          done.lines.filter((l) => l.ticked).length,
          "écriture pointée",
          "écritures pointées",
        )}, ${differenceText(done.differenceCents).toLowerCase()}`,
      },
  );
}

/**
 * « Valider le rapprochement »: the ticks sent saved, then the statement closed if the difference is zero; refused
 * with the difference otherwise (nothing saved: the form comes back with its ticks).
 */
export async function validateStatement(actor: Actor, id: number, ticked: Ticks) {
  return withHistory(
    actor,
    async (tx) => {
      const done = await applyTicks(tx, await openStatement(tx, id), ticked);
      if (done.differenceCents !== 0)
        throw new StatementRefusal(
          `${differenceText(done.differenceCents)} : le relevé ne peut être rapproché que lorsque l'écart est nul. Cochez les écritures que la banque montre, ou corrigez le solde du relevé.`,
        );
      await tx.update(s).set({ closedAt: new Date() }).where(eq(s.id, id));
      return done;
    },
    (done) => ({
      kind: "tresorerie.rapprochement",
      target: `relevé n° ${id}`,
      detail: `Relevé du ${formatCalendarDate(done.statement.statementDate)} de « ${done.account.name} » : solde ${euros(
        done.statement.balanceCents,
      )}, ${counted(done.lines.filter((l) => l.ticked).length, "écriture pointée", "écritures pointées")}`,
    }),
  );
}

/** « Corriger le solde » of a statement under way (a figure mistyped); the history keeps the earlier one. */
export async function changeStatementBalance(actor: Actor, id: number, balanceCents: number) {
  return withHistory(
    actor,
    async (tx) => {
      const statement = await openStatement(tx, id);
      await tx.update(s).set({ balanceCents }).where(eq(s.id, id));
      return { statement, balanceCents };
    },
    ({ statement }) =>
      statement.balanceCents !== balanceCents && {
        kind: "tresorerie.releve",
        target: `relevé n° ${id}`,
        detail: `Solde du relevé du ${formatCalendarDate(statement.statementDate)} corrigé : ${euros(
          balanceCents,
        )} (était ${euros(statement.balanceCents)})`,
      },
  );
}
