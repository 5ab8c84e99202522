import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { UPLOADING_MESSAGE } from "~/components/ImageField";
import { RichTextEditor } from "~/components/RichTextEditor";
import { preventOverlongSubmit, TextField } from "~/components/TextField";
import { stripHtml } from "~/lib/text";
import { ArticleImages, failedAnnexesMessage } from "./ArticleImages";
import { adminButton, adminQuietButton } from "./admin-ui";
import { useUploadGate } from "./use-upload-gate";

export const EVENT_DATE_ORDER = "La date de début ne peut pas être postérieure à la date de fin.";

export interface EditedEvent {
  id: number | null;
  title: string;
  description: string;
  location: string;
  /** datetime-local values, in Paris time. */
  start: string;
  end: string;
  content: string;
  image: string | null;
  annexes: (string | null)[];
}

export interface EventRefusal {
  message: string | null;
  field?: string;
  missing?: string[];
}

const dateInput =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-[invalid=true]:border-red-700";

/**
 * /admin/events' form (SPEC §4, §5): title, description, place, start and end (Paris time), rich text (at least
 * 250 px), cover and three annexes. A missing title, start, end or content: sending does nothing (the fields are
 * marked, without a message); a start after the end: the spec's message.
 */
export function EventForm({ event, refusal }: { event: EditedEvent; refusal: EventRefusal | null }) {
  const busy = useNavigation().state === "submitting";
  const { images, onImagesChange, allowSubmit, pendingMessage } = useUploadGate();
  const [problem, setProblem] = useState<EventRefusal | null>(null);
  const shown = problem ?? refusal;
  const editing = event.id !== null;
  const missing = new Set(shown?.missing ?? []);

  function onSubmit(submit: FormEvent<HTMLFormElement>) {
    setProblem(null);
    if (!allowSubmit(submit)) return;
    // A text over its limit is already marked: it is the first thing to fix.
    preventOverlongSubmit(submit);
    if (submit.defaultPrevented) return;
    const form = submit.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const content = data.has("content") ? stripHtml(text("content")) : text("content__texte");
    const empty: string[] = ["title", "start", "end"].filter((name) => !text(name));
    if (!content) empty.push("content");
    if (empty.length > 0) {
      submit.preventDefault();
      setProblem({ message: null, missing: empty });
      form
        .querySelector<HTMLElement>(
          empty[0] === "content" ? ".ql-editor, textarea[name^=content]" : `[name="${empty[0]}"]`,
        )
        ?.focus();
      return;
    }
    if (text("start") > text("end")) {
      submit.preventDefault();
      setProblem({ message: EVENT_DATE_ORDER, field: "start" });
      form.querySelector<HTMLElement>('[name="start"]')?.focus();
      return;
    }
    if (images.failedAnnexes > 0) {
      submit.preventDefault();
      setProblem({ message: failedAnnexesMessage(images.failedAnnexes), field: "annexe1" });
      return;
    }
  }

  const marked = (field: string) => (missing.has(field) || shown?.field === field ? true : undefined);
  const message = pendingMessage ?? shown?.message;
  return (
    <>
      <Form
        id="event-form"
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={onSubmit}
        className="space-y-6"
      >
        {message ? (
          <p role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
            {message}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={event.id!} /> : null}
        <TextField label="Titre" name="title" defaultValue={event.title} maxLength={200} invalid={marked("title")} />
        <TextField
          label="Description"
          name="description"
          defaultValue={event.description}
          maxLength={1000}
          multiline
          rows={3}
        />
        <TextField label="Lieu" name="location" defaultValue={event.location} maxLength={300} />
        <div className="grid gap-4 sm:grid-cols-2">
          {(["start", "end"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`evenement-${name}`} className="block font-medium text-stone-800">
                {name === "start" ? "Début" : "Fin"}
              </label>
              <input
                id={`evenement-${name}`}
                type="datetime-local"
                name={name}
                defaultValue={event[name]}
                aria-invalid={marked(name)}
                className={dateInput}
              />
            </div>
          ))}
        </div>
        <RichTextEditor
          name="content"
          label="Contenu"
          defaultValue={event.content}
          minHeight={250}
          fallback="text"
          imagesHint="les champs « Photo de couverture » et « Images annexes »"
          invalid={missing.has("content")}
        />
        <ArticleImages
          cover={event.image}
          annexes={event.annexes}
          coverRequired={false}
          errors={{ [shown?.field ?? ""]: shown?.message ?? undefined }}
          onChange={onImagesChange}
        />
      </Form>
      {/* Outside the form (the confirmation has a form of its own); the button sends the form it names. */}
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5">
        <button
          type="submit"
          form="event-form"
          aria-disabled={images.uploading || busy || undefined}
          className={adminButton}
        >
          {images.uploading ? UPLOADING_MESSAGE : busy ? "Enregistrement…" : editing ? "Mettre à jour" : "Publier"}
        </button>
        {editing ? (
          <>
            <Link to="/admin/events" className={adminQuietButton}>
              Annuler
            </Link>
            <ConfirmDialog
              trigger="Supprimer"
              triggerName={`Supprimer l'événement « ${event.title} »`}
              title="Supprimer l'événement"
              message={`Êtes-vous sûr de vouloir supprimer l'événement « ${event.title} » ?`}
              confirm="Supprimer"
              fields={{ intent: "delete", id: String(event.id) }}
            />
          </>
        ) : null}
      </div>
    </>
  );
}
