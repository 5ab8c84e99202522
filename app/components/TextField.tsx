import { useId, useState, type FormEvent } from "react";
import { tooLongMessage } from "~/lib/constants";
import { FieldError } from "./FieldError";

const inputClass =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-[invalid=true]:border-red-700";

export interface TextFieldProps {
  label: string;
  name: string;
  defaultValue: string | number;
  /** The schema's maximum: past it the field says so and its form is not sent (see `preventOverlongSubmit`). */
  maxLength?: number;
  error?: string;
  /** Marked as wrong without a message (a required field left empty where the spec wants no message). */
  invalid?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  inputMode?: "numeric" | "tel" | "email";
  autoComplete?: string;
  placeholder?: string;
  /** A line under the label that says what to write. */
  hint?: string;
}

/**
 * A labelled text input or textarea with its French error. With a `maxLength`, a long field shows how many
 * characters it holds, and a text over the limit is marked at once with the schema's message. The limit is not an
 * HTML `maxlength`: that would silently cut a pasted text, where here the text stays whole for the person to
 * shorten.
 */
export function TextField({
  label,
  name,
  defaultValue,
  maxLength,
  error,
  invalid,
  multiline = false,
  rows = 3,
  placeholder,
  hint,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const [length, setLength] = useState(String(defaultValue).length);
  const overLimit = maxLength !== undefined && length > maxLength;
  const shownError = overLimit ? tooLongMessage(maxLength) : error;
  // Counters on long texts, where the limit may be reached, and on a short one once it nears its limit.
  const counted = maxLength !== undefined && (multiline || length >= maxLength * 0.9);
  const shared = {
    id,
    name,
    defaultValue,
    placeholder,
    "data-max-length": maxLength,
    "aria-invalid": shownError || invalid ? true : undefined,
    "aria-describedby":
      [hint ? hintId : "", shownError ? errorId : "", counted ? counterId : ""].filter(Boolean).join(" ") || undefined,
    className: inputClass,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(event.currentTarget.value.length),
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-stone-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={rows} {...shared} /> : <input type="text" {...inputProps} {...shared} />}
      {counted ? (
        <p
          id={counterId}
          className={`mt-1 text-right text-xs ${overLimit ? "font-semibold text-red-800" : "text-stone-600"}`}
        >
          {length.toLocaleString("fr-FR")} / {maxLength.toLocaleString("fr-FR")} caractères
        </p>
      ) : null}
      <FieldError id={errorId} message={shownError} alert={overLimit} />
    </div>
  );
}

/**
 * A form's onSubmit: a text longer than its field's limit is not sent (the server would refuse it, and a very long
 * one would not even be read); the first such field gets the focus, its message is already shown.
 */
export function preventOverlongSubmit(event: FormEvent<HTMLFormElement>) {
  const fields = event.currentTarget.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("[data-max-length]");
  const overlong = [...fields].find((field) => field.value.length > Number(field.dataset.maxLength));
  if (!overlong) return;
  event.preventDefault();
  // A rich text's value is a hidden input: the editor next to it takes the focus.
  const editor = overlong.type === "hidden" ? overlong.parentElement?.querySelector<HTMLElement>(".ql-editor") : null;
  (editor ?? overlong).focus();
}
