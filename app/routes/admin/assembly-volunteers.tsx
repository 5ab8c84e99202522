import { Form, Link } from "react-router";
import type { Route } from "./+types/assembly-volunteers";
import { Section } from "~/components/admin/admin-ui";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { VolunteerFields } from "~/components/admin/assembly/VolunteerFields";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { alertClass, inputClass, quietButtonClass } from "~/components/form/styles";
import { volunteerFormSchema } from "~/modules/assembly/assembly.schema";
import { volunteersAction, volunteersScreen } from "~/modules/assembly/volunteers.admin.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { de } from "~/lib/text";

export function meta() {
  return adminMeta("Membres sans parcelle");
}

/** /admin/assemblees/membres: members of the association who hold no plot, convened with the gardeners. */
export async function loader() {
  return volunteersScreen();
}

export async function action({ request, context }: Route.ActionArgs) {
  return volunteersAction(await readFormData(request), currentActor(context));
}

type Row = Route.ComponentProps["loaderData"]["current"][number];

function Who({ v }: { v: Row }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-stone-900">{v.name}</p>
      <p className="text-sm text-stone-700">
        {[v.email || "sans adresse e-mail", v.address || "sans adresse postale"].join(" · ")}
      </p>
      <p className="text-sm text-stone-700">
        Membre depuis le {v.since}
        {v.ended ? `, jusqu'au ${v.ended}` : ""}
        {v.note ? ` · ${v.note}` : ""}
      </p>
    </div>
  );
}

export default function AdminVolunteers({ loaderData, actionData }: Route.ComponentProps) {
  const notice = useSaveNotice(noticeOf(actionData));
  const { current, former, today } = loaderData;
  return (
    <AdminPage
      title="Membres sans parcelle"
      width="3xl"
      back={
        <Link to="/admin/assemblees" className={backLinkClass}>
          Retour aux assemblées
        </Link>
      }
      intro={
        <p className="text-stone-700">
          Les bénévoles que le bureau a agréés comme membres sans leur attribuer de parcelle. Ils sont convoqués aux
          assemblées générales avec les jardiniers, jusqu'à la fin de leur adhésion.
        </p>
      }
      popup={notice}
    >
      <Section id="actuels" title={`Membres actuels (${current.length})`}>
        {actionData && !actionData.ok && actionData.intent === "end" ? (
          <p role="alert" className={`${alertClass} mb-3`}>
            {[actionData.message, ...Object.values(actionData.errors)].join(" ")}
          </p>
        ) : null}
        {current.length === 0 ? (
          <p className="text-stone-700">Aucun membre sans parcelle pour le moment.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {current.map((v) => (
              <li key={v.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
                <Who v={v} />
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="id" value={v.id} />
                  <label className="text-sm">
                    <span className="block font-medium text-stone-900">
                      Fin d'adhésion <span className="sr-only">{de(v.name)}</span>
                    </span>
                    <input type="date" name="endDate" defaultValue={today} max={today} className={inputClass} />
                  </label>
                  <button type="submit" className={quietButtonClass}>
                    Enregistrer la fin d'adhésion <span className="sr-only">{de(v.name)}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="ajouter" title="Ajouter un membre">
        <IntentForm
          emptyAfterDone
          intent="add"
          schema={volunteerFormSchema}
          result={actionData}
          values={{ startDate: today }}
          order={["familyName", "givenNames", "email", "address", "startDate", "note"]}
          submit="Ajouter le membre"
        >
          <VolunteerFields />
        </IntentForm>
      </Section>
      {former.length > 0 ? (
        <Section id="anciens" title={`Anciens membres (${former.length})`}>
          <ul className="divide-y divide-stone-200">
            {former.map((v) => (
              <li key={v.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
                <Who v={v} />
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={v.id} />
                  <button type="submit" className={quietButtonClass}>
                    Supprimer la fiche <span className="sr-only">{de(v.name)}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </AdminPage>
  );
}
