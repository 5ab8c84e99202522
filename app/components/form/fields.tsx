import { createContext, useContext, type ReactNode, type SelectHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import type { PublicFormResult } from "~/lib/public-form";
import { FieldError } from "../FieldError";
import { Honeypot } from "./Honeypot";

/**
 * The fields of the public forms. A form gives them, through `FormFields`, its messages by field, the values to
 * show again and the first field in error (which gets `autofocus`, so that without JavaScript the page opens on
 * it). Every field is labelled, marks itself `aria-invalid` and points to its message with `aria-describedby`.
 */
interface FormState {
  /** Prefix of the fields' ids, unique in the page. */
  id: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** The fields in the order the form shows them: the summary lists the messages in that order. */
  order: readonly string[];
}

/** The first field of `order` that has a message: it gets the focus. */
export const firstInvalid = (order: readonly string[], errors: Record<string, string>) =>
  order.find((name) => name in errors);

const FormContext = createContext<FormState>({ id: "form", errors: {}, values: {}, order: [] });

export function FormFields({ state, children }: { state: FormState; children: ReactNode }) {
  return <FormContext.Provider value={state}>{children}</FormContext.Provider>;
}

export const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40";
const labelClass = "block font-medium text-stone-900";

function useField(name: string, hint?: string) {
  const { id, errors, values, order } = useContext(FormContext);
  const firstError = firstInvalid(order, errors);
  const fieldId = `${id}-${name}`;
  const error = errors[name];
  const describedBy =
    [hint ? `${fieldId}-hint` : "", error ? `${fieldId}-error` : ""].filter(Boolean).join(" ") || undefined;
  return {
    fieldId,
    error,
    value: values[name],
    control: {
      id: fieldId,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy,
      autoFocus: firstError === name ? true : undefined,
    },
  };
}

/** The asterisk of a required field; the field itself says it is required to assistive technologies. */
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="text-red-800" aria-hidden="true">
      {" "}
      *
    </span>
  ) : null;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
      {text}
    </p>
  ) : null;
}

interface TextProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  maxLength?: number;
  placeholder?: string;
}

export function TextInput({ name, label, required, hint, type = "text", ...rest }: TextProps) {
  const { fieldId, error, value, control } = useField(name, hint);
  return (
    <div>
      <Label htmlFor={fieldId} label={label} required={required} />
      <Hint id={fieldId} text={hint} />
      <input
        type={type}
        defaultValue={value}
        aria-required={required || undefined}
        className={inputClass}
        {...rest}
        {...control}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

export function TextArea({
  name,
  label,
  required,
  hint,
  rows = 5,
  maxLength,
}: Omit<TextProps, "type"> & { rows?: number }) {
  const { fieldId, error, value, control } = useField(name, hint);
  return (
    <div>
      <Label htmlFor={fieldId} label={label} required={required} />
      <Hint id={fieldId} text={hint} />
      <textarea
        rows={rows}
        defaultValue={value}
        maxLength={maxLength}
        aria-required={required || undefined}
        className={inputClass}
        {...control}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

export function Select({
  name,
  label,
  required,
  hint,
  options,
  placeholder = "Choisissez…",
  ...rest
}: Omit<TextProps, "type"> & {
  options: readonly (readonly [string, string])[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const { fieldId, error, value, control } = useField(name, hint);
  return (
    <div>
      <Label htmlFor={fieldId} label={label} required={required} />
      <Hint id={fieldId} text={hint} />
      <select
        defaultValue={value ?? ""}
        aria-required={required || undefined}
        className={inputClass}
        {...rest}
        {...control}
      >
        <option value="">{placeholder}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

/** Radio buttons in a fieldset; the message is tied to the first one, which takes the focus. */
export function RadioGroup({
  name,
  label,
  required,
  hint,
  options,
}: {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  options: readonly (readonly [string, string])[];
}) {
  const { fieldId, error, value, control } = useField(name, hint);
  return (
    <fieldset role="radiogroup" aria-describedby={control["aria-describedby"]} aria-invalid={control["aria-invalid"]}>
      <legend className={labelClass}>
        {label}
        <RequiredMark required={required} />
      </legend>
      <Hint id={fieldId} text={hint} />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map(([optionValue, optionLabel], i) => (
          <label
            key={optionValue}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={optionValue}
              defaultChecked={value === optionValue}
              id={i === 0 ? fieldId : `${fieldId}-${i}`}
              // Without JavaScript, the page the server sends back opens on the first field in error.
              // oxlint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={i === 0 ? control.autoFocus : undefined}
              className="size-4 accent-brand-700"
            />
            <span>{optionLabel}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${fieldId}-error`} message={error} />
    </fieldset>
  );
}

/** A box to tick; `children` says what ticking it means. */
export function Checkbox({ name, children, required }: { name: string; children: ReactNode; required?: boolean }) {
  const { fieldId, error, value, control } = useField(name);
  return (
    <div>
      <label htmlFor={fieldId} className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          defaultChecked={value === "on"}
          aria-required={required || undefined}
          className="mt-1 size-5 shrink-0 accent-brand-700"
          {...control}
        />
        <span className="text-stone-900">{children}</span>
      </label>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

/**
 * The list of the form's problems, at its top, each a link to its field: what a person without JavaScript sees
 * first when the server sends the form back.
 */
export function ErrorSummary({ title = "Le formulaire contient des erreurs :" }: { title?: string }) {
  const { id, errors, order } = useContext(FormContext);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const entries = Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b));
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${id}-${name}`} className="underline underline-offset-2">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What went wrong with the last sending, at the top of the form: the summary of the fields' messages, or the
 * message of a form refused as a whole (too many sendings, a failure, a file too large).
 */
export function FormAlerts({ refused }: { refused: Exclude<PublicFormResult, { status: "sent" }> | undefined }) {
  return (
    <>
      <ErrorSummary />
      {refused && refused.status !== "invalid" ? (
        <p role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
          {refused.message}
        </p>
      ) : null}
    </>
  );
}

/** The end of a public form: the honeypot, and the button, which says the form is being sent. */
export function SendButton({ children, className = "" }: { children: ReactNode; className?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <Honeypot />
      <button
        type="submit"
        disabled={busy}
        className={`min-h-12 rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 ${className}`}
      >
        {busy ? "Envoi en cours…" : children}
      </button>
    </>
  );
}
