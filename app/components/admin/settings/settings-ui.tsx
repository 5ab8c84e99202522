import { createContext, useContext, useMemo, type ReactNode } from "react";
import { Form } from "react-router";
import { z, type ZodType } from "zod";
import { Section } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/buttons";
import { FormFields } from "~/components/form/fields";
import { refusalErrors } from "~/components/form/messages";
import { labelClass } from "~/components/form/styles";
import { firstError, useFormValidation } from "~/components/form/use-form-validation";
import { Image } from "~/components/Image";
import { applicationLabelsFormSchema } from "~/modules/applications/form-fields.schema";
import {
  associationPageFormSchema,
  contactInfoFormSchema,
  homeTextsFormSchema,
  identityFormSchema,
  plotMailsFormSchema,
  plotsFormSchema,
  retentionFormSchema,
} from "~/modules/content/content.schema";
import type { SettingsIntent, SettingsResult } from "~/modules/settings/settings";
import { own } from "~/lib/records";

/** The image forms: what they send is checked by the server once the file is stored. */
const NOTHING_TO_CHECK = z.unknown();

/** What every settings form needs of the page: what is stored, and the answer to the last form sent. */
export const SettingsContext = createContext<{ stored: Record<string, unknown>; result: SettingsResult | null }>({
  stored: {},
  result: null,
});

/** A text over its limit: the browser stops it (a very long one would not even be read by the server). */
const tooLong = (issue: { code?: string }) => issue.code === "too_big";

/**
 * One form's view of the page: its fields' messages and each field's value: what was typed when the form was
 * refused, what is stored otherwise. With its `schema`, the action's, the browser stops a text too long before it
 * is sent; every other refusal is the server's, in the popup of product §2 and on its field.
 */
export function useSettingsForm(intent: SettingsIntent, schema?: ZodType) {
  const { stored, result } = useContext(SettingsContext);
  const refusedHere = result && !result.ok && result.intent === intent ? result : null;
  const serverErrors = useMemo(() => refusalErrors(refusedHere), [refusedHere]);
  const { errors, formProps } = useFormValidation(schema ?? NOTHING_TO_CHECK, serverErrors, {
    blocks: tooLong,
    errors: firstError,
  });
  return {
    formProps,
    errors,
    errorFor: (field: string) => own(errors, field) || undefined,
    valueFor: (field: string, storedValue: unknown = stored[field]) =>
      own(refusedHere?.values, field) ?? String(storedValue ?? ""),
  };
}

type TextsIntent = Exclude<SettingsIntent, "homeImage" | "headerIcon">;

/** The schema of each form, the action's. The image forms have none: their file is checked once stored. */
const SCHEMAS: Record<TextsIntent, ZodType> = {
  homeTexts: homeTextsFormSchema,
  plots: plotsFormSchema,
  plotMails: plotMailsFormSchema,
  association: associationPageFormSchema,
  contact: contactInfoFormSchema,
  identity: identityFormSchema,
  applicationLabels: applicationLabelsFormSchema,
  retention: retentionFormSchema,
};

/**
 * A section of the settings screen that is one form (`intent`; its section's id is `settings-` and the intent),
 * checked with the action's schema: its fields
 * (`children`, which take their values and messages from it: `stored`, by default what the page loaded), then its
 * save button, which says so while the form is sent.
 */
export function SettingsForm({
  intent,
  title,
  description,
  stored,
  submit,
  multipart = false,
  submitDisabled,
  after,
  children,
}: {
  intent: TextsIntent;
  title: string;
  description?: ReactNode;
  stored?: Record<string, unknown>;
  submit: string;
  multipart?: boolean;
  submitDisabled?: boolean;
  /** What follows the form in its section. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const page = useContext(SettingsContext);
  const { formProps, errors, valueFor } = useSettingsForm(intent, SCHEMAS[intent]);
  const source = stored ?? page.stored;
  const values = Object.fromEntries(Object.keys(source).map((field) => [field, valueFor(field, source[field])]));
  return (
    <Section
      id={`settings-${intent.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`}
      title={title}
      description={description}
    >
      <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <FormFields state={{ errors, values }}>{children}</FormFields>
        <SubmitButton intent={intent} disabled={submitDisabled}>
          {submit}
        </SubmitButton>
      </Form>
      {after}
    </Section>
  );
}

export function CurrentImage({ src, alt, round = false }: { src: string | null; alt: string; round?: boolean }) {
  return (
    <div>
      <p className={labelClass}>Image actuelle</p>
      {src ? (
        <Image
          src={src}
          alt={alt}
          sizes={round ? "64px" : "192px"}
          className={
            round
              ? "mt-1 size-16 rounded-full object-cover ring-1 ring-stone-200"
              : "mt-1 aspect-[4/3] w-48 rounded-lg object-cover ring-1 ring-stone-200"
          }
        />
      ) : (
        <p className="mt-1 text-sm text-stone-600">Aucune image pour le moment.</p>
      )}
    </div>
  );
}
