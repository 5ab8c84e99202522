import { TextInput } from "~/components/form/fields";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { statementBalanceFormSchema } from "~/modules/treasury/reconciliation.schema";

/** « Corriger le solde »: a statement's balance mistyped, corrected while it is under way. */
export function StatementBalanceForm({ balance, result }: { balance: string; result: IntentResult | undefined }) {
  return (
    <details
      className="rounded-lg border border-stone-200 p-3"
      open={result?.ok === false && result.intent === "balance"}
    >
      <summary className="cursor-pointer font-semibold text-brand-800">Corriger le solde du relevé</summary>
      <div className="mt-3">
        <IntentForm
          intent="balance"
          schema={statementBalanceFormSchema}
          result={result}
          values={{ balance }}
          order={["balance"]}
          submit="Corriger le solde"
        >
          <TextInput name="balance" label="Solde du relevé (€)" autoComplete="off" required />
        </IntentForm>
      </div>
    </details>
  );
}
