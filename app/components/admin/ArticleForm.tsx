import { useMemo, type FormEvent, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import type { ZodType } from "zod";
import { FormFields } from "~/components/form/fields";
import { FormMessage } from "~/components/form/messages";
import { RichTextEditor } from "~/components/form/RichTextEditor";
import { useFormValidation } from "~/components/form/use-form-validation";
import { articleFormFields, articleSchemaInput, failedAnnexesMessage } from "~/modules/publishing/article-form";
import { formDataValue } from "~/modules/forms/form-value";
import type { EditorRefusal } from "~/modules/publishing/editor.schema";
import type { PublicationState } from "~/modules/publishing/publication.schema";
import { ArticleImages } from "./ArticleImages";
import { AutosaveStatus, useAutosave } from "./use-autosave";
import { PublicationFooter } from "./PublicationFooter";
import { useUploadGate } from "./use-upload-gate";

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

/** The fields as the editor shows them: what every article and event form has. */
export interface ArticleFormItem {
  id: number | null;
  title: string;
  content: string;
  image: string | null;
  annexes: (string | null)[];
  alts: Record<string, string | null>;
  publishAt: string;
}

/** A refusal as the fields take it: each missing field marked without a message (""), or the message on its field. */
function refusalErrors(refusal: EditorRefusal): Record<string, string> {
  if (refusal.missing?.length) return Object.fromEntries(refusal.missing.map((field) => [field, ""]));
  return refusal.field ? { [refusal.field]: refusal.message ?? "" } : {};
}

/**
 * « Aperçu » sends the form, as it is, to the preview in a new tab: natively, since the router would send it in this
 * tab. Nothing is checked: a draft's preview may be incomplete.
 */
function openPreview(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (!submitter?.hasAttribute("data-preview")) return false;
  event.preventDefault();
  const form = event.currentTarget;
  const saved = { action: form.action, target: form.target, method: form.method, enctype: form.enctype };
  Object.assign(form, {
    action: submitter.formAction,
    target: submitter.formTarget,
    method: "post",
    enctype: "multipart/form-data",
  });
  HTMLFormElement.prototype.submit.call(form);
  Object.assign(form, saved);
  return true;
}

/**
 * What the article and event forms share (product §4, §5, and drafts, scheduling, previews, autosaves): checked in the
 * browser with the action's schema for the button pressed, read as the server reads it and refused in the server's
 * words (`kind`); held while an image uploads (2 s, then the spec's message) or after an annex failed; their own
 * fields (`children`), then the rich text, the cover and the three annexes with their descriptions; the buttons of
 * `PublicationFooter` (`noun`: "l'article").
 */
export function ArticleForm({
  kind,
  item,
  state,
  refusal,
  noun,
  paths,
  coverRequired = false,
  minHeight,
  children,
}: {
  kind: {
    name: "article" | "evenement";
    schema: ZodType;
    texts: readonly string[];
    refusalOf: (issues: Issues) => EditorRefusal;
  };
  item: ArticleFormItem;
  state: PublicationState | null;
  refusal: EditorRefusal | null;
  noun: string;
  paths: { preview: string; versions: string | null };
  coverRequired?: boolean;
  minHeight: number;
  children: ReactNode;
}) {
  const id = "article-form";
  // 'Annuler' leaves edit mode: the page without its `?edit=`.
  const { pathname } = useLocation();
  const { images, onImagesChange, allowSubmit, pendingMessage } = useUploadGate();
  const serverErrors = useMemo(() => (refusal ? refusalErrors(refusal) : undefined), [refusal]);
  const { errors, formProps } = useFormValidation(kind.schema, serverErrors, {
    input: (data) =>
      articleSchemaInput(articleFormFields(formDataValue(data), kind.texts), data.get("intent")?.toString()),
    errors: (issues) => refusalErrors(kind.refusalOf(issues)),
    holds: () => (images.failedAnnexes > 0 ? { annexe1: failedAnnexesMessage(images.failedAnnexes) } : undefined),
  });
  const autosave = useAutosave(formProps.ref, { kind: kind.name, id: item.id });
  const editing = item.id !== null;
  // The first message found, or the server's refusal of the whole form.
  const message = pendingMessage ?? (Object.values(errors).find(Boolean) || (refusal?.field ? null : refusal?.message));
  return (
    <FormFields state={{ id, errors }}>
      <Form
        id={id}
        method="post"
        encType="multipart/form-data"
        noValidate
        {...formProps}
        onSubmit={(event) => {
          if (openPreview(event)) return;
          if (allowSubmit(event)) formProps.onSubmit(event);
        }}
        className="space-y-6"
      >
        <FormMessage message={message} />
        {editing ? <input type="hidden" name="id" value={item.id!} /> : null}
        {children}
        <RichTextEditor
          name="content"
          label="Contenu"
          defaultValue={item.content}
          minHeight={minHeight}
          fallback="text"
          imagesHint="les champs « Photo de couverture » et « Images annexes »"
        />
        <ArticleImages
          cover={item.image}
          annexes={item.annexes}
          alts={item.alts}
          coverRequired={coverRequired}
          onChange={onImagesChange}
        />
      </Form>
      <PublicationFooter
        form={id}
        state={state}
        publishAt={item.publishAt}
        waiting={images.uploading}
        previewAction={paths.preview}
        versionsHref={paths.versions}
        cancelTo={pathname}
        remove={{
          triggerName: `Supprimer ${noun} « ${item.title} »`,
          title: `Supprimer ${noun}`,
          message: `Êtes-vous sûr de vouloir supprimer ${noun} « ${item.title} » ?`,
          fields: { intent: "delete", id: String(item.id) },
        }}
      />
      <AutosaveStatus state={autosave} />
    </FormFields>
  );
}
