import type { ReactNode } from "react";
import { euros } from "~/lib/money";
import type { StatementLine, StatementSide, YearAccounts } from "~/modules/treasury/year-accounts.server";

// The year's accounts as tables: the income statement (N, N−1, budget, difference), the accounts' balances, what the
// register says is still owed, and the volunteer hours valued apart. Each total is the sum of the lines above it.

const cell = "px-2 py-1.5 text-right whitespace-nowrap tabular-nums";
// The line's name stays in view while a phone scrolls the figures, on its row's own background, narrower there.
const rowHead = "sticky left-0 z-10 max-w-40 sm:max-w-none";
const headCell = "px-2 sm:w-28 py-1.5 text-right font-semibold";
const signed = (cents: number) => (cents > 0 ? `+${euros(cents)}` : euros(cents));

/** A wide table scrolls sideways on a phone, and can be scrolled with the keyboard. */
export function TableFrame({ children }: { children: ReactNode }) {
  return (
    // A phone scrolls the table sideways: focusable, so that the keyboard can scroll it too (WCAG 2.1.1).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A row's four figures: the year, the year before, the budget, and the difference to the budget. A year before with no
 * entry in the book (the first year kept here) is a dash, not zeros that would read as a year of nothing.
 */
function FigureCells({
  figures,
  previousKept,
}: {
  figures: { cents: number; previousCents: number; budgetCents: number };
  previousKept: boolean;
}) {
  return (
    <>
      <td className={cell}>{euros(figures.cents)}</td>
      <td className={cell}>
        {previousKept ? (
          euros(figures.previousCents)
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">pas de comptes</span>
          </>
        )}
      </td>
      <td className={cell}>{euros(figures.budgetCents)}</td>
      <td className={cell}>{signed(figures.cents - figures.budgetCents)}</td>
    </>
  );
}

/** The header of a table of figures: its first column's title, then the year, the year before, the budget, the difference. */
function FiguresHead({ first, year }: { first: string; year: number }) {
  return (
    <thead>
      <tr className="border-b-2 border-stone-300 bg-stone-100">
        <th scope="col" className={`${rowHead} bg-stone-100 px-2 py-1.5 text-left font-semibold`}>
          {first}
        </th>
        <th scope="col" className={headCell}>
          {year}
        </th>
        <th scope="col" className={headCell}>
          {year - 1}
        </th>
        <th scope="col" className={headCell}>
          Budget {year}
        </th>
        <th scope="col" className={headCell}>
          Écart
        </th>
      </tr>
    </thead>
  );
}

function LineRow({ line, previousKept }: { line: StatementLine; previousKept: boolean }) {
  const top = line.depth === 0;
  return (
    <tr className={top ? "border-t border-stone-300 font-semibold" : "text-stone-800"}>
      <th
        scope="row"
        className={`${rowHead} bg-white px-2 py-1.5 text-left ${top ? "font-semibold" : "font-normal"}`}
        style={{ paddingLeft: `${0.5 + line.depth * 1.25}rem` }}
      >
        {line.own ? <span className="italic">{line.label}</span> : `${line.code} ${line.label}`}
      </th>
      <FigureCells figures={line} previousKept={previousKept} />
    </tr>
  );
}

function SideTable({
  id,
  title,
  side,
  year,
  totalLabel,
  previousKept,
}: {
  id: string;
  title: string;
  side: StatementSide;
  year: number;
  totalLabel: string;
  previousKept: boolean;
}) {
  return (
    <TableFrame>
      <table className="w-full min-w-[36rem] border-collapse text-sm" aria-labelledby={id}>
        <caption id={id} className="pb-2 text-left text-base font-bold text-stone-900">
          {title}
        </caption>
        <FiguresHead first="Catégorie" year={year} />
        <tbody>
          {side.lines.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-2 py-2 text-stone-600">
                Aucune écriture ni budget.
              </td>
            </tr>
          ) : (
            side.lines.map((line) => <LineRow key={`${line.id}-${line.own}`} line={line} previousKept={previousKept} />)
          )}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-400 bg-stone-50 font-bold">
            <th scope="row" className={`${rowHead} bg-stone-50 px-2 py-1.5 text-left`}>
              {totalLabel}
            </th>
            <FigureCells figures={side} previousKept={previousKept} />
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

export const resultWord = (cents: number) => (cents >= 0 ? "Excédent" : "Déficit");

/** « Charges » and « Produits » side by side with the year before and the budget, then the result. */
export function IncomeStatement({ accounts }: { accounts: YearAccounts }) {
  const { year, result, previousKept } = accounts;
  return (
    <div className="space-y-6">
      <SideTable
        id="charges"
        title="Charges"
        side={accounts.expenses}
        year={year}
        totalLabel="Total des charges"
        previousKept={previousKept}
      />
      <SideTable
        id="produits"
        title="Produits"
        side={accounts.income}
        year={year}
        totalLabel="Total des produits"
        previousKept={previousKept}
      />
      <TableFrame>
        <table className="w-full min-w-[36rem] border-collapse text-sm">
          <caption className="sr-only">Résultat</caption>
          <FiguresHead first="Résultat" year={year} />
          <tbody>
            <tr className="font-bold">
              <th scope="row" className="px-2 py-1.5 text-left">
                {resultWord(result.cents)} (produits − charges)
              </th>
              <FigureCells figures={result} previousKept={previousKept} />
            </tr>
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}

/** Each account's opening, in, out and closing, and their total. */
export function AccountsTable({ accounts }: { accounts: YearAccounts }) {
  const t = accounts.accountTotals;
  if (accounts.accounts.length === 0)
    return <p className="text-stone-700">Aucun compte n'était tenu ici en {accounts.year}.</p>;
  return (
    <TableFrame>
      <table className="w-full min-w-[34rem] border-collapse text-sm">
        <caption className="sr-only">Soldes des comptes en {accounts.year}</caption>
        <thead>
          <tr className="border-b-2 border-stone-300 bg-stone-100">
            <th scope="col" className="px-2 py-1.5 text-left font-semibold">
              Compte
            </th>
            <th scope="col" className={headCell}>
              Ouverture
            </th>
            <th scope="col" className={headCell}>
              Entrées
            </th>
            <th scope="col" className={headCell}>
              Sorties
            </th>
            <th scope="col" className={headCell}>
              Clôture
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.accounts.map((a) => (
            <tr key={a.id} className="border-t border-stone-200">
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {a.code} {a.name}
              </th>
              <td className={cell}>{euros(a.openingCents)}</td>
              <td className={cell}>{euros(a.inCents)}</td>
              <td className={cell}>{euros(a.outCents)}</td>
              <td className={cell}>{euros(a.closingCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-400 bg-stone-50 font-bold">
            <th scope="row" className="px-2 py-1.5 text-left">
              Total
            </th>
            <td className={cell}>{euros(t.openingCents)}</td>
            <td className={cell}>{euros(t.inCents)}</td>
            <td className={cell}>{euros(t.outCents)}</td>
            <td className={cell}>{euros(t.closingCents)}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

/** « Restant dû à l'association », from the register. */
export function OwedToAssociation({ year, owedCents }: { year: number; owedCents: number }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
      <dt className="text-stone-900">Cotisations {year} non réglées</dt>
      <dd className="text-right font-semibold whitespace-nowrap tabular-nums">{euros(owedCents)}</dd>
    </dl>
  );
}
