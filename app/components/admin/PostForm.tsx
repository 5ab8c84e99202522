import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { RichTextEditor } from "~/components/RichTextEditor";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import { stripHtml } from "~/lib/text";
import { ArticleImages, failedAnnexesMessage } from "./ArticleImages";
import { UPLOADING_MESSAGE } from "~/components/ImageField";
import { adminButton, adminQuietButton } from "./admin-ui";
import { useUploadGate } from "./use-upload-gate";

export const BLOG_REQUIRED = "Le titre et le contenu sont requis.";
export const BLOG_COVER_REQUIRED = "La photo de couverture est requise.";

export interface EditedPost {
  id: number | null;
  title: string;
  content: string;
  image: string | null;
  annexes: (string | null)[];
}

/** The refusal of the last save, from the server. */
export interface FormRefusal {
  message: string;
  field?: string;
}

/**
 * /admin/blog's form (SPEC §4, §5): title, rich text (at least 300 px), cover (required), three annexes. In edit
 * mode it reads 'Mettre à jour', and 'Annuler' and 'Supprimer' appear. The browser says at once what is missing;
 * the server checks everything again.
 */
export function PostForm({ post, refusal }: { post: EditedPost; refusal: FormRefusal | null }) {
  const busy = useNavigation().state === "submitting";
  const { images, onImagesChange, allowSubmit, pendingMessage } = useUploadGate();
  const [problem, setProblem] = useState<FormRefusal | null>(null);
  const shown = problem ?? refusal;
  const editing = post.id !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setProblem(null);
    if (!allowSubmit(event)) return;
    // A text over its limit is already marked: it is the first thing to fix.
    preventOverlongSubmit(event);
    if (event.defaultPrevented) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const content = data.has("content") ? stripHtml(text("content")) : text("content__texte").trim();
    const refuse = (message: string, field: string) => {
      event.preventDefault();
      setProblem({ message, field });
      event.currentTarget
        .querySelector<HTMLElement>(field === "content" ? ".ql-editor, textarea[name^=content]" : `[name="${field}"]`)
        ?.focus();
    };
    if (!text("title").trim()) return refuse(BLOG_REQUIRED, "title");
    if (!content) return refuse(BLOG_REQUIRED, "content");
    if (!text("image") && !(data.get("image__fichier") as File | null)?.size)
      return refuse(BLOG_COVER_REQUIRED, "image");
    if (images.failedAnnexes > 0) return refuse(failedAnnexesMessage(images.failedAnnexes), "annexe1");
  }

  const errorFor = (field: string) => (shown?.field === field ? shown.message : undefined);
  return (
    <>
      <Form
        id="article-form"
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="space-y-6"
      >
        {shown || pendingMessage ? (
          <p role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
            {pendingMessage ?? shown?.message}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={post.id!} /> : null}
        <TextField label="Titre" name="title" defaultValue={post.title} maxLength={200} error={errorFor("title")} />
        <RichTextEditor
          name="content"
          label="Contenu"
          defaultValue={post.content}
          minHeight={300}
          fallback="text"
          imagesHint="les champs « Photo de couverture » et « Images annexes »"
          error={errorFor("content")}
        />
        <ArticleImages
          cover={post.image}
          annexes={post.annexes}
          coverRequired
          errors={{ [shown?.field ?? ""]: shown?.message }}
          onChange={onImagesChange}
        />
      </Form>
      {/* Outside the form (the confirmation has a form of its own); the button sends the form it names. */}
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5">
        <button
          type="submit"
          form="article-form"
          aria-disabled={images.uploading || busy || undefined}
          className={adminButton}
        >
          {images.uploading ? UPLOADING_MESSAGE : busy ? "Enregistrement…" : editing ? "Mettre à jour" : "Publier"}
        </button>
        {editing ? (
          <>
            <Link to="/admin/blog" className={adminQuietButton}>
              Annuler
            </Link>
            <ConfirmDialog
              trigger="Supprimer"
              triggerName={`Supprimer l'article « ${post.title} »`}
              title="Supprimer l'article"
              message={`Êtes-vous sûr de vouloir supprimer l'article « ${post.title} » ?`}
              confirm="Supprimer"
              fields={{ intent: "delete", id: String(post.id) }}
            />
          </>
        ) : null}
      </div>
    </>
  );
}
