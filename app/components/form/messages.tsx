import type { PublicFormResult } from "~/modules/forms/public-form";
import { useFormState } from "./fields";
import { alertClass } from "./styles";

/** A form's refusal: on the field it concerns, or above the form when it concerns none. */
export interface FormRefusal {
  message: string;
  field?: string;
}

/** A refusal's message as the form's fields take it: by field name, or nothing when it names no field. */
export function refusalErrors(
  refusal: { message: string | null; field?: string } | null | undefined,
): Record<string, string> | undefined {
  return refusal?.field ? { [refusal.field]: refusal.message ?? "" } : undefined;
}

/** A message about the whole form, at its top; nothing when there is none. */
export function FormMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={alertClass}>
      {message}
    </p>
  ) : null;
}

/**
 * The list of the form's problems, at its top, each a link to its field: what a person without JavaScript sees
 * first when the server sends the form back.
 */
export function ErrorSummary({ title = "Le formulaire contient des erreurs :" }: { title?: string }) {
  const { id, errors, order = [] } = useFormState();
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
 * What went wrong with the last sending of a public form, at its top: the summary of the fields' messages, or the
 * message of a form refused as a whole (too many sendings, a failure, a file too large).
 */
export function FormAlerts({ refused }: { refused: Exclude<PublicFormResult, { status: "sent" }> | undefined }) {
  return (
    <>
      <ErrorSummary />
      <FormMessage message={refused && refused.status !== "invalid" ? refused.message : null} />
    </>
  );
}
