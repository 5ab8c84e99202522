import { data, redirect } from "react-router";
import type { Route } from "./+types/events";
import { AdminSection } from "~/components/admin/admin-ui";
import { EventForm } from "~/components/admin/EventForm";
import { PublishedList } from "~/components/admin/PublishedList";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ARTICLE_FILE_FIELDS, formMatchesPage } from "~/lib/admin-form.server";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/lib/seo";
import { parseId } from "~/lib/text";
import { saveEventForm } from "~/modules/events/events.admin.server";
import { deleteEvent, getEvent, listEventsByStart } from "~/modules/events/events.server";
import { dateToParisLocal } from "~/modules/events/paris-time";
import { MediaError } from "~/modules/media/media.server";
import { readSubmittedForm } from "~/modules/media/multipart.server";
import { currentActor } from "~/modules/history/actor.server";
import { withHistory } from "~/modules/history/history.server";

const DONE: Record<string, string> = {
  publie: "Événement publié.",
  maj: "Événement mis à jour.",
  supprime: "Événement supprimé.",
};

export function meta() {
  return adminMeta("Gestion des événements");
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const editId = url.searchParams.has("edit") ? parseId(url.searchParams.get("edit")) : null;
  const [events, editing] = await Promise.all([listEventsByStart(), editId === null ? undefined : getEvent(editId)]);
  // An address to edit an event that is gone leads back to the list.
  if (url.searchParams.has("edit") && !editing) throw redirect("/admin/events");
  return {
    done: DONE[url.searchParams.get("fait") ?? ""] ?? null,
    editing: editing && {
      id: editing.id,
      title: editing.title,
      description: editing.description,
      location: editing.location,
      start: dateToParisLocal(editing.start),
      end: dateToParisLocal(editing.endDate),
      content: editing.content,
      image: editing.image,
      annexes: editing.imagesAnnexes,
    },
    events: events.map((event) => ({
      id: event.id,
      title: event.title,
      image: event.image,
      details: [formatDateTime(event.start), event.location].filter(Boolean).join(" · "),
      href: `/events/${event.id}`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  let form;
  try {
    form = await readSubmittedForm(request, {
      maxFiles: ARTICLE_FILE_FIELDS.length,
      maxFields: 30,
      maxFieldSize: 1024 * 1024,
      fileFields: ARTICLE_FILE_FIELDS,
    });
  } catch (error) {
    if (error instanceof MediaError)
      return data({ message: error.message, missing: [], values: null }, { status: error.status });
    throw error;
  }
  try {
    switch (form.get("intent")) {
      case "save": {
        if (!formMatchesPage(request, form))
          return data(
            {
              message: "Ce formulaire ne correspond pas à l'événement affiché : rechargez la page.",
              values: null,
              missing: [],
            },
            { status: 400 },
          );
        const outcome = await saveEventForm(form, currentActor(context));
        if (outcome.ok) return redirect(`/admin/events?fait=${outcome.created ? "publie" : "maj"}`);
        return data(
          { message: outcome.message, field: outcome.field, missing: outcome.missing, values: outcome.values },
          { status: outcome.status },
        );
      }
      case "delete": {
        const id = parseId(form.get("id"));
        const deleted =
          id !== null &&
          (await withHistory(
            currentActor(context),
            (tx) => deleteEvent(id, tx),
            (done) => done && { kind: "evenement.suppression", target: `événement n° ${id}` },
          ));
        if (!deleted)
          return data({ message: "Cet événement n'existe plus.", missing: [], values: null }, { status: 404 });
        return redirect("/admin/events?fait=supprime");
      }
      default:
        return data({ message: "Action inconnue.", missing: [], values: null }, { status: 400 });
    }
  } finally {
    await form.cleanup();
  }
}

const NEW_EVENT = {
  id: null,
  title: "",
  description: "",
  location: "",
  start: "",
  end: "",
  content: "",
  image: null,
  annexes: [],
};

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { done, editing, events } = loaderData;
  // After a refusal the form shows what was sent; otherwise the event being edited, or an empty form.
  const values = actionData?.values;
  const event = values ? { ...values, id: values.id ? Number(values.id) : null } : (editing ?? NEW_EVENT);
  const notice = useSaveNotice(done);
  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-24">
      <h1 className="text-2xl font-bold text-stone-900">Gestion des événements</h1>
      <AdminSection
        id="formulaire-evenement"
        title={event.id ? `Modifier l'événement « ${event.title} »` : "Nouvel événement"}
      >
        <EventForm key={`${event.id ?? "nouveau"}-${notice.formKey}`} event={event} refusal={actionData ?? null} />
      </AdminSection>
      <AdminSection id="evenements-publies" title="Événements publiés">
        <PublishedList
          items={events}
          empty="Aucun événement publié."
          editPath={(id) => `/admin/events?edit=${id}`}
          noun="l'événement"
        />
      </AdminSection>
      <FeedbackPopup message={notice.message} onClose={notice.close} />
    </div>
  );
}
