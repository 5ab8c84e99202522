import { Form, Link } from "react-router";
import type { Route } from "./+types/assembly-minutes";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { NotTheDay } from "~/components/admin/assembly/NotTheDay";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { RichTextEditor } from "~/components/form/RichTextEditor";
import { DateTimeInput, FormFields, TextInput } from "~/components/form/fields";
import { ErrorSummary } from "~/components/form/messages";
import { alertClass, buttonClass, quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { minutesAction, minutesScreen } from "~/modules/assembly/assembly.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Procès-verbal");
}

/** /admin/assemblees/:id/proces-verbal: the minutes drafted from the day, edited, then filed as a PDF. */
export async function loader({ params }: Route.LoaderArgs) {
  return minutesScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return minutesAction(params.id, await readFormData(request), currentActor(context));
}

export default function AssemblyMinutes({ loaderData, actionData }: Route.ComponentProps) {
  const notice = useSaveNotice(actionData?.ok ? actionData.message : null);
  const refused = actionData && !actionData.ok ? actionData : null;
  const back = (
    <Link to={`/admin/assemblees/${loaderData.id}`} className={backLinkClass}>
      {loaderData.title}
    </Link>
  );
  if (loaderData.notYet)
    return (
      <AdminPage title="Procès-verbal" back={back}>
        <NotTheDay words={loaderData.notYet} />
      </AdminPage>
    );
  return (
    <AdminPage
      title="Procès-verbal"
      back={back}
      intro={
        <p className="text-stone-700">
          {loaderData.saved
            ? "Le texte enregistré."
            : "Rédigé d'après la présence et les votes : relisez, complétez, puis enregistrez."}{" "}
          Les noms de séance signent le PDF ; « Rédiger de nouveau » les reprend dans le texte.{" "}
          {loaderData.documentId ? (
            <Link to="/admin/documents" className="font-semibold text-brand-800 underline">
              Déposé dans les documents
            </Link>
          ) : null}
        </p>
      }
      popup={notice}
    >
      {refused && Object.keys(refused.errors).length === 0 ? (
        <p role="alert" className={alertClass}>
          {refused.message}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" key={loaderData.html}>
        <FormFields
          state={{
            id: "minutes",
            errors: refused?.errors ?? {},
            values: { ...loaderData.facts, ...refused?.values },
            order: ["chair", "secretary", "closedTime"],
          }}
        >
          <ErrorSummary />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextInput name="chair" label="Présidente ou président de séance" autoComplete="off" />
            <TextInput name="secretary" label="Secrétaire de séance" autoComplete="off" />
            <DateTimeInput name="closedTime" type="time" label="Séance levée à" />
          </div>
        </FormFields>
        <RichTextEditor name="minutes" label="Texte du procès-verbal" defaultValue={loaderData.html} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            Enregistrer
          </button>
          <button type="submit" name="intent" value="file" className={buttonClass}>
            Déposer en PDF dans les documents
          </button>
          <button type="submit" name="intent" value="redraft" className={quietButtonClass}>
            Rédiger de nouveau d'après la présence et les votes
          </button>
        </div>
      </Form>
    </AdminPage>
  );
}
