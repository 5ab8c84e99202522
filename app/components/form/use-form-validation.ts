import { useEffect, useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import { errorsByField } from "~/modules/forms/public-form";

type Issue = { path: readonly PropertyKey[]; message: string; code?: string };

export interface ValidationOptions {
  /** The schema's input, from the form's values (default: each name's value, a list when a name repeats). */
  input?: (data: FormData) => unknown;
  /** The messages to show, by field, from the schema's issues (default: each field's first). */
  errors?: (issues: readonly Issue[]) => Record<string, string>;
  /** The issues that keep the form from going; the others are left to the server (default: all). */
  blocks?: (issue: Issue) => boolean;
  /** What else holds a valid form back in the browser (an image whose upload failed), as messages by field. */
  holds?: () => Record<string, string> | undefined;
}

/** For forms that show one refusal at a time, as their server does: the first field's message only. */
export const firstError = (issues: readonly Issue[]) =>
  Object.fromEntries(Object.entries(errorsByField(issues)).slice(0, 1));

/**
 * The browser's side of a form's validation, with the form's own schema, the one its action uses: on submit, the
 * server's messages at once and no request while something is wrong; the first field in error scrolled to and
 * focused; a field's message gone as soon as that field is edited. The server checks everything again.
 *
 * `schema` is the schema itself (back-office forms), or a function that loads it (public forms: the schema, and zod
 * with it, about 25 KB, is loaded when the visitor first enters the form, not with the page; a form sent before it
 * arrived is checked by the server, whose messages then get the same treatment). `serverErrors` is the last answer
 * of the server, by field: a new object for each answer.
 */
export function useFormValidation(
  schema: ZodType | (() => Promise<ZodType>),
  serverErrors: Record<string, string> | undefined,
  options: ValidationOptions = {},
) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  // A new answer from the server replaces what the browser found.
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(serverErrors ?? {});
  }
  const loaded = useRef<ZodType | null>(typeof schema === "function" ? null : schema);
  const loading = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  // The server refused the form sent without a reload: its first field in error gets the focus, as on submit.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0 && formRef.current)
      focusFirst(formRef.current, serverErrors);
  }, [serverErrors]);

  // Says (to tests, and to anyone inspecting the page) that the form now checks itself before sending.
  const ready = () => formRef.current?.setAttribute("data-validation", "ready");
  // A schema given as it is, not loaded: ready from the start.
  const given = typeof schema !== "function";
  useEffect(() => {
    if (given) formRef.current?.setAttribute("data-validation", "ready");
  }, [given]);

  function load() {
    if (loading.current || loaded.current || typeof schema !== "function") return;
    loading.current = true;
    schema().then(
      (result) => {
        loaded.current = result;
        ready();
      },
      () => (loading.current = false),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!loaded.current || event.defaultPrevented) return;
    const form = event.currentTarget;
    // The button pressed may carry the form's intent.
    const data = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    const result = loaded.current.safeParse((options.input ?? formValues)(data));
    const issues = result.success ? [] : result.error.issues.filter(options.blocks ?? (() => true));
    const found = issues.length > 0 ? (options.errors ?? errorsByField)(issues) : (options.holds?.() ?? {});
    if (Object.keys(found).length === 0) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(found);
    focusFirst(form, found);
  }

  function onEdit(event: FormEvent<HTMLFormElement>) {
    const name = fieldName((event.target as HTMLInputElement).name ?? "");
    if (name && name in errors) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)));
    }
  }

  /** Props for the <Form>: entering it (focus, pointer) loads a schema not loaded yet. */
  return { errors, formProps: { ref: formRef, onFocus: load, onPointerEnter: load, onSubmit, onChange: onEdit } };
}

/** Each name's value; a name sent several times (images of a list) gives the list. */
function formValues(data: FormData) {
  const values: Record<string, unknown> = {};
  for (const name of new Set(data.keys())) {
    const all = data.getAll(name).filter((value): value is string => typeof value === "string");
    values[name] = all.length > 1 ? all : all[0];
  }
  return values;
}

/** The field a control belongs to: a rich text's plain-text stand-in (`content__texte`) is its field (`content`). */
const fieldName = (name: string) => name.replace(/__texte$/, "");

/**
 * The first field of the form, in its order, that has a message: scrolled to and focused. A rich text's value and an
 * uploaded image's address are hidden inputs: the editor, or the file input, next to them takes the focus.
 */
function focusFirst(form: HTMLFormElement, errors: Record<string, string>) {
  const first = [...form.elements].find(
    (element): element is HTMLInputElement =>
      "name" in element && typeof element.name === "string" && fieldName(element.name) in errors,
  );
  const target =
    first?.type === "hidden" ? first.parentElement?.querySelector<HTMLElement>(".ql-editor, input[type=file]") : first;
  target?.scrollIntoView({ block: "center" });
  target?.focus({ preventScroll: true });
}
