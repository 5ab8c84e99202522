import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { PaymentWithReceiptFields } from "~/components/admin/plots/PaymentFields";
import { chequeSwitchClass, ReceiptLink, TakeBackPayment } from "./PaymentExtras";
import { Select, TextInput } from "~/components/form/fields";
import { linkClass } from "./fee-ui";
import { paymentFormSchema } from "~/modules/register/fees.schema";
import { feeRateFormSchema } from "~/modules/register/fees.schema";

interface Payment {
  id: number;
  amount: string;
  paidOn: string;
  means: string;
  receipt: { entryId: number; number: string } | null;
  depositedOn: string | null;
}

interface Money {
  hasEmail: boolean;
  statementYears: number[];
  fees: {
    id: number;
    year: number;
    called: string;
    paid: string;
    state: string;
    late: boolean;
    due: string;
    rate: string;
    reason: string;
    payments: Payment[];
    bounced: string[];
  }[];
  others: (Payment & { what: string })[];
  bouncedOthers: string[];
  rates: { id: number; what: string; amount: string; reason: string }[];
}

const undoClass = "min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2";

/**
 * A gardener's record, the money: fees with their balance, other payments, particular rates, and the forms; read
 * only without `editable` (a referent: the fees are the treasurer's).
 */
export function GardenerFees({
  gardenerId,
  money,
  plots,
  year,
  today,
  result,
  editable,
}: {
  gardenerId: number;
  money: Money;
  /** The payment and rate forms are shown, and each fee's page is linked (both need `fees`). */
  editable: boolean;
  /** The gardener's current plots, for a plot's rate. */
  plots: (readonly [string, string])[];
  year: number;
  today: string;
  result: IntentResult | undefined;
}) {
  return (
    <Section
      id="paiements"
      title="Cotisations et paiements"
      description="Ce qui est appelé et ce qui est reçu, tel que le bureau le note : cotisations, budget d'entrée, reprise de cabane."
    >
      {money.fees.length === 0 ? (
        <p className="text-stone-700">Aucune cotisation appelée.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {money.fees.map((f) => (
            <li key={f.id} className="py-2">
              {editable ? (
                <Link to={`/admin/cotisations/${f.id}`} className={linkClass}>
                  Cotisation {f.year}
                </Link>
              ) : (
                <span className="font-semibold">Cotisation {f.year}</span>
              )}{" "}
              : {f.called} appelés, {f.paid} reçus —{" "}
              <strong className={f.late ? "text-red-800" : undefined}>
                {f.state}
                {f.late ? `, en retard (à régler avant le ${f.due})` : ""}
              </strong>
              <span className="block text-sm text-stone-600">
                {f.rate ? `Tarif : ${f.rate}` : ""}
                {f.reason ? ` · ${f.reason}` : ""}
              </span>
              {f.payments.length > 0 && (
                <ul className="mt-1 ml-4">
                  {f.payments.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center gap-x-2">
                      <span>
                        {p.amount} payé le {p.paidOn}
                        {p.means ? ` (${p.means})` : ""}
                      </span>
                      {editable && (
                        <ReceiptLink receipt={p.receipt} what={`cotisation ${f.year}, ${p.amount} le ${p.paidOn}`} />
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <BouncedList lines={f.bounced} />
            </li>
          ))}
        </ul>
      )}
      {money.others.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-200">
          {money.others.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{p.what}</strong> : {p.amount} — payé le {p.paidOn}
                {p.means ? ` (${p.means})` : ""}
                {editable && <ReceiptLink receipt={p.receipt} what={p.what} />}
              </span>
              {editable && <TakeBackPayment payment={p} ofFee={false} today={today} result={result} />}
            </li>
          ))}
        </ul>
      )}
      <BouncedList lines={money.bouncedOthers} />
      {editable && money.statementYears.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-1">
          {money.statementYears.map((y) => (
            <li key={y}>
              <a
                href={`/admin/tresorerie/attestation?jardinier=${gardenerId}&annee=${y}`}
                className={linkClass}
                download
              >
                Attestation de paiement {y}
              </a>
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <>
          <h3 className="mt-6 font-bold text-stone-900">Enregistrer un paiement</h3>
          <IntentForm
            intent="payment"
            schema={paymentFormSchema}
            result={result}
            // The box comes back as it was sent when the form is refused (unticked: absent from what was typed).
            values={{
              kind: "cotisation",
              year: String(year),
              paidOn: today,
              ...(money.hasEmail && !(result && !result.ok && result.intent === "payment")
                ? { sendReceipt: "on" }
                : {}),
            }}
            order={["kind", "year", "amount", "paidOn", "means", "chequeNumber", "chequeBank", "sendReceipt"]}
            submit="Enregistrer le paiement"
            className={`mt-3 ${chequeSwitchClass}`}
          >
            <PaymentWithReceiptFields hasEmail={money.hasEmail} />
          </IntentForm>
        </>
      )}
      <h3 className="mt-6 font-bold text-stone-900">Tarif particulier</h3>
      {money.rates.length === 0 ? (
        <p className="mt-2 text-stone-700">Aucun : l'appel suit la taille des parcelles.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200">
          {money.rates.map((r) => (
            <UndoableRow
              key={r.id}
              undo={
                editable ? { intent: "fee-rate-remove", field: "rateId", id: r.id, label: "Retirer ce tarif" } : null
              }
              what={r.what}
            >
              <strong>{r.what}</strong> : {r.amount}
              {r.reason ? ` (${r.reason})` : ""}
            </UndoableRow>
          ))}
        </ul>
      )}
      {editable && (
        <IntentForm
          intent="fee-rate"
          schema={feeRateFormSchema}
          result={result}
          values={{ target: "fiche" }}
          order={["target", "amount", "reason"]}
          submit="Enregistrer le tarif"
          className="mt-3 space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <Select
              name="target"
              label="S'applique à"
              options={[["fiche", "Toute la cotisation du jardinier"], ...plots]}
              placeholder={null}
            />
            <TextInput name="amount" label="Montant du tarif (€)" required autoComplete="off" />
            <TextInput name="reason" label="Raison" hint="Tarif réduit, parcelle partagée…" autoComplete="off" />
          </div>
        </IntentForm>
      )}
    </Section>
  );
}

/** The cheques the bank returned unpaid: no longer counted, kept in sight. */
function BouncedList({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 ml-4 text-sm text-red-900">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** A payment or a rate in the record's list, with the one-button form that takes it back when the role may. */
function UndoableRow({
  undo,
  what,
  children,
}: {
  undo: { intent: string; field: string; id: number; label: string } | null;
  what: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>{children}</span>
      {undo && (
        <Form method="post">
          <input type="hidden" name="intent" value={undo.intent} />
          <input type="hidden" name={undo.field} value={undo.id} />
          <button type="submit" className={undoClass}>
            {undo.label}
            <span className="sr-only"> : {what}</span>
          </button>
        </Form>
      )}
    </li>
  );
}
