import { FieldError } from "~/components/form/FieldError";
import { useFieldState, useFormState } from "~/components/form/fields";

/** The free plots to choose from, as radio buttons in groups (the ones that suit first); empty groups are left out. */
export function PlotChoices({ groups }: { groups: [string, { id: number; label: string }[]][] }) {
  const { id } = useFormState();
  const field = useFieldState("plotId");
  // The first choice of all carries the field's id: the summary's link and the focus go to it.
  const firstId = groups.flatMap(([, choices]) => choices)[0]?.id;
  return (
    <fieldset
      aria-describedby={field.error ? `${id}-plotId-error` : undefined}
      aria-invalid={field.invalid || undefined}
    >
      <legend className="font-medium text-stone-900">
        Parcelle{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      {groups
        .filter(([, choices]) => choices.length > 0)
        .map(([title, choices]) => (
          <div key={title} className="mt-3">
            <p className="text-sm font-semibold text-stone-700">{title}</p>
            <ul className="mt-1 space-y-1">
              {choices.map((choice) => {
                const first = choice.id === firstId;
                const inputId = first ? `${id}-plotId` : `${id}-plotId-${choice.id}`;
                const focus = first && field.autoFocus;
                return (
                  <li key={choice.id}>
                    <label
                      htmlFor={inputId}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input
                        id={inputId}
                        type="radio"
                        name="plotId"
                        value={choice.id}
                        defaultChecked={field.value === String(choice.id)}
                        // oxlint-disable-next-line jsx-a11y/no-autofocus
                        autoFocus={focus || undefined}
                        className="size-4 accent-brand-700"
                      />
                      <span>{choice.label}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      <FieldError id={`${id}-plotId-error`} message={field.error} />
    </fieldset>
  );
}
