import type { Route } from "./+types/events";
import { signedInAdmin } from "~/request/context";
import { Section } from "~/components/admin/admin-ui";
import { AutosaveOffer } from "~/components/admin/AutosaveOffer";
import { EditorLists } from "~/components/admin/EditorLists";
import { EventForm } from "~/components/admin/EventForm";
import { StateBadge } from "~/components/admin/StateBadge";
import { AdminPage } from "~/components/admin/AdminPage";
import { useEditorNotice } from "~/components/admin/use-save-notice";
import { adminMeta } from "~/modules/seo/seo";
import { eventEditor, eventLists } from "~/modules/events/events.admin.server";
import type { EventFormFields } from "~/modules/events/events.schema";
import { editorFrom, editorPageData, runEditorAction } from "~/modules/publishing/editor.admin.server";
import { pageCount } from "~/lib/pagination";

export function meta() {
  return adminMeta("Gestion des événements");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await editorPageData(eventEditor, request, signedInAdmin(context).id);
  const lists = await eventLists(page.query);
  return { ...page, lists, pages: pageCount(lists.publishedTotal, page.query.pageSize) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runEditorAction(eventEditor, request, editorFrom(signedInAdmin(context)));
}

const NEW_EVENT: EventFormFields = {
  title: "",
  description: "",
  location: "",
  start: "",
  end: "",
  content: "",
  image: null,
  annexes: [],
  alts: {},
  publishAt: "",
};

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { done, item, autosave, resumed, query, lists, pages } = loaderData;
  // After a refusal the form shows what was sent; otherwise the event being edited (or its autosave), or an empty form.
  const refused = actionData && !actionData.ok ? actionData : null;
  const fields = refused?.values ?? item.fields ?? NEW_EVENT;
  const id = refused?.values ? Number(refused.values.id) || null : item.id;
  const { notice, formRefusal } = useEditorNotice(done, refused);
  return (
    <AdminPage title="Gestion des événements" roomBelow popup={notice}>
      {autosave ? <AutosaveOffer savedAt={autosave.savedAt} itemId={item.id} /> : null}
      <Section
        id="formulaire-evenement"
        title={id ? `Modifier l'événement « ${fields.title} »` : "Nouvel événement"}
        action={<StateBadge state={item.state} publishAt={fields.publishAt} resumed={resumed} />}
      >
        {/* A new key when another event is edited: the fields start again from its values. */}
        <EventForm
          key={`${id ?? "nouveau"}-${notice.formKey}`}
          event={{ ...fields, id }}
          state={item.state}
          refusal={formRefusal}
        />
      </Section>
      <EditorLists
        lists={lists}
        query={query}
        pages={pages}
        labels={{
          published: "Événements publiés",
          empty: "Aucun événement publié.",
          search: "Rechercher un événement",
          searchHint: "Un mot du titre, un lieu ou une date : 2026, 11/2026, 24/11/2026.",
          idPrefix: "evenements",
        }}
        editPath={(eventId) => `/admin/events?edit=${eventId}`}
        publishedLinks={(event) => [
          {
            href: `/admin/events/${event.id}/inscriptions`,
            label: "Inscriptions",
            name: `Inscriptions à « ${event.title} »`,
          },
          {
            href: `/admin/lettre/nouvelle?evenement=${event.id}`,
            label: "Envoyer aux abonnés",
            name: `Envoyer aux abonnés « ${event.title} »`,
          },
        ]}
        noun="l'événement"
      />
    </AdminPage>
  );
}
