import { formatDateTime } from "~/lib/dates";
import { parisLocalToDate } from "~/lib/paris-time";
import { STATE_LABELS, type PublicationState } from "~/modules/publishing/publication.schema";

const TONES: Record<PublicationState, string> = {
  brouillon: "bg-stone-100 text-stone-800 ring-stone-300",
  programme: "bg-amber-50 text-amber-950 ring-amber-300",
  publie: "bg-brand-50 text-brand-900 ring-brand-200",
};

/** Where the item in the editor stands, in words: « Brouillon », « Programmé pour le … », « Publié ». */
export function StateBadge({
  state,
  publishAt,
  resumed,
}: {
  state: PublicationState | null;
  /** The scheduled time as the form's field holds it (Paris time). */
  publishAt: string;
  /** The form holds an autosave taken back, not the item as saved. */
  resumed: boolean;
}) {
  if (!state && !resumed) return null;
  const at = state === "programme" ? parisLocalToDate(publishAt) : null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      {state ? (
        <span className={`rounded-full px-3 py-1 font-semibold ring-1 ${TONES[state]}`}>
          {at ? `Programmé pour le ${formatDateTime(at)}` : STATE_LABELS[state]}
        </span>
      ) : null}
      {resumed ? <span className="text-stone-700">Version non enregistrée reprise</span> : null}
    </p>
  );
}
