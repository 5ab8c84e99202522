import { useId } from "react";
import { FieldError } from "~/components/form/FieldError";
import { useFieldState } from "~/components/form/fields";
import { labelClass } from "~/components/form/styles";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/modules/auth/roles";

/**
 * The role of an account, each with what it opens, and the sites of a referent. The sites show only once
 * « Référent de jardin » is chosen, in CSS (`:has`), so the form works the same without JavaScript.
 */
export function RoleFields({
  sites,
  role = "administrateur",
  siteIds = [],
}: {
  sites: { id: number; name: string }[];
  role?: Role;
  siteIds?: readonly number[];
}) {
  const id = useId();
  const roleField = useFieldState("role");
  const sitesField = useFieldState("sites");
  // Sent back after a refusal: the sites ticked then, as "3,7".
  const ticked = sitesField.value !== undefined ? sitesField.value.split(",").map(Number) : siteIds;
  return (
    <div className="space-y-4 [&:has(input[value=referent]:checked)_[data-sites]]:block">
      <fieldset aria-describedby={roleField.error ? `${id}-role-error` : undefined}>
        <legend className={labelClass}>Rôle</legend>
        <div className="mt-2 grid gap-2">
          {ROLES.map((option) => (
            <label
              key={option}
              className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name="role"
                value={option}
                defaultChecked={(roleField.value ?? role) === option}
                className="mt-1 size-4 accent-brand-700"
              />
              <span className="font-semibold text-stone-900">{ROLE_LABELS[option]}</span>
              <span className="col-start-2 text-sm text-stone-600">{ROLE_DESCRIPTIONS[option]}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-role-error`} message={roleField.error} />
      </fieldset>
      <fieldset data-sites className="hidden" aria-describedby={sitesField.error ? `${id}-sites-error` : undefined}>
        <legend className={labelClass}>Jardins confiés au référent</legend>
        {sites.length === 0 ? (
          <p className="mt-1 text-sm text-stone-600">Aucun jardin n'est encore enregistré dans « Parcelles ».</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            {sites.map((site) => (
              <label
                key={site.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  name="sites"
                  value={site.id}
                  defaultChecked={ticked.includes(site.id)}
                  aria-invalid={sitesField.invalid || undefined}
                  className="size-4 accent-brand-700"
                />
                <span>{site.name}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id={`${id}-sites-error`} message={sitesField.error} />
      </fieldset>
    </div>
  );
}
