import type { ReactNode } from "react";
import { FormFields } from "~/components/form/fields";

/**
 * A form's fields once the convocation is sent: shown as they were sent, disabled, without a form nor a button.
 */
export function LockedFields({
  id,
  values,
  className = "space-y-4",
  children,
}: {
  id: string;
  values: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormFields state={{ id, errors: {}, values }}>
      <fieldset disabled className={className}>
        {children}
      </fieldset>
    </FormFields>
  );
}
