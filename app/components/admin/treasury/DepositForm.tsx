import { Checkbox, DateTimeInput, Select, TextInput, useFormState } from "~/components/form/fields";
import { de } from "~/lib/text";
import { FieldError } from "~/components/form/FieldError";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { depositBrowserSchema } from "~/modules/treasury/deposits.schema";

export interface ChequeToDeposit {
  id: number;
  date: string;
  payer: string;
  label: string;
  amount: string;
}

/** The box listing the cheques, with the message when none is ticked. */
function ChequeBoxes({ cheques }: { cheques: ChequeToDeposit[] }) {
  const { errors } = useFormState();
  return (
    <fieldset id="deposit-cheques" aria-describedby={errors.cheques ? "deposit-cheques-error" : undefined}>
      <legend className="font-semibold text-stone-900">
        Cochez les chèques que vous remettez, et complétez leur numéro et leur banque
      </legend>
      <FieldError id="deposit-cheques-error" message={errors.cheques} />
      <ul className="mt-2 divide-y divide-stone-200">
        {cheques.map((c) => (
          <li key={c.id} aria-label={`Chèque ${de(c.payer || c.label)}, ${c.amount}`} className="space-y-2 py-3">
            <Checkbox name={`cheque-${c.id}`}>
              <strong>{c.payer || "Tireur inconnu"}</strong> — <strong className="whitespace-nowrap">{c.amount}</strong>
              <span className="block text-sm text-stone-600">
                {c.label} · reçu le {c.date}
              </span>
            </Checkbox>
            <div className="grid gap-3 pl-8 sm:grid-cols-2">
              <TextInput name={`numero-${c.id}`} label="N° du chèque" inputMode="numeric" autoComplete="off" />
              <TextInput name={`banque-${c.id}`} label="Banque" autoComplete="off" />
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * « Chèques à remettre »: each cheque to tick, its number and bank to complete, the bank account and the date of the
 * deposit. Sent back by the server with every field as typed when it refuses.
 */
export function DepositForm({
  cheques,
  accounts,
  values,
  result,
}: {
  cheques: ChequeToDeposit[];
  accounts: readonly (readonly [string, string])[];
  values: Record<string, string>;
  result: IntentResult | undefined;
}) {
  return (
    <IntentForm
      intent="deposit"
      schema={depositBrowserSchema}
      result={result}
      values={values}
      order={["cheques", ...cheques.flatMap((c) => [`numero-${c.id}`, `banque-${c.id}`]), "accountId", "depositedOn"]}
      submit="Créer la remise"
    >
      <ChequeBoxes cheques={cheques} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select name="accountId" label="Compte crédité" options={accounts} placeholder={null} required />
        <DateTimeInput name="depositedOn" type="date" label="Date de la remise" required />
      </div>
    </IntentForm>
  );
}
