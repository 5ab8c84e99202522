import { FieldError } from "~/components/form/FieldError";
import { useFormState } from "~/components/form/fields";
import { inputClass } from "~/components/form/styles";

interface SheetPlot {
  /** The row's id in the field names: a plot's on a new round, a mark's on a correction. */
  id: number;
  number: number;
  holder: string | null;
  hasEmail: boolean;
  warnings?: number;
  /** A warning already given: it stays one here (it is withdrawn with its own form), only its note can change. */
  warned?: { mailed: boolean };
}

/** A row per plot: conforme or avertissement, the remark, whether to e-mail it. */
export function InspectionRows({ plots }: { plots: SheetPlot[] }) {
  const { errors, values = {} } = useFormState();
  return (
    <ul className="divide-y divide-stone-200 rounded-lg ring-1 ring-stone-200">
      {plots.map((plot) => {
        const result = values[`resultat_${plot.id}`] ?? "conforme";
        const noteError = errors[`remarque_${plot.id}`];
        return (
          <li key={plot.id} className="space-y-2 p-3">
            <fieldset>
              <legend className="font-semibold text-stone-900">
                Parcelle n° {plot.number}
                {plot.holder ? ` — ${plot.holder}` : ""}
                {plot.warnings !== undefined && plot.warnings > 0 && (
                  <span className="ml-2 text-sm font-bold text-red-800">
                    ({plot.warnings} avertissement{plot.warnings > 1 ? "s" : ""} en 12 mois)
                  </span>
                )}
              </legend>
              {plot.warned ? (
                <p className="mt-1 text-sm font-semibold text-red-800">
                  <input type="hidden" name={`resultat_${plot.id}`} value="avertissement" />
                  Avertissement{plot.warned.mailed ? ", envoyé par e-mail" : ""}
                </p>
              ) : (
                <div className="mt-1 flex flex-wrap gap-2">
                  {(
                    [
                      ["conforme", "Conforme"],
                      ["avertissement", "Avertissement"],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name={`resultat_${plot.id}`}
                        value={value}
                        defaultChecked={result === value}
                        className="size-4 accent-brand-700"
                      />
                      {label}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <div>
              <label htmlFor={`visite-remarque_${plot.id}`} className="text-sm font-medium text-stone-900">
                Remarque (parcelle n° {plot.number})
              </label>
              <input
                id={`visite-remarque_${plot.id}`}
                name={`remarque_${plot.id}`}
                defaultValue={values[`remarque_${plot.id}`] ?? ""}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? `visite-remarque_${plot.id}-error` : undefined}
                className={inputClass}
                autoComplete="off"
              />
              <FieldError id={`visite-remarque_${plot.id}-error`} message={noteError} />
            </div>
            {plot.hasEmail && !plot.warned && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={`courriel_${plot.id}`}
                  defaultChecked={values[`courriel_${plot.id}`] === "on"}
                  className="size-5 accent-brand-700"
                />
                Envoyer l'avertissement par e-mail à {plot.holder}
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}
