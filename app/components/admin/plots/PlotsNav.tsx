import { NavLink } from "react-router";
import { can, type Permission, type Role } from "~/modules/auth/roles";

/** The area's tabs, each with the permission its route needs to open (`app/routes/admin/permissions.ts`). */
const TABS: { to: string; label: string; needs: Permission }[] = [
  { to: "/admin/parcelles", label: "Jardins et parcelles", needs: "register" },
  { to: "/admin/jardiniers", label: "Jardiniers", needs: "gardeners" },
  { to: "/admin/cotisations", label: "Cotisations", needs: "fees" },
];

/**
 * The « Parcelles » area's parts: the sites and their plots, the gardeners, the fees; only those the role opens (a
 * treasurer: the gardeners and the fees; a referent: the plots and the gardeners).
 */
export function PlotsNav({ accountRole }: { accountRole: Role }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ${
      isActive ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
    }`;
  return (
    <nav aria-label="Parcelles et jardiniers">
      <ul className="flex flex-wrap gap-2">
        {TABS.filter((t) => can(accountRole, t.needs)).map((t) => (
          <li key={t.to}>
            <NavLink to={t.to} className={tab}>
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
