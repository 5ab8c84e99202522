import { useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { FormMessage } from "~/components/form/messages";
import { quietButtonClass } from "~/components/form/styles";
import { euros } from "~/lib/money";
import type { IntentResult } from "~/components/admin/plots/IntentForm";

export interface StatementLine {
  /** The box's name: `entry-<id>` for an entry, `remise-<id>` for a deposit of cheques (all its cheques at once). */
  name: string;
  date: string;
  label: string;
  detail: string;
  /** Signed: what the entry does to the account. */
  cents: number;
  amount: string;
  ticked: boolean;
}

/** The difference as the server words it (`differenceLabel`), computed in the browser from integer cents. */
const differenceText = (cents: number) => `Écart : ${euros(cents)}`;

/**
 * The statement's entries to tick and its figures. Without JavaScript « Enregistrer les pointages » saves the ticks and
 * the page comes back with the new difference; with it, the difference follows each box as it is ticked, and
 * « Valider le rapprochement » shows as soon as it is zero. The server checks everything again.
 */
export function StatementTicks({
  lines,
  statementDate,
  balance,
  balanceCents,
  beforeCents,
  suggested = [],
  result,
}: {
  lines: StatementLine[];
  statementDate: string;
  balance: string;
  balanceCents: number;
  beforeCents: number;
  /** The boxes a bank's CSV just suggested ticking (not saved yet). */
  suggested?: string[];
  result: IntentResult | undefined;
}) {
  const refused = result && !result.ok && (result.intent === "ticks" || result.intent === "validate") ? result : null;
  const initiallyTicked = (line: StatementLine) =>
    refused ? refused.values[line.name] === "on" : line.ticked || suggested.includes(line.name);
  const sumOf = (ticked: (line: StatementLine) => boolean) =>
    beforeCents + lines.filter(ticked).reduce((sum, line) => sum + line.cents, 0);
  const [reconciledCents, setReconciledCents] = useState(() => sumOf(initiallyTicked));
  // An action's answer (an import's suggestions, saved ticks) shows before the page's data is read again, and the
  // boxes start afresh when that reading ends: a box ticked in between would be lost, so none can be.
  const updating = useNavigation().state !== "idle";
  const differenceCents = balanceCents - reconciledCents;
  const follow = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    setReconciledCents(sumOf((line) => form.get(line.name) === "on"));
  };
  return (
    <Form method="post" onChange={follow} className="space-y-4">
      {refused ? <FormMessage message={refused.message} /> : null}
      <dl className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-3" aria-live="polite">
        <div>
          <dt className="text-sm text-stone-600">Solde du relevé au {statementDate}</dt>
          <dd className="font-semibold tabular-nums">{balance}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Solde pointé</dt>
          <dd className="font-semibold tabular-nums">{euros(reconciledCents)}</dd>
        </div>
        <div>
          <dt className="sr-only">Écart</dt>
          <dd className={`text-lg font-bold tabular-nums ${differenceCents === 0 ? "text-brand-800" : "text-red-800"}`}>
            {differenceText(differenceCents)}
          </dd>
        </div>
      </dl>
      <fieldset disabled={updating} aria-busy={updating || undefined}>
        <legend className="font-semibold text-stone-900">Cochez les écritures qui figurent sur le relevé</legend>
        {lines.length === 0 ? (
          <p className="mt-2 text-stone-700">Aucune écriture à pointer jusqu'à cette date.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200">
            {lines.map((line) => (
              <li key={line.name}>
                <label className="flex cursor-pointer items-start gap-3 py-2">
                  <input
                    type="checkbox"
                    name={line.name}
                    defaultChecked={initiallyTicked(line)}
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    {line.label}
                    <span className="block text-sm text-stone-600">
                      {line.date}
                      {line.detail ? ` · ${line.detail}` : ""}
                    </span>
                  </span>
                  <span
                    className={`font-semibold whitespace-nowrap tabular-nums ${line.cents < 0 ? "text-red-800" : "text-stone-900"}`}
                  >
                    {line.cents > 0 ? "+" : ""}
                    {line.amount}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormFooter>
        <SubmitButton intent="ticks" sendsIntent className={quietButtonClass}>
          Enregistrer les pointages
        </SubmitButton>
        {differenceCents === 0 ? (
          <SubmitButton intent="validate" sendsIntent>
            Valider le rapprochement
          </SubmitButton>
        ) : null}
      </FormFooter>
    </Form>
  );
}
