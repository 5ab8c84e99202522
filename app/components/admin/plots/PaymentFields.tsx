import { DateTimeInput, Select, TextInput } from "~/components/form/fields";
import { PAYMENT_KIND_LABELS, PAYMENT_MEANS_LABELS } from "~/modules/register/fees.labels";
import { ChequeFields, ReceiptBox } from "~/components/admin/fees/PaymentExtras";

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

/** A payment's fields with the cheque's number and bank (shown for a cheque) and the receipt's box. */
export function PaymentWithReceiptFields({ hasEmail }: { hasEmail: boolean }) {
  return (
    <>
      <PaymentFields />
      <ChequeFields />
      <ReceiptBox hasEmail={hasEmail} />
    </>
  );
}
