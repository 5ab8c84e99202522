import { Link } from "react-router";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Checkbox, DateTimeInput, FormFields, TextInput } from "~/components/form/fields";
import type { IntentResult } from "~/components/admin/plots/IntentForm";

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

/**
 * « Annuler ce paiement », after a confirmation that says what it cancels: the payment, its entry in the book (by
 * number) and its receipt, which stays numbered, marked « ANNULÉ », its recipient told.
 */
export function UndoPaymentButton({
  paymentId,
  what,
  receipt,
}: {
  paymentId: number;
  /** « 20,00 € du 2 mars 2026 ». */
  what: string;
  receipt: { entryId: number; number: string } | null;
}) {
  const entry = receipt ? `son écriture n° ${receipt.entryId} est supprimée du livre` : "";
  const cancelled = receipt?.number
    ? ` et le reçu n° ${receipt.number} est annulé : il garde son numéro, marqué « ANNULÉ », et la personne est prévenue si elle l'avait reçu`
    : "";
  return (
    <ConfirmDialog
      trigger="Annuler ce paiement"
      triggerName={`Annuler ce paiement : ${what}`}
      title="Annuler ce paiement ?"
      message={`Le paiement de ${what} est retiré de la cotisation${entry ? ` ; ${entry}` : ""}${cancelled}. La cotisation redevient due d'autant.`}
      confirm="Annuler le paiement"
      fields={{ intent: "undo-payment", paymentId: String(paymentId) }}
      triggerClassName="min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
    />
  );
}

/**
 * « Chèque impayé », for a cheque already in a deposit: the day the bank returned it and why, after a confirmation that
 * says what it does (the amount taken back out of the account, the fee owed again, the receipt cancelled). A refusal
 * brings back what was typed, with its message, into this payment's form.
 */
export function BouncedChequeButton({
  paymentId,
  what,
  depositedOn,
  receipt,
  today,
  result,
  ofFee,
}: {
  paymentId: number;
  /** « 45,00 € du 2 mars 2026 ». */
  what: string;
  /** A fee's payment (owed again once removed), not an entry budget's or a cabin's. */
  ofFee: boolean;
  depositedOn: string;
  receipt: { entryId: number; number: string } | null;
  today: string;
  result: IntentResult | undefined;
}) {
  const refused =
    result && !result.ok && result.intent === "bounced-cheque" && result.values.paymentId === String(paymentId)
      ? result
      : null;
  const cancelled = receipt?.number
    ? `, et le reçu n° ${receipt.number} est annulé (la personne est prévenue si elle l'avait reçu)`
    : "";
  return (
    <ConfirmDialog
      trigger="Chèque impayé"
      triggerName={`Chèque impayé : ${what}`}
      title="Enregistrer un chèque impayé ?"
      message={`Le chèque de ${what}, remis en banque le ${depositedOn}, est repris du compte à la date du rejet ; le paiement est retiré${ofFee ? ", la cotisation redevient due d'autant" : ""}${cancelled}.`}
      confirm="Enregistrer le rejet"
      fields={{ intent: "bounced-cheque", paymentId: String(paymentId) }}
      triggerClassName="min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
    >
      <FormFields
        key={refused ? "refused" : "fresh"}
        state={{
          id: `rejet-${paymentId}`,
          errors: refused?.errors ?? {},
          values: refused?.values ?? { bouncedOn: today },
        }}
      >
        <DateTimeInput name="bouncedOn" type="date" label="Rejeté par la banque le" required />
        <TextInput name="reason" label="Motif" hint="Sans provision, signature manquante…" autoComplete="off" />
      </FormFields>
    </ConfirmDialog>
  );
}

/** What takes a payment back: « Annuler ce paiement », or « Chèque impayé » once its cheque is in a deposit. */
export function TakeBackPayment({
  payment,
  ofFee,
  today,
  result,
}: {
  payment: {
    id: number;
    amount: string;
    paidOn: string;
    receipt: { entryId: number; number: string } | null;
    depositedOn: string | null;
  };
  ofFee: boolean;
  today: string;
  result: IntentResult | undefined;
}) {
  const what = `${payment.amount} du ${payment.paidOn}`;
  return payment.depositedOn ? (
    <BouncedChequeButton
      paymentId={payment.id}
      what={what}
      depositedOn={payment.depositedOn}
      ofFee={ofFee}
      receipt={payment.receipt}
      today={today}
      result={result}
    />
  ) : (
    <UndoPaymentButton paymentId={payment.id} what={what} receipt={payment.receipt} />
  );
}
