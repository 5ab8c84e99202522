import { Link } from "react-router";
import { Section } from "~/components/admin/admin-ui";
import { ConfirmDialog } from "~/components/ConfirmDialog";

export interface PlannedRow {
  id: number;
  plotId: number;
  plot: string;
  who: string;
  gardenerId: number | null;
  applicationId: number | null;
  from: string;
  welcomed: boolean;
  problem: string;
}

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/**
 * « Attributions prévues »: each plot promised from a later day, to whom, from when, and whether the welcome e-mail
 * went; one that could not be made on its day says why. Each can be cancelled.
 */
export function PlannedAllotments({ planned, cancellable }: { planned: PlannedRow[]; cancellable: boolean }) {
  if (planned.length === 0) return null;
  return (
    <Section
      id="attributions-prevues"
      title="Attributions prévues"
      description="Ces parcelles restent libres jusqu'à la date prévue, sans être proposées à personne d'autre ; ce jour-là, l'attribution s'enregistre toute seule."
    >
      <ul className="divide-y divide-stone-200">
        {planned.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span>
              <Link to={`/admin/parcelles/${p.plotId}`} className={linkClass}>
                {p.plot.charAt(0).toUpperCase() + p.plot.slice(1)}
              </Link>{" "}
              : attribuée à{" "}
              {p.gardenerId ? (
                <Link to={`/admin/jardiniers/${p.gardenerId}`} className={linkClass}>
                  {p.who}
                </Link>
              ) : (
                <strong>{p.who}</strong>
              )}{" "}
              à partir du <strong>{p.from}</strong>
              <span className="block text-sm text-stone-600">
                {p.applicationId
                  ? p.welcomed
                    ? "Courriel de bienvenue déjà envoyé."
                    : "Le courriel de bienvenue partira le jour de l'attribution."
                  : "Une parcelle de plus pour ce jardinier."}
              </span>
              {p.problem ? (
                <strong className="block text-sm text-red-800">Pas enregistrée à sa date : {p.problem}</strong>
              ) : null}
            </span>
            {cancellable && (
              <ConfirmDialog
                trigger="Annuler"
                triggerName={`Annuler l'attribution prévue de la ${p.plot}`}
                title="Annuler cette attribution prévue ?"
                message={`La ${p.plot} redevient libre pour tous${p.applicationId ? ", et la demande de nouveau à traiter" : ""}.`}
                confirm="Annuler l'attribution"
                fields={{ intent: "cancel-plan", planId: String(p.id) }}
                triggerClassName="min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
              />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
