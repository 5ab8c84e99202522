interface Totals {
  called: string;
  received: string;
  byMeans: (readonly [string, string])[];
  waived: string;
  cancelled: string;
  outstanding: string;
  overpaid: string;
}

/** The treasurer's figures of the year: called, received (by means), waived, cancelled, outstanding, overpaid. */
export function FeeTotals({ totals }: { totals: Totals }) {
  const rows: [string, string][] = [
    ["Appelé", totals.called],
    ["Reçu", totals.received],
    ...totals.byMeans.map(
      ([means, amount]) => [`dont ${means === "HelloAsso" ? means : means.toLowerCase()}`, amount] as [string, string],
    ),
    ["Exonéré", totals.waived],
    ["Annulé", totals.cancelled],
    ["Reste à recevoir", totals.outstanding],
    ...(totals.overpaid ? [["Trop-perçu", totals.overpaid] as [string, string]] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 sm:grid-cols-[auto_auto_auto_auto]">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className={label.startsWith("dont") ? "pl-4 text-stone-600" : "font-semibold text-stone-900"}>{label}</dt>
          <dd className="text-right whitespace-nowrap tabular-nums">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
