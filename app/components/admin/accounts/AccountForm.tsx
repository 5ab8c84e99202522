import { useMemo, type ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";
import { FormFields, TextInput } from "~/components/form/fields";
import { FormMessage, type FormRefusal } from "~/components/form/messages";
import { firstError, useFormValidation } from "~/components/form/use-form-validation";
import { accountActionSchema } from "~/modules/accounts/accounts.schema";

/**
 * A form of the accounts screen (or the invitation page), checked in the browser with the action's schema. The
 * server's refusal shows on its field when the form has it (`fields`), above the form otherwise.
 */
export function AccountForm({
  refusal,
  fields,
  schema = accountActionSchema,
  className,
  children,
}: {
  /** The server's refusal, with what was typed to show again (never a password). */
  refusal: (FormRefusal & { values?: Record<string, string> }) | null;
  fields: readonly string[];
  schema?: ZodType;
  className?: string;
  children: ReactNode;
}) {
  const onField = refusal?.field && fields.includes(refusal.field) ? refusal.field : null;
  const serverErrors = useMemo(
    () => (refusal && onField ? { [onField]: refusal.message } : undefined),
    [refusal, onField],
  );
  const { errors, formProps } = useFormValidation(schema, serverErrors, { errors: firstError });
  return (
    <Form method="post" noValidate {...formProps} className={className}>
      <FormMessage message={refusal && !onField ? refusal.message : null} />
      <FormFields state={{ errors, values: refusal?.values }}>{children}</FormFields>
    </Form>
  );
}

/** A password or a code: never filled back in, never corrected by the browser's spelling. */
export function SecretInput({
  label,
  name,
  hint,
  type = "password",
  autoComplete,
}: {
  label: string;
  name: string;
  hint?: string;
  type?: "password" | "text";
  autoComplete: string;
}) {
  return <TextInput label={label} name={name} type={type} hint={hint} autoComplete={autoComplete} spellCheck={false} />;
}

/** A new password typed twice, with what makes a good one; `label` is "Mot de passe" or "Nouveau mot de passe". */
export function NewPasswordFields({ label }: { label: string }) {
  return (
    <>
      <SecretInput
        label={label}
        name="password"
        autoComplete="new-password"
        hint="Au moins 12 caractères. Une phrase de quelques mots peu courants est facile à retenir et difficile à deviner."
      />
      <SecretInput label={`${label}, une seconde fois`} name="confirmation" autoComplete="new-password" />
    </>
  );
}
