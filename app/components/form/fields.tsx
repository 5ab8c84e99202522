import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from "react";
import { tooLongMessage } from "~/lib/constants";
import { FieldError } from "./FieldError";
import { inputClass, labelClass } from "./styles";
import { own as ownValue } from "~/lib/records";

/**
 * The fields of every form, public and back-office. A form gives them, through `FormFields`, its messages by field,
 * the values to show again and the fields' order (the first in error gets `autofocus`, so that without JavaScript
 * the page opens on it); a field's own `error`, `invalid` and `defaultValue` win over the form's. Every field is
 * labelled, marks itself `aria-invalid` and points to its hint and message with `aria-describedby`. A message ""
 * marks a field without saying anything (product §5: the event form).
 */
export interface FormState {
  /** Prefix of the fields' ids, unique in the page; without it each field gets an id of its own. */
  id?: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
  /** The fields in the order the form shows them: the summary lists the messages in that order. */
  order?: readonly string[];
}

/** The first field of `order` that has a message: it gets the focus. */
export const firstInvalid = (order: readonly string[], errors: Record<string, string>) =>
  order.find((name) => Object.hasOwn(errors, name));

const FormContext = createContext<FormState>({ errors: {} });

export function FormFields({ state, children }: { state: FormState; children: ReactNode }) {
  return <FormContext.Provider value={state}>{children}</FormContext.Provider>;
}

export const useFormState = () => useContext(FormContext);

/** What a field shows of its form's state: its message (or its own), whether it is marked, its value to show again. */
export function useFieldState(name: string, own: { error?: string; invalid?: boolean } = {}) {
  const form = useFormState();
  const error = own.error ?? ownValue(form.errors, name);
  return {
    error: error || undefined,
    invalid: Boolean(own.invalid) || error !== undefined,
    value: ownValue(form.values, name),
    autoFocus: form.order && firstInvalid(form.order, form.errors) === name ? true : undefined,
  };
}

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** A line under the label that says what to write. */
  hint?: string;
  /** This field's message, in place of the form's. */
  error?: string;
  /** Marked as wrong without a message. */
  invalid?: boolean;
}

