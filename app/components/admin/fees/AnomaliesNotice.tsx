import { Link } from "react-router";
import { counted } from "~/lib/text";

interface Anomaly {
  id: number;
  to: string | null;
  label: string;
  note: string;
}

/**
 * « Paiements HelloAsso à traiter »: payments HelloAsso received that were not recorded, each with its fee's page where
 * « Traiter » is (the dashboard, the book's overview). Nothing when there is none.
 */
export function AnomaliesNotice({ anomalies }: { anomalies: readonly Anomaly[] }) {
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
            {a.to ? (
              <Link to={a.to} className="font-semibold underline">
                Traiter : {a.label}
              </Link>
            ) : (
              <strong>{a.label}</strong>
            )}
            <span className="block text-sm [overflow-wrap:anywhere]">{a.note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
