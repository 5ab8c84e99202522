import { Link } from "react-router";
import { counted } from "~/lib/text";
import { PLOT_STATE_LABELS, PLOT_STATES, type PlotState } from "~/modules/register/plots.labels";

/** Each state's colours and mark: the mark and the words say it too, not the colour alone. */
const LOOK: Record<PlotState, { tile: string; mark: string }> = {
  libre: { tile: "bg-white ring-2 ring-brand-700 text-brand-900", mark: "○" },
  attribuee: { tile: "bg-brand-700 text-white ring-1 ring-brand-800", mark: "●" },
  reservee: { tile: "bg-amber-100 text-amber-950 ring-2 ring-amber-600", mark: "◐" },
  remise_en_etat: { tile: "bg-stone-200 text-stone-900 ring-2 ring-dashed ring-stone-500", mark: "✕" },
};

const WARNING_BADGE = "rounded bg-red-700 px-1.5 text-xs font-bold whitespace-nowrap text-white";
const warningsText = (n: number) => counted(n, "avertissement", "avertissements");

export interface Tile {
  id: number;
  number: number;
  area: number;
  state: PlotState;
  holder: string | null;
  warnings: number;
}

/** The legend of the tiles, with each state's count (and the warnings' mark, when a tile shows one). */
export function PlotLegend({ counts, warned = false }: { counts: Record<PlotState, number>; warned?: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-800" aria-label="Légende">
      {PLOT_STATES.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`inline-flex size-6 items-center justify-center rounded ${LOOK[state].tile}`}
          >
            {LOOK[state].mark}
          </span>
          {PLOT_STATE_LABELS[state]} : {counts[state]}
        </li>
      ))}
      {warned ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={WARNING_BADGE}>
            ⚠ 2
          </span>
          avertissements en 12 mois
        </li>
      ) : null}
    </ul>
  );
}

/** A site's plots as tiles by number, each a link to its plot. */
export function PlotTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul aria-label="Plan des parcelles" className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link
            to={`/admin/parcelles/${tile.id}`}
            className={`flex min-h-20 flex-col rounded-lg p-2 text-sm hover:outline-2 hover:outline-offset-2 hover:outline-brand-700 ${LOOK[tile.state].tile}`}
          >
            <span className="flex items-baseline justify-between gap-1">
              <span className="text-lg font-bold">n° {tile.number}</span>
              <span aria-hidden="true">{LOOK[tile.state].mark}</span>
            </span>
            <span className="font-medium">{PLOT_STATE_LABELS[tile.state]}</span>
            <span className="truncate">{tile.holder ?? `${tile.area} m²`}</span>
            {tile.warnings > 0 && (
              // The mark and the count only: « 2 avertissements » is wider than the narrowest tile. The words are
              // in the legend, for screen readers here, and on hover.
              <span className={`mt-1 self-start ${WARNING_BADGE}`} title={warningsText(tile.warnings)}>
                <span aria-hidden="true">⚠ {tile.warnings}</span>
                <span className="sr-only">{warningsText(tile.warnings)}</span>
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
