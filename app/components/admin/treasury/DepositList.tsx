import { Link } from "react-router";
import { treasuryLinkClass as linkClass } from "./TreasuryNav";

export interface DepositRow {
  id: number;
  date: string;
  account: string;
  summary: string;
}

/** The deposits made, newest first: date, account, count and total, each a link to its page and slip. */
export function DepositList({ deposits }: { deposits: DepositRow[] }) {
  if (deposits.length === 0) return <p className="text-stone-700">Aucune remise pour le moment.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {deposits.map((d) => (
        <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <Link to={`/admin/tresorerie/remises/${d.id}`} className={linkClass}>
            Remise du {d.date}
          </Link>
          <span className="text-stone-700">
            {d.account} · <strong className="whitespace-nowrap">{d.summary}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}
