import { useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { errorsByField } from "~/lib/public-form";

/**
 * The browser's side of a public form's validation, with the form's own schema: on submit, the server's messages
 * at once and no request while something is wrong; the first field in error scrolled to and focused; a field's
 * message gone as soon as that field is edited. The server checks everything again.
 */
export function useFormValidation(schema: ZodType, serverErrors: Record<string, string> | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  // A new answer from the server replaces what the browser found.
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors ?? {});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const values: Record<string, unknown> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found = errorsByField(result.error.issues);
    setErrors(found);
    // The first field of the form, in its order, that has a message.
    const first = [...form.elements].find(
      (element): element is HTMLInputElement => "name" in element && typeof element.name === "string" && element.name in found,
    );
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }

  function onEdit(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name && name in errors) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
    }
  }

  return { errors, onSubmit, onEdit };
}
