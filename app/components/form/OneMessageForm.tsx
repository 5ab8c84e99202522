import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";
import { FormFields } from "./fields";
import { FormMessage } from "./messages";
import { firstError, useFormValidation } from "./use-form-validation";

/**
 * A short form that answers with one message above its fields, as the sign-in forms do (product §5: 'Veuillez remplir
 * tous les champs'): the browser's first, found with the action's schema, or else the server's `message`. The
 * field concerned is marked.
 */
export function OneMessageForm({
  schema,
  input,
  message,
  action,
  before,
  className,
  children,
}: {
  schema: ZodType | (() => Promise<ZodType>);
  /** The schema's input, when the form's names are not the schema's. */
  input?: (data: FormData) => unknown;
  message: string | null | undefined;
  action?: string;
  /** What comes above the message: the form's title and what it asks. */
  before?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { errors, formProps } = useFormValidation(schema, undefined, { errors: firstError, input });
  const marked = Object.fromEntries(Object.keys(errors).map((name) => [name, ""]));
  return (
    <Form method="post" action={action} noValidate {...formProps} className={className}>
      {before}
      <FormMessage message={Object.values(errors)[0] ?? message} />
      <FormFields state={{ errors: marked }}>{children}</FormFields>
    </Form>
  );
}
