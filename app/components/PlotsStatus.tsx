/**
 * How many plots are taken, where visitors decide to apply: "79 parcelles sur 84 occupées", or that the waiting
 * list is open when none is free. Nothing when the association has not given its numbers.
 */
export function PlotsStatus({
  occupied,
  total,
  className = "",
}: {
  occupied: number;
  total: number;
  className?: string;
}) {
  if (total <= 0) return null;
  const full = occupied >= total;
  return (
    <p className={className}>
      {full ? (
        <>
          Toutes nos parcelles sont occupées (<strong>{total}</strong>) : la liste d'attente est ouverte.
        </>
      ) : (
        <>
          <strong>{occupied}</strong> parcelle{occupied > 1 ? "s" : ""} sur <strong>{total}</strong> occupée
          {occupied > 1 ? "s" : ""} — {total - occupied === 1 ? "une est libre" : `${total - occupied} sont libres`}.
        </>
      )}
    </p>
  );
}
