import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { errorsByField } from "~/lib/public-form";

/**
 * The browser's side of a public form's validation, with the form's own schema: on submit, the server's messages
 * at once and no request while something is wrong; the first field in error scrolled to and focused; a field's
 * message gone as soon as that field is edited. The server checks everything again.
 *
 * The schema (and zod with it, about 25 KB) is loaded when the visitor first enters the form, not with the page;
 * a form sent before it arrived is checked by the server, whose messages then get the same treatment.
 */
export function useFormValidation(
  loadSchema: () => Promise<ZodType>,
  serverErrors: Record<string, string> | undefined,
) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  // A new answer from the server replaces what the browser found.
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors ?? {});
  }
  const schema = useRef<ZodType | null>(null);
  const loading = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  // The server refused the form sent without a reload: its first field in error gets the focus, as on submit.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0 && formRef.current)
      focusFirst(formRef.current, serverErrors);
  }, [serverErrors]);

  function load() {
    if (loading.current) return;
    loading.current = true;
    loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        // Says (to tests, and to anyone inspecting the page) that the form now checks itself before sending.
        formRef.current?.setAttribute("data-validation", "ready");
      },
      () => (loading.current = false),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!schema.current) return;
    const form = event.currentTarget;
    const values: Record<string, unknown> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
    const result = schema.current.safeParse(values);
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found = errorsByField(result.error.issues);
    setErrors(found);
    focusFirst(form, found);
  }

  function onEdit(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name && name in errors) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
    }
  }

  /** Props for the <Form>: entering it (focus, pointer) loads the schema. */
  return { errors, formProps: { ref: formRef, onFocus: load, onPointerEnter: load, onSubmit, onChange: onEdit } };
}

/** The first field of the form, in its order, that has a message: scrolled to and focused. */
function focusFirst(form: HTMLFormElement, errors: Record<string, string>) {
  const first = [...form.elements].find(
    (element): element is HTMLInputElement =>
      "name" in element && typeof element.name === "string" && element.name in errors,
  );
  first?.scrollIntoView({ block: "center" });
  first?.focus({ preventScroll: true });
}
