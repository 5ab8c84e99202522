export interface DepositedCheque {
  id: number;
  date: string;
  number: string;
  bank: string;
  payer: string;
  label: string;
  amount: string;
}

/** A deposit's cheques: number, bank, drawer, what it pays and amount, with the count and the total under them. */
export function DepositCheques({
  cheques,
  count,
  total,
}: {
  cheques: DepositedCheque[];
  count: number;
  total: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-stone-300 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              N°
            </th>
            <th scope="col" className="py-2 pr-3">
              Tireur
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              Banque
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              Objet
            </th>
            <th scope="col" className="py-2 text-right">
              Montant
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {cheques.map((c) => (
            <tr key={c.id}>
              <td className="py-2 pr-3 tabular-nums">{c.number || "—"}</td>
              <td className="py-2 pr-3">
                {c.payer || "—"}
                <span className="block text-stone-600 sm:hidden">{[c.bank, c.label].filter(Boolean).join(" · ")}</span>
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{c.bank || "—"}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">
                {c.label} <span className="text-stone-600">(reçu le {c.date})</span>
              </td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{c.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-400 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="py-2 pr-3 sm:hidden">
              {count} chèque{count > 1 ? "s" : ""}
            </th>
            <th scope="row" colSpan={4} className="hidden py-2 pr-3 sm:table-cell">
              {count} chèque{count > 1 ? "s" : ""}
            </th>
            <td className="py-2 text-right whitespace-nowrap tabular-nums">Total : {total}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
