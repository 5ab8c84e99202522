import { Form } from "react-router";
import { inputClass, quietButtonClass } from "~/components/form/styles";

/**
 * The address of page `page` of a back-office list, the other parameters of `search` kept (the search itself, the
 * other list's page); `param` names this list's page.
 */
export function listPageLink(search: string, param = "page") {
  return (page: number) => {
    const params = new URLSearchParams(search);
    params.delete("modifier");
    if (page > 1) params.set(param, String(page));
    else params.delete(param);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
}

/**
 * A back-office list's search box: a GET form, so that it works as a link does, with or without JavaScript; `keep`:
 * the address's other parameters that the search keeps (which list it searches).
 */
export function ListSearch({
  label,
  hint,
  q,
  keep = {},
}: {
  label: string;
  hint: string;
  q: string;
  keep?: Record<string, string>;
}) {
  return (
    <search>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="min-w-60 flex-1">
          <label htmlFor="recherche-liste" className="font-medium text-stone-900">
            {label}
          </label>
          <p id="recherche-liste-aide" className="text-sm text-stone-600">
            {hint}
          </p>
          <input
            id="recherche-liste"
            type="search"
            name="q"
            defaultValue={q}
            aria-describedby="recherche-liste-aide"
            className={inputClass}
          />
        </div>
        <button type="submit" className={quietButtonClass}>
          Rechercher
        </button>
      </Form>
    </search>
  );
}

/** « 3 résultats pour « compost ». » above a searched list. */
export function SearchCount({ q, total }: { q: string; total: number }) {
  if (!q) return null;
  return (
    <p className="mb-2 text-sm text-stone-600">
      {total === 1 ? "1 résultat" : `${total} résultats`} pour « {q} ».
    </p>
  );
}
