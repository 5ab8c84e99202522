import { NavLink } from "react-router";

/** The book's screens, and those of the deposits, reconciliation, receipts and the year's accounts beside them. */
export const TREASURY_LINKS = [
  { to: "/admin/tresorerie", label: "Vue d'ensemble", end: true },
  { to: "/admin/tresorerie/ecritures", label: "Écritures" },
  { to: "/admin/tresorerie/remises", label: "Remises de chèques" },
  { to: "/admin/tresorerie/helloasso", label: "Versements HelloAsso" },
  { to: "/admin/tresorerie/rapprochement", label: "Rapprochement bancaire" },
  { to: "/admin/tresorerie/recus", label: "Reçus" },
  { to: "/admin/tresorerie/comptes-annuels", label: "Comptes de l'exercice" },
  { to: "/admin/tresorerie/parametres", label: "Comptes et catégories" },
] as const;

/** The « Trésorerie » area's tabs, on every screen of the book. */
export function TreasuryNav() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${
      isActive ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
    }`;
  return (
    <nav aria-label="Trésorerie">
      <ul className="flex flex-wrap gap-2">
        {TREASURY_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={"end" in link} className={tab}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The links' style of the book's screens. */
export const treasuryLinkClass = "font-semibold text-brand-800 underline underline-offset-2";
