import { Form } from "react-router";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { TextInput } from "~/components/form/fields";
import { buttonClass, quietButtonClass } from "~/components/form/styles";
import { anomalyAsideSchema } from "~/modules/helloasso/helloasso.schema";

interface OnlinePayment {
  id: number;
  date: string;
  amount: string;
  state: string;
  note: string;
  open: boolean;
  received: string | null;
  treatment: string;
}

/** One button's form of « Traiter ». */
function TreatButton({
  id,
  intent,
  children,
  quiet,
}: {
  id: number;
  intent: string;
  children: string;
  quiet?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="payment" value={id} />
      <button type="submit" className={quiet ? quietButtonClass : buttonClass}>
        {children}
      </button>
    </Form>
  );
}

/**
 * « Traiter » a payment HelloAsso received that was not recorded: record what was received (on its fee's page), see the
 * refund made on HelloAsso, or set it aside with a note (decision 032). Without its fee (erased), it can only be
 * refunded or set aside.
 */
export function TreatAnomaly({
  id,
  received,
  withFee,
  result,
}: {
  id: number;
  received: string;
  withFee: boolean;
  result: IntentResult | undefined;
}) {
  return (
    <div className="mt-2 space-y-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
      <p className="font-semibold text-amber-950">
        {withFee
          ? `À traiter : HelloAsso a reçu ${received}. Tant que ce paiement attend, la cotisation n'est ni en retard ni relancée.`
          : `À traiter : HelloAsso a reçu ${received} pour une cotisation effacée depuis. Remboursez-le, ou passez le montant dans la trésorerie et mettez-le de côté.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {withFee && (
          <TreatButton id={id} intent="anomaly-record">
            {`Enregistrer le montant reçu (${received})`}
          </TreatButton>
        )}
        <TreatButton id={id} intent="anomaly-refund" quiet>
          J'ai remboursé sur HelloAsso : vérifier
        </TreatButton>
      </div>
      <IntentForm
        intent="anomaly-aside"
        schema={anomalyAsideSchema}
        result={result}
        order={["note"]}
        submit="Mettre de côté"
        className="space-y-2"
      >
        <input type="hidden" name="payment" value={id} />
        <TextInput name="note" label="Ou mettre de côté, avec une note" />
      </IntentForm>
    </div>
  );
}

/** « Paiements en ligne » of a fee: each payment started on HelloAsso's page, what became of it, and what awaits. */
export function OnlinePayments({ payments, result }: { payments: OnlinePayment[]; result: IntentResult | undefined }) {
  return (
    <ul className="divide-y divide-stone-200">
      {payments.map((p) => (
        <li key={p.id} className="py-2">
          <strong>{p.state}</strong> — {p.amount}, commencé le {p.date}
          {p.note ? <span className="block text-sm text-stone-600 [overflow-wrap:anywhere]">{p.note}</span> : null}
          {p.treatment ? <span className="block text-sm text-stone-700">{p.treatment}</span> : null}
          {p.open ? <TreatAnomaly id={p.id} received={p.received ?? p.amount} withFee result={result} /> : null}
        </li>
      ))}
    </ul>
  );
}
