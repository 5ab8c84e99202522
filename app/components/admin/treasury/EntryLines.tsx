import { Link } from "react-router";
import type { ShownLine } from "~/modules/treasury/entries.admin.server";
import { treasuryLinkClass } from "./TreasuryNav";

const AMOUNT_TONES: Record<string, string> = {
  recette: "text-brand-800",
  depense: "text-red-800",
  virement: "text-stone-700",
};

/** A small mark of what happened to an entry since it was written. */
function Mark({ children }: { children: string }) {
  return <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">{children}</span>;
}

/**
 * Entries as a list, newest first: date and amount (+ income, − expense, ⇄ transfer), the label linked to the entry,
 * the third party, category, account and means, and the marks (deposited, reconciled, from the register, invoice).
 */
export function EntryLines({ lines }: { lines: ShownLine[] }) {
  if (lines.length === 0) return <p className="text-stone-700">Aucune écriture.</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {lines.map((line) => (
        <li key={line.id} className="space-y-1 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <Link
              to={`/admin/tresorerie/ecritures/${line.id}`}
              className={`${treasuryLinkClass} [overflow-wrap:anywhere]`}
            >
              {line.label}
            </Link>
            <span className={`font-semibold whitespace-nowrap tabular-nums ${AMOUNT_TONES[line.direction]}`}>
              {line.amount}
            </span>
          </div>
          <p className="text-sm text-stone-700">
            {line.date}
            {line.payer ? ` · ${line.payer}` : ""}
            {line.category ? ` · ${line.category}` : ""} · {line.account} · {line.means}
          </p>
          {(line.deposited || line.reconciled || line.fromRegister || line.attached) && (
            <p className="flex flex-wrap gap-1">
              {line.deposited && <Mark>Remis en banque</Mark>}
              {line.reconciled && <Mark>Pointé</Mark>}
              {line.fromRegister && <Mark>Paiement du registre</Mark>}
              {line.attached && <Mark>Pièce jointe</Mark>}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
