import { Link } from "react-router";
import type { IntentResult } from "~/components/admin/plots/IntentForm";
import { counted } from "~/lib/text";
import { TreatAnomaly } from "./OnlinePayments";

interface Anomaly {
  id: number;
  /** Where « Traiter » is: its fee's page, or the book's overview for one whose fee was erased. */
  to: string;
  label: string;
  note: string;
  /** Its fee was erased: treated on the book's overview (refund or set aside). */
  erased: boolean;
  received: string;
}

/**
 * « Paiements HelloAsso à traiter »: payments HelloAsso received that were not recorded, each with its fee's page where
 * « Traiter » is (the dashboard, the book's overview), or treated on the book's overview when its fee was erased.
 * Nothing when there is none.
 */
export function AnomaliesNotice({
  anomalies,
  treatErased = false,
  result,
}: {
  anomalies: readonly Anomaly[];
  /** The book's overview: those whose fee was erased are treated here. */
  treatErased?: boolean;
  result?: IntentResult;
}) {
  if (anomalies.length === 0) return null;
  return (
    <section
      aria-labelledby="paiements-a-traiter"
      className="rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="paiements-a-traiter" className="font-bold">
        {counted(anomalies.length, "paiement HelloAsso à traiter", "paiements HelloAsso à traiter")}
      </h2>
      <p className="mt-1 text-sm">
        HelloAsso a reçu ces paiements sans qu'ils puissent être enregistrés : le bureau les enregistre, les rembourse
        ou les met de côté. En attendant, la cotisation n'est ni en retard ni relancée.
      </p>
      <ul className="mt-2 space-y-1">
        {anomalies.map((a) => (
          <li key={a.id}>
            {a.erased && treatErased ? (
              <strong>{a.label}</strong>
            ) : (
              <Link to={a.to} className="font-semibold underline">
                Traiter : {a.label}
              </Link>
            )}
            <span className="block text-sm [overflow-wrap:anywhere]">{a.note}</span>
            {a.erased && treatErased ? (
              <TreatAnomaly id={a.id} received={a.received} withFee={false} result={result} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
