interface Row {
  name: string;
  opening: string;
  in: string;
  out: string;
  closing: string;
  negative?: boolean;
}

/** Each account's balance on 1 January, what came in and went out, and its balance now, with the total of all. */
export function AccountBalances({
  year,
  accounts,
  total,
}: {
  year: number;
  accounts: (Row & { id: number })[];
  total: Omit<Row, "name">;
}) {
  if (accounts.length === 0)
    return (
      <p className="text-stone-700">
        Aucun compte n'est tenu en {year} : ajoutez-en un dans « Comptes et catégories ».
      </p>
    );
  const cell = "px-2 py-2 text-right tabular-nums whitespace-nowrap";
  return (
    <>
      {/* On a phone, one card per account; the table from a tablet's width. */}
      <ul className="space-y-3 sm:hidden">
        {[...accounts, { ...total, id: 0, name: "Total des comptes" }].map((a) => (
          <li key={a.id} className={`rounded-lg p-3 ${a.id === 0 ? "bg-stone-100" : "bg-stone-50"}`}>
            <p className="font-semibold">{a.name}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
              <dt className="text-stone-700">Au 1er janvier</dt>
              <dd className="text-right tabular-nums">{a.opening}</dd>
              <dt className="text-stone-700">Entrées</dt>
              <dd className="text-right tabular-nums">{a.in}</dd>
              <dt className="text-stone-700">Sorties</dt>
              <dd className="text-right tabular-nums">{a.out}</dd>
              <dt className="font-semibold">Solde</dt>
              <dd
                className={`text-right font-semibold tabular-nums ${"negative" in a && a.negative ? "text-red-800" : ""}`}
              >
                {a.closing}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="-mx-2 hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[34rem] text-sm">
          <caption className="sr-only">Soldes des comptes en {year}</caption>
          <thead>
            <tr className="border-b border-stone-300 text-left text-stone-700">
              <th scope="col" className="px-2 py-2">
                Compte
              </th>
              <th scope="col" className={cell}>
                Au 1er janvier
              </th>
              <th scope="col" className={cell}>
                Entrées
              </th>
              <th scope="col" className={cell}>
                Sorties
              </th>
              <th scope="col" className={cell}>
                Solde
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {accounts.map((a) => (
              <tr key={a.id}>
                <th scope="row" className="px-2 py-2 text-left font-medium">
                  {a.name}
                </th>
                <td className={cell}>{a.opening}</td>
                <td className={cell}>{a.in}</td>
                <td className={cell}>{a.out}</td>
                <td className={`${cell} font-semibold ${a.negative ? "text-red-800" : ""}`}>{a.closing}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-stone-300 font-semibold">
              <th scope="row" className="px-2 py-2 text-left">
                Total des comptes
              </th>
              <td className={cell}>{total.opening}</td>
              <td className={cell}>{total.in}</td>
              <td className={cell}>{total.out}</td>
              <td className={cell}>{total.closing}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
