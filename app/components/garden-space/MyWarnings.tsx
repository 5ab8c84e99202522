import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { cardClass, SpaceSection } from "./SpaceSection";

/** « Avertissements »: those of the last twelve months, with what was wrong; a withdrawn one says so and why. */
export function MyWarnings({ warnings }: { warnings: GardenSpaceData["warnings"] }) {
  return (
    <SpaceSection id="avertissements" title="Avertissements">
      <p className="text-stone-800">
        Les avertissements des douze derniers mois, donnés lors des visites des parcelles.
      </p>
      <ul className="space-y-3">
        {warnings.map((warning) => (
          <li
            key={warning.id}
            className={`${cardClass} border-l-4 ${warning.withdrawn ? "border-stone-300" : "border-amber-600"}`}
          >
            <p className="font-semibold text-stone-900">
              Visite du {warning.date} · {warning.plot}
            </p>
            {warning.note ? <p className="mt-1 text-stone-800">{warning.note}</p> : null}
            {warning.withdrawn ? (
              <p className="mt-2 text-sm font-medium text-stone-700">
                Avertissement retiré{warning.withdrawalReason ? ` : ${warning.withdrawalReason}` : ""}. Il ne compte
                plus.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </SpaceSection>
  );
}
