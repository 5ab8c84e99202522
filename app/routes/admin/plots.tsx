import { Form, Link } from "react-router";
import { quietButtonClass } from "~/components/form/styles";
import type { Route } from "./+types/plots";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { PlannedAllotments } from "~/components/admin/plots/PlannedAllotments";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { PlotLegend } from "~/components/admin/plots/PlotTiles";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { SiteFields } from "~/components/admin/plots/SiteFields";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { addSite, sitesScreen } from "~/modules/register/plots.admin.server";
import { cancelPlanAction, plannedScreen } from "~/modules/register/planned-allotments.admin.server";
import { siteFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta() {
  return adminMeta("Parcelles");
}

/** /admin/parcelles: the garden sites (a referent: theirs), their plots counted by state, and « Ajouter un jardin ». */
export async function loader({ request, context }: Route.LoaderArgs) {
  const access = signedInAdmin(context);
  return { ...(await sitesScreen(access)), ...(await plannedScreen(access, new URL(request.url))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // « Annuler » an allotment planned for a later day; the rest is « Ajouter un jardin ».
  if (form.get("intent") === "cancel-plan")
    return cancelPlanAction(form, currentActor(context), signedInAdmin(context));
  return addSite(form, currentActor(context), signedInAdmin(context));
}

export default function AdminPlots({ loaderData, actionData }: Route.ComponentProps) {
  const { sites, role, wholeRegister, planned, cancellable, plannedNotice } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData) ?? plannedNotice);
  return (
    <AdminPage
      title="Parcelles"
      nav={<PlotsNav accountRole={role} />}
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      {sites.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          {wholeRegister
            ? "Aucun jardin enregistré. Ajoutez vos jardins ci-dessous, puis leurs parcelles : la page d'accueil comptera alors les parcelles libres d'après ce registre."
            : "Aucun jardin ne vous est confié pour l'instant : demandez à un administrateur de vous en confier un."}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {sites.map((site) => (
            <li key={site.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
              <h2 className="text-lg font-bold text-stone-900">
                <Link
                  to={`/admin/parcelles/jardins/${site.id}`}
                  className="text-brand-800 underline underline-offset-2"
                >
                  {site.name}
                </Link>
              </h2>
              <p className="text-sm text-stone-600">
                {site.town} · {site.total} parcelle{site.total > 1 ? "s" : ""}
              </p>
              <div className="mt-3">
                <PlotLegend counts={site.byState} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PlannedAllotments planned={planned} cancellable={cancellable} />
      {sites.length > 0 && (
        <Form method="post" action="/admin/parcelles/export" reloadDocument>
          <button type="submit" className={quietButtonClass}>
            Exporter les parcelles en CSV
          </button>
        </Form>
      )}
      {wholeRegister && (
        <Section id="ajouter-jardin" title="Ajouter un jardin">
          <IntentForm
            intent="create-site"
            schema={siteFormSchema}
            result={actionData}
            order={["name", "town", "address", "accessNotes"]}
            submit="Ajouter le jardin"
          >
            <SiteFields />
          </IntentForm>
        </Section>
      )}
    </AdminPage>
  );
}
