import { NavLink } from "react-router";

/** The « Parcelles » area's parts: the sites and their plots, the gardeners, the fees. */
export function PlotsNav() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 font-semibold ${
      isActive ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
    }`;
  return (
    <nav aria-label="Parcelles et jardiniers">
      <ul className="flex flex-wrap gap-2">
        <li>
          <NavLink to="/admin/parcelles" className={tab}>
            Jardins et parcelles
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/jardiniers" className={tab}>
            Jardiniers
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/cotisations" className={tab}>
            Cotisations
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
