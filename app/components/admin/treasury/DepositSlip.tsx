import type { DepositedCheque } from "./DepositCheques";

const cell = "border border-black px-1.5 py-1 sm:px-2";

/**
 * The « Bordereau de remise de chèques » on A4: the association, the account (and its IBAN), the date, each cheque
 * (n°, banque, tireur, montant), the count and total (the sum of the lines), and a box for the signature. On paper the
 * table's header comes back at the top of each page and a line is never cut in two.
 */
export function DepositSlip({
  association,
  address,
  account,
  iban,
  date,
  cheques,
  count,
  total,
}: {
  association: string;
  address: string;
  account: string;
  iban: string;
  date: string;
  cheques: DepositedCheque[];
  count: number;
  total: string;
}) {
  return (
    <main className="bg-stone-200 py-6 text-black print:bg-white print:py-0">
      <style>
        {
          "@page { size: A4; margin: 15mm } @media print { thead { display: table-header-group } tr, .slip-signature { break-inside: avoid } }"
        }
      </style>
      <article
        aria-label="Bordereau de remise de chèques"
        className="mx-auto w-[210mm] max-w-full bg-white px-3 py-6 shadow-md min-[800px]:px-[15mm] min-[800px]:py-[15mm] print:w-auto print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap justify-between gap-4">
          <div>
            <p className="font-bold">{association}</p>
            {address ? <p className="text-sm whitespace-pre-line">{address}</p> : null}
          </div>
          <dl className="text-sm">
            <div className="flex gap-2">
              <dt>Compte crédité :</dt>
              <dd className="font-semibold">{account}</dd>
            </div>
            {iban ? (
              <div className="flex gap-2">
                <dt>IBAN :</dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums">{iban}</dd>
              </div>
            ) : null}
            <div className="flex gap-2">
              <dt>Date de la remise :</dt>
              <dd className="font-semibold">{date}</dd>
            </div>
          </dl>
        </header>
        <h1 className="mt-6 text-xl font-bold">Bordereau de remise de chèques</h1>
        <table className="mt-4 w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${cell} text-left`}>
                N°
              </th>
              <th scope="col" className={`${cell} text-left`}>
                Banque
              </th>
              <th scope="col" className={`${cell} text-left`}>
                Tireur
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Montant
              </th>
            </tr>
          </thead>
          <tbody>
            {cheques.map((c) => (
              <tr key={c.id}>
                <td className={`${cell} tabular-nums`}>{c.number}</td>
                <td className={cell}>{c.bank}</td>
                <td className={cell}>{c.payer}</td>
                <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{c.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" colSpan={3} className={`${cell} text-left`}>
                {count} chèque{count > 1 ? "s" : ""}
              </th>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>Total : {total}</td>
            </tr>
          </tfoot>
        </table>
        <div className="slip-signature mt-8 ml-auto h-32 w-full max-w-[80mm] border border-black p-2 text-sm">
          Signature du remettant
        </div>
      </article>
    </main>
  );
}
