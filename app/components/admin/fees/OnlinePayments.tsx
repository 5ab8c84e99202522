interface OnlinePayment {
  id: number;
  date: string;
  amount: string;
  state: string;
  note: string;
}

/** « Paiements en ligne » of a fee: each payment started on HelloAsso's page, and what became of it. */
export function OnlinePayments({ payments }: { payments: OnlinePayment[] }) {
  return (
    <ul className="divide-y divide-stone-200">
      {payments.map((p) => (
        <li key={p.id} className="py-2">
          <strong>{p.state}</strong> — {p.amount}, commencé le {p.date}
          {p.note ? <span className="block text-sm text-stone-600 [overflow-wrap:anywhere]">{p.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}
