/** A plot's or a gardener's warnings of the last twelve months; from two on, what the rules then allow. */
export function WarningList({
  warnings,
}: {
  warnings: { id: number; date: string; note: string; plot?: string; inspector?: string }[];
}) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="avertissements"
      className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950"
    >
      <h2 id="avertissements" className="font-bold">
        {warnings.length >= 2
          ? `${warnings.length} avertissements : exclusion possible selon le règlement`
          : "1 avertissement ces 12 derniers mois"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {warnings.map((w) => (
          <li key={w.id}>
            Visite du {w.date}
            {w.plot ? `, parcelle ${w.plot}` : ""} : {w.note || "sans remarque"}
          </li>
        ))}
      </ul>
    </section>
  );
}
