import { DateTimeInput, Select, TextInput } from "~/components/form/fields";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { statementFormSchema } from "~/modules/treasury/reconciliation.schema";

/** « Nouveau relevé »: the account, the statement's date and its ending balance. */
export function StatementForm({
  accounts,
  values,
  result,
}: {
  accounts: readonly (readonly [string, string])[];
  values: Record<string, string>;
  result: IntentResult | undefined;
}) {
  return (
    <IntentForm
      intent="statement"
      schema={statementFormSchema}
      result={result}
      values={values}
      order={["accountId", "statementDate", "balance"]}
      submit="Ajouter le relevé"
    >
      <Select name="accountId" label="Compte" options={accounts} placeholder={null} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeInput name="statementDate" type="date" label="Date du relevé" required />
        <TextInput
          name="balance"
          label="Solde du relevé à sa date (€)"
          hint="Le solde final imprimé sur le relevé ; précédé de - s'il est débiteur."
          inputMode="text"
          autoComplete="off"
          required
        />
      </div>
    </IntentForm>
  );
}
