import { Form, Link } from "react-router";
import type { Route } from "./+types/plot-inspection";
import { Section } from "~/components/admin/admin-ui";
import { InspectionRows } from "~/components/admin/plots/InspectionRows";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { DateTimeInput, FormFields, TextInput } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { inspectionAction, inspectionScreen } from "~/modules/register/inspections.admin.server";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Visite : ${loaderData.site.name}` : "Visite");
}

/** /admin/parcelles/jardins/:id/visite: a monthly inspection round, saved as one; the past rounds, each to open. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return inspectionScreen(params.id, currentActor(context), signedInAdmin(context));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return inspectionAction(params.id, await readFormData(request), currentActor(context), signedInAdmin(context));
}

export default function AdminPlotInspection({ loaderData, actionData }: Route.ComponentProps) {
  const { site, plots, rounds, defaults, role } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const values = refused?.values ?? defaults;
  // Refused as a second round of the same day: the way to the one already saved, to add the forgotten plot there.
  const existing = refused && rounds.find((r) => r.day === refused.values.date);
  return (
    <AdminPage
      title="Visite des parcelles"
      nav={<PlotsNav accountRole={role} />}
      context={
        <Link to={`/admin/parcelles/jardins/${site.id}`} className={backLinkClass}>
          {site.name}
        </Link>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <Section
        id="visite"
        title="Nouvelle visite"
        description="Chaque parcelle attribuée est conforme par défaut. Un avertissement demande une remarque ; il peut être envoyé par e-mail au jardinier (texte réglable dans les Paramètres)."
      >
        {plots.length === 0 ? (
          <p className="text-stone-700">Aucune parcelle attribuée dans ce jardin.</p>
        ) : (
          <Form method="post" noValidate key={notice.formKey} className="space-y-4">
            <FormFields
              state={{ id: "visite", errors: refused?.errors ?? {}, values, order: Object.keys(refused?.errors ?? {}) }}
            >
              <ErrorSummary />
              {refused && Object.keys(refused.errors).length === 0 && <FormMessage message={refused.message} />}
              {existing && (
                <p>
                  <Link to={existing.href} className="font-semibold text-brand-800 underline underline-offset-2">
                    Ouvrir la visite du {existing.date}
                  </Link>
                </p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <DateTimeInput name="date" type="date" label="Date de la visite" required />
                <TextInput name="inspector" label="Visite faite par" required autoComplete="off" />
              </div>
              <InspectionRows plots={plots} />
              <FormFooter>
                <SubmitButton>Enregistrer la visite</SubmitButton>
              </FormFooter>
            </FormFields>
          </Form>
        )}
      </Section>
      <Section id="visites" title="Visites précédentes">
        {rounds.length === 0 ? (
          <p className="text-stone-700">Aucune visite enregistrée.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {rounds.map((r) => (
              <li key={r.id} className="py-2">
                <Link to={r.href} className="font-semibold text-brand-800 underline underline-offset-2">
                  Visite du {r.date}
                </Link>
                , par {r.inspector} : {r.plots} parcelle{r.plots > 1 ? "s" : ""} vue
                {r.plots > 1 ? "s" : ""},{" "}
                {r.warnings === 0 ? "aucun avertissement" : `${r.warnings} avertissement${r.warnings > 1 ? "s" : ""}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}
