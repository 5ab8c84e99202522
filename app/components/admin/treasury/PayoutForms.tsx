import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Checkbox, DateTimeInput, Select, TextInput, useFormState } from "~/components/form/fields";
import { FieldError } from "~/components/form/FieldError";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { de } from "~/lib/text";
import { payoutBrowserSchema } from "~/modules/treasury/payouts.schema";

export interface PaymentAwaitingPayout {
  id: number;
  date: string;
  label: string;
  payer: string;
  reference: string;
  amount: string;
}

/** The payments to tick, with the message when none is. */
function PaymentBoxes({ payments }: { payments: PaymentAwaitingPayout[] }) {
  const { errors } = useFormState();
  return (
    <fieldset id="payout-payments" aria-describedby={errors.payments ? "payout-payments-error" : undefined}>
      <legend className="font-semibold text-stone-900">
        Cochez les paiements que le versement contient, tels que HelloAsso les détaille
      </legend>
      <FieldError id="payout-payments-error" message={errors.payments} />
      <ul className="mt-2 divide-y divide-stone-200">
        {payments.map((p) => (
          <li key={p.id} aria-label={`Paiement ${de(p.payer || p.label)}, ${p.amount}`} className="py-3">
            <Checkbox name={`paiement-${p.id}`}>
              <strong>{p.payer || p.label}</strong> — <strong className="whitespace-nowrap">{p.amount}</strong>
              <span className="block text-sm text-stone-600">
                {p.label} · payé le {p.date}
                {p.reference ? ` · ${p.reference}` : ""}
              </span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * « Enregistrer le versement »: the payments it holds, the bank account, the day it reached it and the fees HelloAsso
 * kept. Sent back by the server with every box and field as they were when it refuses.
 */
export function PayoutForm({
  payments,
  accounts,
  values,
  result,
}: {
  payments: PaymentAwaitingPayout[];
  accounts: readonly (readonly [string, string])[];
  values: Record<string, string>;
  result: IntentResult | undefined;
}) {
  return (
    <IntentForm
      intent="payout"
      schema={payoutBrowserSchema}
      result={result}
      values={values}
      emptyAfterDone
      order={["payments", "accountId", "paidOn", "fees"]}
      submit="Enregistrer le versement"
    >
      <PaymentBoxes payments={payments} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select name="accountId" label="Versé sur le compte" options={accounts} placeholder={null} required />
        <DateTimeInput name="paidOn" type="date" label="Date sur le relevé" required />
        <TextInput
          name="fees"
          label="Frais retenus par HelloAsso (€)"
          hint="Laissez vide s'il n'en a retenu aucun."
          autoComplete="off"
        />
      </div>
    </IntentForm>
  );
}

export interface PayoutRow {
  id: number;
  date: string;
  bank: string;
  summary: string;
  ticked: boolean;
}

/** The payouts recorded, newest first; one not yet ticked on a statement can be cancelled. */
export function PayoutList({ payouts }: { payouts: PayoutRow[] }) {
  if (payouts.length === 0) return <p className="text-stone-700">Aucun versement enregistré pour le moment.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {payouts.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <strong>Versement du {p.date}</strong> sur {p.bank} · <span className="whitespace-nowrap">{p.summary}</span>
            {p.ticked ? <span className="block text-sm text-stone-600">Pointé sur un relevé bancaire</span> : null}
          </span>
          {!p.ticked && (
            <ConfirmDialog
              trigger="Annuler ce versement"
              triggerName={`Annuler ce versement du ${p.date}`}
              title="Annuler ce versement ?"
              message={`Le virement du ${p.date} est retiré du livre et ses paiements redeviennent « à recevoir de HelloAsso ».`}
              confirm="Annuler le versement"
              fields={{ intent: "cancel-payout", payoutId: String(p.id) }}
              triggerClassName="min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
