import { Form, Link } from "react-router";
import type { Route } from "./+types/event-registrations";
import { Section } from "~/components/admin/admin-ui";
import { RegistrationTable } from "~/components/admin/registrations/RegistrationTable";
import { SignupSettingsForm } from "~/components/admin/registrations/SignupSettingsForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { placesLeftText, signupsAndPeople } from "~/modules/registrations/registrations.messages";
import {
  cancelSignupByAdmin,
  registrationsScreen,
  saveSignupSettings,
} from "~/modules/registrations/registrations.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Inscriptions : ${loaderData.event.title}` : "Inscriptions");
}

/** /admin/events/:id/inscriptions: an event's sign-up settings, the people present, the waiting list, the rest. */
export async function loader({ params }: Route.LoaderArgs) {
  return registrationsScreen(params.id);
}

/** The settings' « Enregistrer », or a sign-up's « Désinscrire ». */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  return form.get("intent") === "cancel"
    ? cancelSignupByAdmin(params.id, form, currentActor(context))
    : saveSignupSettings(params.id, form, currentActor(context));
}

export default function AdminEventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { event, present, waiting, cancelled, question } = loaderData;
  const notice = useSaveNotice(actionData?.message ?? null);
  const places = placesLeftText(loaderData.placesLeft);
  return (
    <AdminPage
      title={`Inscriptions : ${event.title}`}
      back={
        <Link to="/admin/events" className={backLinkClass}>
          Retour aux événements
        </Link>
      }
      intro={event.practical.map((line) => (
        <p key={line} className="text-stone-700">
          {line}
        </p>
      ))}
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <Section id="reglages" title="Réglages">
        <SignupSettingsForm
          settings={loaderData.settings}
          refused={actionData?.ok === false && actionData.intent !== "cancel" ? actionData : undefined}
        />
      </Section>
      <Section
        id="inscrits"
        title={`Inscrits : ${signupsAndPeople(present.rows.length, present.people)}`}
        description={places ?? "Places sans limite."}
        action={
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/lettre/nouvelle?inscrits=${event.id}`} className={quietButtonClass}>
              Écrire aux inscrits
            </Link>
            <a href={`/admin/events/${event.id}/inscriptions/imprimer`} className={quietButtonClass}>
              Liste à imprimer
            </a>
            <Form method="post" action={`/admin/events/${event.id}/inscriptions/export`} reloadDocument>
              <button type="submit" className={quietButtonClass}>
                Exporter en CSV
              </button>
            </Form>
          </div>
        }
      >
        <RegistrationTable rows={present.rows} question={question} caption="Inscrits" cancellable />
      </Section>
      <Section id="attente" title={`Liste d'attente : ${signupsAndPeople(waiting.rows.length, waiting.people)}`}>
        <RegistrationTable rows={waiting.rows} question={question} caption="Liste d'attente" cancellable />
      </Section>
      <Section id="annules" title={`Annulations : ${cancelled.length}`}>
        <RegistrationTable rows={cancelled} question={question} caption="Annulations" />
      </Section>
    </AdminPage>
  );
}
