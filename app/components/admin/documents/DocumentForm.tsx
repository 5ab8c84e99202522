import { useRef, type ReactNode } from "react";
import { Form } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import {
  DateTimeInput,
  FormFields,
  RadioGroup,
  Select,
  TextInput,
  useFieldState,
  useFormState,
} from "~/components/form/fields";
import { FieldError } from "~/components/form/FieldError";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { inputClass, labelClass } from "~/components/form/styles";
import { useFormValidation } from "~/components/form/use-form-validation";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import { errorsByField } from "~/modules/forms/public-form";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_FORM_ORDER,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_VISIBILITIES,
  DOCUMENT_VISIBILITY_LABELS,
  documentActionSchema,
  documentMessages,
  type DocumentActionResult,
} from "~/modules/documents/documents.schema";

type Intent = keyof typeof DOCUMENT_FORM_ORDER;

/** The refusal of this very form (its intent, and its document for the forms of a document), else nothing. */
export function refusalOf(result: DocumentActionResult | undefined, intent: string, id?: number) {
  return result && !result.ok && result.intent === intent && result.id === id ? result : undefined;
}

/** The file to send: read by the server by its content; the browser only says sooner that none is chosen or too big. */
function FileField({
  name,
  label,
  hint,
  inputRef,
}: {
  name: string;
  label: string;
  hint: string;
  inputRef: React.Ref<HTMLInputElement>;
}) {
  const { id } = useFormState();
  const field = useFieldState(name);
  const fieldId = `${id}-${name}`;
  return (
    <div>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
        <span className="text-red-800" aria-hidden="true">
          {" "}
          *
        </span>
      </label>
      <p id={`${fieldId}-hint`} className="mt-0.5 text-sm text-stone-600">
        {hint}
      </p>
      <input
        ref={inputRef}
        id={fieldId}
        type="file"
        name={name}
        accept={DOCUMENT_ACCEPT}
        aria-required
        aria-invalid={field.invalid || undefined}
        aria-describedby={`${fieldId}-hint${field.error ? ` ${fieldId}-error` : ""}`}
        // Without JavaScript, the page the server sends back opens on the first field in error.
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={field.autoFocus}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900`}
      />
      <FieldError id={`${fieldId}-error`} message={field.error} />
    </div>
  );
}

/** What describes a document: its kind, title, date and who may read it. */
export function DescriptionFields() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          name="kind"
          label="Type de document"
          required
          options={DOCUMENT_KINDS.map((kind) => [kind, DOCUMENT_KIND_LABELS[kind]] as const)}
        />
        <DateTimeInput name="date" type="date" label="Date du document" hint="Adopté, tenu ou signé le" required />
      </div>
      <TextInput
        name="title"
        label="Titre"
        required
        maxLength={DOCUMENT_TITLE_MAX}
        hint="Tel que les lecteurs le verront, par exemple « Procès-verbal de l'assemblée générale du 14 mars 2026 »."
      />
      <RadioGroup
        name="visibility"
        label="Qui peut le lire"
        required
        options={DOCUMENT_VISIBILITIES.map(
          (visibility) => [visibility, DOCUMENT_VISIBILITY_LABELS[visibility]] as const,
        )}
      />
    </>
  );
}

/**
 * One form of /admin/documents: checked in the browser with the action's schema (and the file's presence and size),
 * sent back by the server with its messages and what was typed. With a file, it is sent as multipart.
 */
export function DocumentForm({
  intent,
  id,
  result,
  values,
  submit,
  children,
}: {
  intent: Intent;
  /** The document the form is about; none for « Ajouter ». */
  id?: number;
  result: DocumentActionResult | undefined;
  /** What the fields hold at first (a document's current description). */
  values?: Record<string, string>;
  submit: string;
  children: ReactNode;
}) {
  const refused = refusalOf(result, intent, id);
  const file = useRef<HTMLInputElement>(null);
  const withFile = intent === "create" || intent === "replace";
  // The file is not in the schema: its absence or size is said with the fields' messages, as the server says it.
  const fileProblem = () => {
    if (!withFile) return undefined;
    const chosen = file.current?.files?.[0];
    if (!chosen) return { file: documentMessages.noFile };
    return chosen.size > MAX_DOCUMENT_BYTES ? { file: documentMessages.tooLarge } : undefined;
  };
  const { errors, formProps } = useFormValidation(documentActionSchema, refused?.errors, {
    errors: (issues) => ({ ...errorsByField(issues), ...fileProblem() }),
    holds: fileProblem,
  });
  const formId = id === undefined ? intent : `${intent}-${id}`;
  const fieldErrors = Object.keys(refused?.errors ?? {}).length > 0;
  const order = DOCUMENT_FORM_ORDER[intent];
  return (
    <Form
      method="post"
      noValidate
      encType={withFile ? "multipart/form-data" : undefined}
      {...formProps}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <FormFields state={{ id: formId, errors, values: refused ? { ...values, ...refused.values } : values, order }}>
        <ErrorSummary title={documentMessages.refused} />
        {refused && !fieldErrors ? <FormMessage message={refused.message} /> : null}
        {children}
        {withFile ? (
          <FileField
            name="file"
            label={intent === "create" ? "Fichier" : "Nouveau fichier"}
            hint={`Un PDF, ou la photo d'une page (JPEG, PNG, WebP, HEIC), 10 Mo au maximum.${refused ? " Choisissez-le de nouveau : un fichier n'est pas gardé quand le formulaire est renvoyé." : ""}`}
            inputRef={file}
          />
        ) : null}
        <FormFooter>
          <SubmitButton intent={intent}>{submit}</SubmitButton>
        </FormFooter>
      </FormFields>
    </Form>
  );
}