function useField({ name, hint, error, invalid }: Pick<FieldProps, "name" | "hint" | "error" | "invalid">) {
  const form = useFormState();
  const generated = useId();
  const fieldId = form.id ? `${form.id}-${name}` : generated;
  const state = useFieldState(name, { error, invalid });
  const describedBy =
    [hint && `${fieldId}-hint`, state.error && `${fieldId}-error`].filter(Boolean).join(" ") || undefined;
  return {
    fieldId,
    ...state,
    /** What every control of the kit carries. */
    control: {
      id: fieldId,
      name,
      "aria-invalid": state.invalid || undefined,
      "aria-describedby": describedBy,
      autoFocus: state.autoFocus,
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

function Hint({ fieldId, text }: { fieldId: string; text?: string }) {
  return text ? (
    <p id={`${fieldId}-hint`} className="mt-0.5 text-sm text-stone-600">
      {text}
    </p>
  ) : null;
}

/** A field's frame: its label, its hint, the control, its message (`message`: the field's own, e.g. a text too long). */
function Frame({
  field,
  label,
  required,
  hint,
  message = field.error,
  alert,
  children,
}: {
  field: ReturnType<typeof useField>;
  label: string;
  required?: boolean;
  hint?: string;
  message?: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.fieldId} className={labelClass}>
        {label}
        <RequiredMark required={required} />
      </label>
      <Hint fieldId={field.fieldId} text={hint} />
      {children}
      <FieldError id={`${field.fieldId}-error`} message={message} alert={alert} />
    </div>
  );
}

interface TextProps extends FieldProps {
  defaultValue?: string | number;
  /**
   * The schema's maximum: a long field shows how many characters it holds, and a text over the limit is marked at
   * once with the schema's message (the form's check then stops it). Not an HTML `maxlength`, which would silently
   * cut a pasted text: here the text stays whole for the person to shorten.
   */
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  spellCheck?: boolean;
}

/** A text input or a textarea, with its label, hint, counter and message. */
function TextControl({
  defaultValue,
  maxLength,
  multiline,
  rows,
  type,
  placeholder,
  autoComplete,
  inputMode,
  spellCheck,
  ...props
}: TextProps & { multiline: boolean; rows?: number; type?: string }) {
  const field = useField(props);
  const initial = defaultValue ?? field.value ?? "";
  const [length, setLength] = useState(String(initial).length);
  const overLimit = maxLength !== undefined && length > maxLength;
  const shown = overLimit ? tooLongMessage(maxLength) : field.error;
  // Counters on long texts, where the limit may be reached, and on a short one once it nears its limit.
  const counted = maxLength !== undefined && (multiline || length >= maxLength * 0.9);
  const counterId = `${field.fieldId}-counter`;
  const control = {
    ...field.control,
    defaultValue: initial,
    placeholder,
    autoComplete,
    inputMode,
    spellCheck,
    "aria-required": props.required || undefined,
    "aria-invalid": field.invalid || overLimit ? true : undefined,
    "aria-describedby":
      [props.hint && `${field.fieldId}-hint`, shown && `${field.fieldId}-error`, counted && counterId]
        .filter(Boolean)
        .join(" ") || undefined,
    className: inputClass,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(event.currentTarget.value.length),
  };
  return (
    <Frame field={field} {...props} message={shown} alert={overLimit}>
      {multiline ? <textarea rows={rows} {...control} /> : <input type={type} {...control} />}
      {counted ? (
        <p
          id={counterId}
          className={`mt-1 text-right text-xs ${overLimit ? "font-semibold text-red-800" : "text-stone-600"}`}
        >
          {length.toLocaleString("fr-FR")} / {maxLength.toLocaleString("fr-FR")} caractères
        </p>
      ) : null}
    </Frame>
  );
}

export function TextInput({ type = "text", ...props }: TextProps & { type?: "text" | "email" | "tel" | "password" }) {
  return <TextControl {...props} type={type} multiline={false} />;
}

/** The public forms' anti-robot question: a number to type, never filled in by the browser. */
export function CaptchaInput({
  label,
  hint = "Une question pour vérifier que vous n'êtes pas un robot.",
}: {
  label: string;
  hint?: string;
}) {
  return <TextInput name="captcha" label={label} required inputMode="numeric" autoComplete="off" hint={hint} />;
}

export function TextArea({ rows = 3, ...props }: TextProps & { rows?: number }) {
  return <TextControl {...props} rows={rows} multiline />;
}

/** A date, a time or both (`datetime-local`, as the browser shows it); `form`: the form it belongs to, outside it. */
export function DateTimeInput({
  defaultValue,
  type = "datetime-local",
  form,
  ...props
}: FieldProps & { defaultValue?: string; type?: "date" | "time" | "datetime-local"; form?: string }) {
  const field = useField(props);
  return (
    <Frame field={field} {...props}>
      <input
        type={type}
        form={form}
        defaultValue={defaultValue ?? field.value}
        aria-required={props.required || undefined}
        className={inputClass}
        {...field.control}
      />
    </Frame>
  );
}

/** A list to choose from; `placeholder` (null: none) is the empty first choice. */
export function Select({
  defaultValue,
  options,
  placeholder = "Choisissez…",
  ...props
}: FieldProps & {
  defaultValue?: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string | null;
}) {
  const field = useField(props);
  return (
    <Frame field={field} {...props}>
      <select
        defaultValue={defaultValue ?? field.value ?? ""}
        aria-required={props.required || undefined}
        className={inputClass}
        {...field.control}
      >
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** Radio buttons in a fieldset; the message is tied to the first one, which takes the focus. */
export function RadioGroup({
  name,
  label,
  required,
  hint,
  error,
  invalid,
  options,
}: FieldProps & { options: readonly (readonly [string, string])[] }) {
  const field = useField({ name, hint, error, invalid });
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={field.control["aria-describedby"]}
      aria-invalid={field.control["aria-invalid"]}
    >
      <legend className={labelClass}>
        {label}
        <RequiredMark required={required} />
      </legend>
      <Hint fieldId={field.fieldId} text={hint} />
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
              defaultChecked={field.value === optionValue}
              id={i === 0 ? field.fieldId : `${field.fieldId}-${i}`}
              // Without JavaScript, the page the server sends back opens on the first field in error.
              // oxlint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={i === 0 ? field.autoFocus : undefined}
              className="size-4 accent-brand-700"
            />
            <span>{optionLabel}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${field.fieldId}-error`} message={field.error} />
    </fieldset>
  );
}

/** A box to tick; `children` says what ticking it means. */
export function Checkbox({
  name,
  children,
  required,
  error,
}: {
  name: string;
  children: ReactNode;
  required?: boolean;
  error?: string;
}) {
  const field = useField({ name, error });
  return (
    <div>
      <label htmlFor={field.fieldId} className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          defaultChecked={field.value === "on"}
          aria-required={required || undefined}
          className="mt-1 size-5 shrink-0 accent-brand-700"
          {...field.control}
        />
        <span className="text-stone-900">{children}</span>
      </label>
      <FieldError id={`${field.fieldId}-error`} message={field.error} />
    </div>
  );
}

/** Fields that belong together, in a card titled by its legend. */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      {/* Floated, the legend sits inside the card instead of on its border. */}
      <legend className="float-left mb-4 w-full text-xl font-bold text-brand-800">{title}</legend>
      <div className="clear-both space-y-5">{children}</div>
    </fieldset>
  );
}
