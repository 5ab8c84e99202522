import type { ReactNode } from "react";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { FieldError } from "~/components/form/FieldError";
import { useFieldState } from "~/components/form/fields";
import { inputClass } from "~/components/form/styles";
import { euros } from "~/lib/money";
import { budgetFieldName, budgetFormSchema } from "~/modules/treasury/year-accounts.schema";
import { TableFrame } from "./YearStatement";

export interface BudgetLine {
  id: number;
  code: string;
  label: string;
  depth: number;
}

/** A category's amount, in its table row: the label in the first cell, the field and its message in the second. */
function AmountRow({ line }: { line: BudgetLine }) {
  const name = budgetFieldName(line.id);
  const field = useFieldState(name);
  const id = `budget-${name}`;
  return (
    <tr className={line.depth === 0 ? "border-t border-stone-300" : "border-t border-stone-100"}>
      <th
        scope="row"
        className={`px-2 py-1.5 text-left align-top ${line.depth === 0 ? "font-semibold" : "font-normal"}`}
        style={{ paddingLeft: `${0.5 + line.depth * 1.25}rem` }}
      >
        <label htmlFor={id} className="block pt-3">
          {line.code} {line.label}
        </label>
      </th>
      <td className="w-36 px-2 py-1.5 align-top">
        <input
          id={id}
          name={name}
          defaultValue={field.value ?? ""}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.error ? `${id}-error` : undefined}
          // The first amount refused, so that without JavaScript the page opens on it.
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={field.autoFocus}
          className={`${inputClass} text-right tabular-nums`}
        />
        <FieldError id={`${id}-error`} message={field.error} />
      </td>
    </tr>
  );
}

/** A budget's table: a category and an amount a row, the total under them. */
function BudgetTableFrame({
  title,
  amountHead,
  totalLabel,
  totalCents,
  children,
}: {
  title: string;
  amountHead: string;
  totalLabel: string;
  totalCents: number;
  children: ReactNode;
}) {
  return (
    <TableFrame>
      <table className="w-full min-w-[20rem] border-collapse text-sm">
        <caption className="pb-2 text-left text-base font-bold text-stone-900">{title}</caption>
        <thead>
          <tr className="border-b-2 border-stone-300 bg-stone-100">
            <th scope="col" className="px-2 py-1.5 text-left font-semibold">
              Catégorie
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              {amountHead}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-400 bg-stone-50 font-bold">
            <th scope="row" className="px-2 py-1.5 text-left">
              {totalLabel}
            </th>
            <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{euros(totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

function BudgetTable({ title, lines, totalCents }: { title: string; lines: BudgetLine[]; totalCents: number }) {
  return (
    <BudgetTableFrame title={title} amountHead="Montant (€)" totalLabel="Total enregistré" totalCents={totalCents}>
      {lines.map((line) => (
        <AmountRow key={line.id} line={line} />
      ))}
    </BudgetTableFrame>
  );
}

/** « Budget prévisionnel »: an amount per category (empty: none), in a table of expenses and one of income. */
export function BudgetForm({
  income,
  expenses,
  incomeCents,
  expensesCents,
  values,
  result,
}: {
  income: BudgetLine[];
  expenses: BudgetLine[];
  incomeCents: number;
  expensesCents: number;
  values: Record<string, string>;
  result: IntentResult | undefined;
}) {
  const all = [...expenses, ...income];
  return (
    <IntentForm
      intent="budget"
      schema={budgetFormSchema(all.map((l) => l.id))}
      result={result}
      values={values}
      order={all.map((l) => budgetFieldName(l.id))}
      submit="Enregistrer le budget"
      className="space-y-6"
    >
      <BudgetTable title="Charges" lines={expenses} totalCents={expensesCents} />
      <BudgetTable title="Produits" lines={income} totalCents={incomeCents} />
    </IntentForm>
  );
}

/** A closed year's budget, read only: the categories given an amount. */
export function BudgetAmounts({
  lines,
  title,
  totalCents,
}: {
  lines: (BudgetLine & { cents: number | null })[];
  title: string;
  totalCents: number;
}) {
  const given = lines.filter((l) => l.cents !== null);
  return (
    <BudgetTableFrame title={title} amountHead="Montant" totalLabel="Total" totalCents={totalCents}>
      {given.map((line) => (
        <tr key={line.id} className="border-t border-stone-200">
          <th
            scope="row"
            className={`px-2 py-1.5 text-left ${line.depth === 0 ? "font-semibold" : "font-normal"}`}
            style={{ paddingLeft: `${0.5 + line.depth * 1.25}rem` }}
          >
            {line.code} {line.label}
          </th>
          <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{euros(line.cents ?? 0)}</td>
        </tr>
      ))}
    </BudgetTableFrame>
  );
}
