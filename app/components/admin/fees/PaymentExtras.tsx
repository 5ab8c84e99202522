import { Link } from "react-router";
import { Checkbox, TextInput } from "~/components/form/fields";

/**
 * Around a payment's fields: the cheque's number and bank show only while « Chèque » is the chosen means (CSS
 * `:has()`, without JavaScript too).
 */
export const chequeSwitchClass = "space-y-4 [&:has(option[value=cheque]:checked)_.cheque-fields]:grid";

/** A cheque's number and bank (optional: the deposit asks for what is missing). */
export function ChequeFields() {
  return (
    <div className="cheque-fields hidden gap-4 sm:grid-cols-2">
      <TextInput name="chequeNumber" label="N° du chèque" inputMode="numeric" autoComplete="off" />
      <TextInput name="chequeBank" label="Banque" autoComplete="off" />
    </div>
  );
}

/** « Envoyer le reçu par e-mail »: ticked by default when the gardener has an address. */
export function ReceiptBox({ hasEmail }: { hasEmail: boolean }) {
  return (
    <Checkbox name="sendReceipt">
      Envoyer le reçu par e-mail
      <span className="block text-sm text-stone-600">
        {hasEmail
          ? "Le reçu est établi et part, en pièce jointe, à l'adresse du jardinier."
          : "Le jardinier n'a pas d'adresse e-mail : le reçu sera établi, à télécharger pour le remettre."}
      </span>
    </Checkbox>
  );
}

/** A payment's link to its receipt's page: « Reçu n° 2027-0007 » once made, « Reçu » before. */
export function ReceiptLink({
  receipt,
  what,
}: {
  receipt: { entryId: number; number: string } | null;
  /** What the payment is, for screen readers. */
  what: string;
}) {
  if (!receipt) return null;
  return (
    <Link
      to={`/admin/tresorerie/ecritures/${receipt.entryId}/recu`}
      className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
    >
      {receipt.number ? `Reçu n° ${receipt.number}` : "Reçu"}
      <span className="sr-only"> : {what}</span>
    </Link>
  );
}
