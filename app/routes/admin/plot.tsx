import { Link } from "react-router";
import type { Route } from "./+types/plot";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotFields } from "~/components/admin/plots/PlotFields";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { WarningList } from "~/components/admin/plots/WarningList";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { plotAction, plotScreen } from "~/modules/register/plots.admin.server";
import { PLOT_KIND_LABELS, PLOT_SIZE_SHORT_LABELS, PLOT_STATE_LABELS } from "~/modules/register/plots.labels";
import { plotFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? loaderData.plot.name : "Parcelle");
}

/** /admin/parcelles/:id: a plot, who holds it and held it, its recent warnings, its details to edit. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return plotScreen(params.id, signedInAdmin(context));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return plotAction(params.id, await readFormData(request), currentActor(context), signedInAdmin(context));
}

export default function AdminPlot({ loaderData, actionData }: Route.ComponentProps) {
  const { plot, site, holdings, warnings, role } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  const holder = holdings.find((h) => h.current);
  const attributed = plot.state === "attribuee";
  return (
    <AdminPage
      title={`Parcelle n° ${plot.number}`}
      nav={<PlotsNav accountRole={role} />}
      context={
        <Link to={`/admin/parcelles/jardins/${site.id}`} className={backLinkClass}>
          {site.name}
        </Link>
      }
      intro={
        <>
          <p className="text-stone-700">
            {PLOT_STATE_LABELS[plot.state]} · {plot.area} m² ({PLOT_SIZE_SHORT_LABELS[plot.size]}) ·{" "}
            {PLOT_KIND_LABELS[plot.kind]}
            {plot.cabinValue === null ? " · sans cabane" : ` · cabane, reprise ${plot.cabinValue} €`}
          </p>
          {holder?.gardener && (
            <p className="mt-1 text-stone-900">
              Attribuée à{" "}
              <Link
                to={`/admin/jardiniers/${holder.gardener.id}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {holder.gardener.name}
              </Link>{" "}
              {holder.upcoming ? "à partir du" : "depuis le"} {holder.from}.
            </p>
          )}
        </>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <WarningList warnings={warnings} />
      <Section id="occupants" title="Occupants successifs">
        {holdings.length === 0 ? (
          <p className="text-stone-700">Personne n'a encore cultivé cette parcelle d'après le registre.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {holdings.map((h) => (
              <li key={h.id} className="py-2">
                {h.gardener ? (
                  <Link
                    to={`/admin/jardiniers/${h.gardener.id}`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {h.gardener.name}
                  </Link>
                ) : (
                  <span className="italic">Fiche effacée</span>
                )}{" "}
                — {h.upcoming ? `à partir du ${h.from}` : `du ${h.from} ${h.current ? "à aujourd'hui" : `au ${h.to}`}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="fiche" title="Fiche de la parcelle">
        <IntentForm
          intent="save"
          schema={plotFormSchema}
          result={actionData}
          values={{
            number: String(plot.number),
            area: String(plot.area),
            kind: plot.kind,
            state: plot.state,
            cabin: plot.cabinValue === null ? "" : "on",
            cabinValue: plot.cabinValue === null ? "" : String(plot.cabinValue),
            notes: plot.notes,
          }}
          order={["number", "area", "kind", "state", "cabinValue", "notes"]}
          submit="Enregistrer la parcelle"
        >
          <PlotFields attributed={attributed} />
        </IntentForm>
        {holdings.length === 0 && warnings.length === 0 && (
          <div className="mt-4">
            <ConfirmDialog
              trigger="Supprimer la parcelle"
              title="Supprimer la parcelle"
              message={`Supprimer la ${plot.name} ? Personne ne l'a encore cultivée.`}
              confirm="Supprimer"
              fields={{ intent: "delete" }}
            />
          </div>
        )}
      </Section>
    </AdminPage>
  );
}
