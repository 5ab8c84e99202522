import { DateTimeInput, Select, TextInput } from "~/components/form/fields";
import { PAYMENT_KIND_LABELS, PAYMENT_MEANS_LABELS } from "~/modules/register/plots.labels";

/** A payment's fields: what, which year, how much, when, how. */
export function PaymentFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Select name="kind" label="Paiement" options={Object.entries(PAYMENT_KIND_LABELS)} placeholder={null} />
      <TextInput name="year" label="Année" required inputMode="numeric" autoComplete="off" />
      <TextInput
        name="amount"
        label="Montant (€)"
        required
        inputMode="text"
        autoComplete="off"
        hint="Par exemple 25 ou 12,50."
      />
      <DateTimeInput name="paidOn" type="date" label="Payé le" required />
      <Select name="means" label="Moyen de paiement" options={Object.entries(PAYMENT_MEANS_LABELS)} required />
    </div>
  );
}
