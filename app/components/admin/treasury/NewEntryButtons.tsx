import { Link } from "react-router";
import { buttonClass, quietButtonClass } from "~/components/form/styles";

/** « Nouvelle dépense », « Nouvelle recette », « Virement entre comptes ». */
export function NewEntryButtons() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to="/admin/tresorerie/ecritures/nouvelle?sens=depense" className={buttonClass}>
        Nouvelle dépense
      </Link>
      <Link to="/admin/tresorerie/ecritures/nouvelle?sens=recette" className={buttonClass}>
        Nouvelle recette
      </Link>
      <Link to="/admin/tresorerie/ecritures/nouvelle?sens=virement" className={quietButtonClass}>
        Virement entre comptes
      </Link>
    </div>
  );
}
