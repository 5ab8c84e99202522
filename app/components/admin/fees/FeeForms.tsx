import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { DateTimeInput, Select, TextInput } from "~/components/form/fields";
import { feeCancelFormSchema, feePaymentFormSchema, feeWaiveFormSchema } from "~/modules/register/fees.schema";
import { PAYMENT_MEANS_LABELS } from "~/modules/register/fees.labels";
import { ChequeFields, chequeSwitchClass, ReceiptBox, ReceiptLink, TakeBackPayment } from "./PaymentExtras";

interface Fee {
  year: number;
  status: string;
  balanceField: string;
  owedField: string;
  /** « 20,00 € »: what was paid, which the waiver leaves as it is. */
  paid: string;
  hasEmail: boolean;
}

/** How a payment was made: its means, and its own reference where it has one (« HelloAsso, commande n° 12345 »). */
const howPaid = (p: { means: string; reference: string }) =>
  p.reference && p.means && p.reference.startsWith(p.means)
    ? p.reference
    : [p.means, p.reference].filter(Boolean).join(", ");

/**
 * A fee's payments, each undoable, or « Chèque impayé » once its cheque is in a deposit; then the cheques the bank
 * returned, which the fee no longer counts.
 */
export function FeePayments({
  payments,
  bounced,
  today,
  result,
}: {
  payments: {
    id: number;
    amount: string;
    paidOn: string;
    means: string;
    reference: string;
    receipt: { entryId: number; number: string } | null;
    depositedOn: string | null;
  }[];
  bounced: { id: number; text: string }[];
  today: string;
  result: IntentResult | undefined;
}) {
  return (
    <>
      {payments.length === 0 ? (
        <p className="text-stone-700">Aucun paiement reçu.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{p.amount}</strong> le {p.paidOn}
                {howPaid(p) ? ` (${howPaid(p)})` : ""}
                {p.depositedOn ? `, remis en banque le ${p.depositedOn}` : ""}
              </span>
              <ReceiptLink receipt={p.receipt} what={`paiement de ${p.amount} le ${p.paidOn}`} />
              <TakeBackPayment payment={p} ofFee today={today} result={result} />
            </li>
          ))}
        </ul>
      )}
      {bounced.length > 0 && (
        <>
          <h3 className="mt-4 font-bold text-stone-900">Chèques impayés</h3>
          <ul className="mt-1 list-disc pl-5 text-stone-800">
            {bounced.map((b) => (
              <li key={b.id}>{b.text}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The forms of a fee: a payment (whole or partial), « Exonérer », « Annuler l'appel ». */
export function FeeForms({ fee, today, result }: { fee: Fee; today: string; result: IntentResult | undefined }) {
  const cancelled = fee.status === "cancelled";
  return (
    <>
      <Section
        id="paiement"
        title="Enregistrer un paiement"
        description="Un paiement partiel laisse le reste à régler."
      >
        <IntentForm
          intent="pay"
          schema={feePaymentFormSchema}
          result={result}
          // The box comes back as it was sent when the form is refused (unticked: absent from what was typed).
          values={{
            amount: fee.balanceField,
            paidOn: today,
            ...(fee.hasEmail && !(result && !result.ok && result.intent === "pay") ? { sendReceipt: "on" } : {}),
          }}
          order={["amount", "paidOn", "means", "chequeNumber", "chequeBank", "sendReceipt"]}
          submit="Enregistrer le paiement"
          className={chequeSwitchClass}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextInput name="amount" label="Montant reçu (€)" required autoComplete="off" />
            <DateTimeInput name="paidOn" type="date" label="Reçu le" required />
            <Select name="means" label="Moyen de paiement" options={Object.entries(PAYMENT_MEANS_LABELS)} required />
          </div>
          <ChequeFields />
          <ReceiptBox hasEmail={fee.hasEmail} />
        </IntentForm>
      </Section>
      {!cancelled && (
        <Section
          id="exonerer"
          title="Exonérer"
          description="Ce qui reste à payer une fois l'exonération accordée (0 pour ne plus rien demander) et la raison, qui reste écrite sur la cotisation."
        >
          <IntentForm
            intent="waive"
            schema={feeWaiveFormSchema}
            result={result}
            values={{ remaining: "0" }}
            order={["remaining", "reason"]}
            submit="Exonérer"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                name="remaining"
                label="Reste à payer après exonération (€)"
                required
                autoComplete="off"
                hint={`Ce que le jardinier doit encore payer, en plus des ${fee.paid} déjà payés (0 : plus rien).`}
              />
              <TextInput name="reason" label="Raison de l'exonération" required autoComplete="off" />
            </div>
          </IntentForm>
        </Section>
      )}
      {!cancelled && (
        <Section
          id="annuler"
          title="Annuler l'appel"
          description="Plus rien n'est dû ; un paiement déjà reçu apparaît comme trop-perçu."
        >
          <IntentForm
            intent="cancel"
            schema={feeCancelFormSchema}
            result={result}
            order={["reason"]}
            submit="Annuler l'appel"
          >
            <TextInput name="reason" label="Raison de l'annulation" required autoComplete="off" />
          </IntentForm>
        </Section>
      )}
    </>
  );
}
