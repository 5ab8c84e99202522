import { DateTimeInput, TextArea, TextInput } from "~/components/form/fields";
import { EVENT_TEXT_LIMITS, eventForm, type EventFormFields } from "~/modules/events/events.schema";
import type { EditorRefusal } from "~/modules/publishing/editor.schema";
import type { PublicationState } from "~/modules/publishing/publication.schema";
import { ArticleForm } from "./ArticleForm";

/**
 * /admin/events' form (product §4, §5): title, description, place, start and end (Paris time), rich text (at least
 * 250 px), cover and three annexes. A missing title, start, end or content: sending does nothing (the fields are
 * marked, without a message); a start after the end: the spec's message.
 */
export function EventForm({
  event,
  state,
  refusal,
}: {
  event: EventFormFields & { id: number | null };
  state: PublicationState | null;
  refusal: EditorRefusal | null;
}) {
  return (
    <ArticleForm
      kind={{ name: "evenement", ...eventForm }}
      item={event}
      state={state}
      refusal={refusal}
      noun="l'événement"
      paths={{ preview: "/admin/apercu/evenement", versions: event.id ? `/admin/events/${event.id}/versions` : null }}
      minHeight={250}
    >
      <TextInput label="Titre" name="title" defaultValue={event.title} maxLength={EVENT_TEXT_LIMITS.title} />
      <TextArea
        label="Description"
        name="description"
        defaultValue={event.description}
        maxLength={EVENT_TEXT_LIMITS.description}
      />
      <TextInput label="Lieu" name="location" defaultValue={event.location} maxLength={EVENT_TEXT_LIMITS.location} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeInput label="Début" name="start" defaultValue={event.start} />
        <DateTimeInput label="Fin" name="end" defaultValue={event.end} />
      </div>
    </ArticleForm>
  );
}
