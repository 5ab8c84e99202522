import { Form, Link } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { DateTimeInput, FormFields, Select } from "~/components/form/fields";
import { ErrorSummary } from "~/components/form/messages";
import { PAYMENT_MEANS_LABELS } from "~/modules/register/fees.labels";
import type { IntentResult } from "~/components/admin/plots/IntentForm";
import { linkClass } from "./fee-ui";

interface Fee {
  id: number;
  /** Null once the record is erased (the amounts stay for the accounts). */
  gardenerId: number | null;
  name: string;
  left: boolean;
  plots: string;
  called: string;
  owes: boolean;
  state: string;
  late: boolean;
  anomaly: boolean;
  due: string;
  reason: string;
  means: string;
  /** A payment came through HelloAsso. */
  online: boolean;
  reminded: string;
}

/** Who, linked to the fee's page (payments, waiver, cancellation). */
function FeeName({ fee }: { fee: Fee }) {
  return (
    <Link to={`/admin/cotisations/${fee.id}`} className={linkClass}>
      {fee.name}
    </Link>
  );
}

/** The mark of a fee paid, in whole or part, through HelloAsso. */
function OnlineMark({ fee }: { fee: Fee }) {
  return fee.online ? (
    <span className="ml-1 inline-block rounded bg-brand-50 px-1.5 text-xs font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-100">
      en ligne
    </span>
  ) : null;
}

/**
 * A year's fees: those still owed to tick (their balance paid on a date, by a means), each with called, what remains
 * and « en retard » after the due date; then the settled, waived and cancelled ones when the screen asked for them.
 */
export function FeeList({ fees, today, result }: { fees: Fee[]; today: string; result: IntentResult | undefined }) {
  if (fees.length === 0) return <p className="text-stone-700">Aucune cotisation à régler.</p>;
  const refused = result && !result.ok && result.intent === "paid" ? result : undefined;
  const owing = fees.filter((f) => f.owes);
  const ticked = new Set(refused?.values.fees?.split(",") ?? []);
  const settled = fees.filter((f) => !f.owes);
  return (
    <div className="space-y-6">
      {owing.length > 0 && (
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
              <legend className="font-semibold text-stone-900">
                À régler : cochez celles réglées en entier (un paiement partiel s'enregistre sur la cotisation)
              </legend>
              <ul className="mt-2 divide-y divide-stone-200">
                {owing.map((f) => (
                  <li key={f.id} className="flex flex-wrap items-center gap-3 py-2">
                    <input
                      defaultChecked={ticked.has(String(f.id))}
                      id={`cotisation-${f.id}`}
                      type="checkbox"
                      name="fees"
                      value={f.id}
                      aria-label={`${f.name} : réglée en entier`}
                      className="size-5 accent-brand-700"
                    />
                    <div className="min-w-0 flex-1">
                      <FeeName fee={f} /> — {f.called}, <strong className="whitespace-nowrap">{f.state}</strong>
                      {f.late && <strong className="text-red-800"> · en retard</strong>}
                      {f.anomaly && (
                        <Link
                          to={`/admin/cotisations/${f.id}#en-ligne`}
                          className="font-semibold text-amber-900 underline"
                        >
                          {" "}
                          · paiement HelloAsso à traiter
                        </Link>
                      )}
                      <OnlineMark fee={f} />
                      <span className="block text-sm text-stone-600">
                        {f.left ? "Parti" : f.plots || "Plus de parcelle"}
                        {` · à régler avant le ${f.due}`}
                        {f.reminded ? ` · rappel envoyé le ${f.reminded}` : ""}
                        {f.reason ? ` · ${f.reason}` : ""}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <DateTimeInput name="paidOn" type="date" label="Payées le" required />
              <Select name="means" label="Moyen de paiement" options={Object.entries(PAYMENT_MEANS_LABELS)} required />
            </div>
            <FormFooter>
              <SubmitButton intent="paid">Marquer comme réglées</SubmitButton>
            </FormFooter>
          </FormFields>
        </Form>
      )}
      {settled.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left font-semibold text-stone-900">
              Réglées, exonérées ou annulées ({settled.length})
            </caption>
            <thead className="border-b border-stone-300 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Jardinier
                </th>
                <th scope="col" className="py-2 pr-3">
                  Appelé
                </th>
                <th scope="col" className="py-2 pr-3">
                  État
                </th>
                <th scope="col" className="py-2 pr-3">
                  Moyen
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {settled.map((f) => (
                <tr key={f.id}>
                  <td className="py-2 pr-3">
                    <FeeName fee={f} />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{f.called}</td>
                  <td className="py-2 pr-3">
                    {f.state}
                    {f.reason ? ` (${f.reason})` : ""}
                    <OnlineMark fee={f} />
                  </td>
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
