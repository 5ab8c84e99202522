import { useId } from "react";
import { FieldError } from "~/components/FieldError";

const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-[invalid=true]:border-red-700";

/** A labelled input of the accounts screen with its French error; passwords are never filled back in. */
export function AccountInput({
  label,
  name,
  error,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The refusal of a form, on the field it concerns, or above the form when it concerns none. */
export interface FormRefusal {
  message: string;
  field?: string;
}

export function errorOn(refusal: FormRefusal | null, field: string) {
  return refusal?.field === field ? refusal.message : undefined;
}

export function FormMessage({ refusal, fields }: { refusal: FormRefusal | null; fields: string[] }) {
  if (!refusal || (refusal.field && fields.includes(refusal.field))) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
      {refusal.message}
    </p>
  );
}

/** A new password typed twice, with what makes a good one; `label` is "Mot de passe" or "Nouveau mot de passe". */
export function NewPasswordFields({ label, refusal }: { label: string; refusal: FormRefusal | null }) {
  return (
    <>
      <AccountInput
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint="Au moins 12 caractères. Une phrase de quelques mots peu courants est facile à retenir et difficile à deviner."
        error={errorOn(refusal, "password")}
      />
      <AccountInput
        label={`${label}, une seconde fois`}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        error={errorOn(refusal, "confirmation")}
      />
    </>
  );
}
