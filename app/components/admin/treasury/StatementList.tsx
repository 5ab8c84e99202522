import { Link } from "react-router";
import { treasuryLinkClass as linkClass } from "./TreasuryNav";

export interface StatementRow {
  id: number;
  date: string;
  balance: string;
  state: string;
  open: boolean;
}

/** The accounts a statement reconciles, the chosen one marked: a link each (no JavaScript needed to choose). */
export function AccountChoice({
  accounts,
  chosen,
}: {
  accounts: { id: number; name: string; kind: string }[];
  chosen: number | undefined;
}) {
  return (
    <nav aria-label="Comptes" className="flex flex-wrap gap-2">
      {accounts.map((a) => (
        <Link
          key={a.id}
          to={`?compte=${a.id}`}
          aria-current={a.id === chosen ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
        >
          {a.name}
          <span className="sr-only"> ({a.kind})</span>
        </Link>
      ))}
    </nav>
  );
}

/** An account's statements, newest first: date (a link), balance, and « en cours » or « rapproché le … ». */
export function StatementList({ statements }: { statements: StatementRow[] }) {
  if (statements.length === 0) return <p className="text-stone-700">Aucun relevé pour ce compte.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {statements.map((st) => (
        <li key={st.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <Link to={`/admin/tresorerie/rapprochement/${st.id}`} className={linkClass}>
            Relevé du {st.date}
          </Link>
          <span className="text-stone-700">
            Solde <strong className="whitespace-nowrap">{st.balance}</strong> ·{" "}
            <span className={st.open ? "font-semibold text-amber-800" : "text-stone-700"}>{st.state}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
