import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { spaceMessages } from "~/modules/garden-space/space.labels";
import { cardClass, Facts, SpaceSection } from "./SpaceSection";

/** « Mes parcelles »: each plot held now, where it is and how to get in. */
export function MyPlots({ plots }: { plots: GardenSpaceData["plots"] }) {
  return (
    <SpaceSection id="parcelles" title="Mes parcelles">
      {plots.length === 0 ? <p className="text-stone-800">{spaceMessages.noPlot}</p> : null}
      {plots.map((plot) => (
        <article key={plot.id} className={cardClass}>
          <h3 className="mb-3 text-lg font-bold text-stone-900">
            Parcelle n° {plot.number} <span className="font-semibold text-stone-700">· {plot.site}</span>
          </h3>
          <Facts
            items={[
              ["Surface", `${plot.area} m²`],
              ["Type", plot.kind],
              ["Depuis le", plot.since],
              ...(plot.address ? ([["Adresse", plot.address]] as const) : []),
              ...(plot.accessNotes
                ? ([
                    [
                      "Accès",
                      <span key="acces" className="whitespace-pre-line">
                        {plot.accessNotes}
                      </span>,
                    ],
                  ] as const)
                : []),
            ]}
          />
        </article>
      ))}
    </SpaceSection>
  );
}
