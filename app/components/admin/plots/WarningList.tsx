/**
 * A plot's or a gardener's warnings of the last twelve months; from two on, what the rules then allow. A withdrawn
 * warning stays in the list, struck through with the reason of its withdrawal, and is not counted.
 */
export function WarningList({
  warnings,
}: {
  warnings: { id: number; date: string; note: string; plot?: string; inspector?: string; withdrawn?: string | null }[];
}) {
  if (warnings.length === 0) return null;
  const counted = warnings.filter((w) => w.withdrawn === undefined || w.withdrawn === null).length;
  const alarm = counted > 0;
  return (
    <section
      aria-labelledby="avertissements"
      className={
        alarm
          ? "rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950"
          : "rounded-xl border-l-4 border-stone-400 bg-stone-50 p-4 text-stone-900"
      }
    >
      <h2 id="avertissements" className="font-bold">
        {counted >= 2
          ? `${counted} avertissements : exclusion possible selon le règlement`
          : counted === 1
            ? "1 avertissement ces 12 derniers mois"
            : "Aucun avertissement en cours ces 12 derniers mois"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {warnings.map((w) => (
          <li key={w.id}>
            <span className={w.withdrawn == null ? undefined : "line-through"}>
              Visite du {w.date}
              {w.plot ? `, parcelle ${w.plot}` : ""} : {w.note || "sans remarque"}
            </span>
            {w.withdrawn != null && <> — avertissement retiré : {w.withdrawn}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
