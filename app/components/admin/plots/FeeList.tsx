import { Form, Link } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { DateTimeInput, FormFields, Select } from "~/components/form/fields";
import { ErrorSummary } from "~/components/form/messages";
import { PAYMENT_MEANS_LABELS } from "~/modules/plots/plots.labels";
import type { IntentResult } from "./IntentForm";

interface Fee {
  id: number;
  /** Null once the record is erased (the amount stays for the accounts). */
  gardenerId: number | null;
  name: string;
  plots: string;
  amount: string;
  paidOn: string;
  means: string;
  reminded: string;
}

/** A year's fees: the unpaid ones to tick (paid on a date, by a means), then the paid ones. */
export function FeeList({ fees, today, result }: { fees: Fee[]; today: string; result: IntentResult | undefined }) {
  if (fees.length === 0) return <p className="text-stone-700">Aucune cotisation appelée pour cette année.</p>;
  const refused = result && !result.ok && result.intent === "paid" ? result : undefined;
  const unpaid = fees.filter((f) => !f.paidOn);
  const ticked = new Set(refused?.values.fees?.split(",") ?? []);
  const paid = fees.filter((f) => f.paidOn);
  return (
    <div className="space-y-6">
      {unpaid.length > 0 && (
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="paid" />
          <FormFields
            state={{
              id: "payees",
              errors: refused?.errors ?? {},
              values: refused?.values ?? { paidOn: today },
              order: ["fees", "paidOn", "means"],
            }}
          >
            <ErrorSummary />
            <fieldset id="payees-fees">
              <legend className="font-semibold text-stone-900">À régler : cochez celles qui sont payées</legend>
              <ul className="mt-2 divide-y divide-stone-200">
                {unpaid.map((f) => (
                  <li key={f.id} className="flex flex-wrap items-center gap-3 py-2">
                    <input
                      defaultChecked={ticked.has(String(f.id))}
                      id={`cotisation-${f.id}`}
                      type="checkbox"
                      name="fees"
                      value={f.id}
                      className="size-5 accent-brand-700"
                    />
                    <label htmlFor={`cotisation-${f.id}`} className="min-w-0 flex-1">
                      <strong>{f.name}</strong> — {f.amount}
                      <span className="block text-sm text-stone-600">
                        {f.plots || "Plus de parcelle"}
                        {f.reminded ? ` · rappel envoyé le ${f.reminded}` : ""}
                      </span>
                    </label>
                    {f.gardenerId !== null && (
                      <Link
                        to={`/admin/jardiniers/${f.gardenerId}`}
                        className="text-sm font-semibold text-brand-800 underline underline-offset-2"
                      >
                        Fiche<span className="sr-only"> de {f.name}</span>
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <DateTimeInput name="paidOn" type="date" label="Payées le" required />
              <Select name="means" label="Moyen de paiement" options={Object.entries(PAYMENT_MEANS_LABELS)} required />
            </div>
            <FormFooter>
              <SubmitButton intent="paid">Marquer comme payées</SubmitButton>
            </FormFooter>
          </FormFields>
        </Form>
      )}
      {paid.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-semibold text-stone-900">Payées ({paid.length})</caption>
            <thead className="border-b border-stone-300 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Jardinier
                </th>
                <th scope="col" className="py-2 pr-3">
                  Montant
                </th>
                <th scope="col" className="py-2 pr-3">
                  Payée le
                </th>
                <th scope="col" className="py-2 pr-3">
                  Moyen
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {paid.map((f) => (
                <tr key={f.id}>
                  <td className="py-2 pr-3">
                    {f.gardenerId === null ? (
                      <span className="italic">{f.name}</span>
                    ) : (
                      <Link
                        to={`/admin/jardiniers/${f.gardenerId}`}
                        className="font-semibold text-brand-800 underline underline-offset-2"
                      >
                        {f.name}
                      </Link>
                    )}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{f.amount}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{f.paidOn}</td>
                  <td className="py-2 pr-3">{f.means}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
