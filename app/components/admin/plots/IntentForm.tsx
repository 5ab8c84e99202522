import { useEffect, type ReactNode } from "react";
import { Form } from "react-router";
import { z, type ZodType } from "zod";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { FormFields } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";

/** A form whose content only the server can check (a file). */
const NOTHING_TO_CHECK = z.unknown();

/** What the plots' actions answer: done, or the form sent back with its messages and what was typed. */
export type IntentResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string>; values: Record<string, string> };

/**
 * One of a screen's forms, told apart by `intent`: checked in the browser with the action's schema, sent back by
 * the server with its messages (the summary, each field's, or one above the form) and what was typed.
 */
export function IntentForm({
  intent,
  schema,
  result,
  values = {},
  order = [],
  submit,
  children,
  file,
  className = "space-y-4",
  emptyAfterDone = false,
}: {
  intent: string;
  schema?: ZodType;
  result: IntentResult | undefined;
  values?: Record<string, string>;
  order?: readonly string[];
  submit: string;
  children: ReactNode;
  /** The form sends a file (multipart). */
  file?: boolean;
  /**
   * An « add » form: emptied when its answer comes back done, at once, rather than started afresh once the page's data
   * is read again (what was typed meanwhile would be lost).
   */
  emptyAfterDone?: boolean;
  className?: string;
}) {
  const refused = result && !result.ok && result.intent === intent ? result : undefined;
  const { errors, formProps } = useFormValidation(schema ?? NOTHING_TO_CHECK, refused?.errors);
  const done = emptyAfterDone && result?.ok && result.intent === intent ? result : undefined;
  useEffect(() => {
    if (done) formProps.ref.current?.reset();
  }, [done, formProps.ref]);
  const fieldErrors = Object.keys(refused?.errors ?? {}).length > 0;
  return (
    <Form
      method="post"
      noValidate
      encType={file ? "multipart/form-data" : undefined}
      {...formProps}
      className={className}
    >
      <input type="hidden" name="intent" value={intent} />
      <FormFields state={{ id: intent, errors, values: refused ? { ...values, ...refused.values } : values, order }}>
        <ErrorSummary />
        {refused && !fieldErrors && <FormMessage message={refused.message} />}
        {children}
        <FormFooter>
          <SubmitButton intent={intent}>{submit}</SubmitButton>
        </FormFooter>
      </FormFields>
    </Form>
  );
}

/**
 * What the screen's popup says of the last answer: what was done, or a refusal of the whole form (« n'est plus
 * libre »); a form sent back with its fields' messages says so in the form itself.
 */
export const noticeOf = (result: IntentResult | undefined) =>
  result && (result.ok || Object.keys(result.errors).length === 0) ? result.message : null;
