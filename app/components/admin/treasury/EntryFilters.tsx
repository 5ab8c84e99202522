import { Form, Link } from "react-router";
import { FormFields, Select, TextInput } from "~/components/form/fields";
import { inputClass, labelClass, quietButtonClass } from "~/components/form/styles";
import { DIRECTION_LABELS, MEANS_LABELS } from "~/modules/treasury/treasury.labels";
import type { CategoryGroup } from "./EntryForm";
import { treasuryLinkClass } from "./TreasuryNav";

/** The list's filters: a GET form, so that a filtered list is an address like any other, with or without JavaScript. */
export function EntryFilters({
  year,
  filters,
  accounts,
  categories,
}: {
  year: number;
  filters: Record<string, string>;
  accounts: readonly (readonly [string, string])[];
  categories: CategoryGroup[];
}) {
  return (
    <search>
      <Form method="get" className="space-y-4">
        <input type="hidden" name="annee" value={year} />
        <FormFields state={{ id: "filtre", errors: {}, values: filters }}>
          {/* Two columns from a phone on: the four lists take half the height before the entries. */}
          <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
            <Select name="compte" label="Compte" options={accounts} placeholder="Tous les comptes" />
            <div>
              <label htmlFor="filtre-categorie" className={labelClass}>
                Catégorie
              </label>
              <select id="filtre-categorie" name="categorie" defaultValue={filters.categorie} className={inputClass}>
                <option value="">Toutes les catégories</option>
                {categories.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.options.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
            <Select name="sens" label="Sens" options={Object.entries(DIRECTION_LABELS)} placeholder="Tous" />
            <Select name="moyen" label="Moyen de paiement" options={Object.entries(MEANS_LABELS)} placeholder="Tous" />
          </div>
          <TextInput
            name="q"
            label="Rechercher"
            hint="Dans le libellé, le tiers, la référence ou le numéro de chèque."
          />
        </FormFields>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={quietButtonClass}>
            Filtrer
          </button>
          <Link to={`?annee=${year}`} className={treasuryLinkClass}>
            Effacer les filtres
          </Link>
        </div>
      </Form>
    </search>
  );
}
