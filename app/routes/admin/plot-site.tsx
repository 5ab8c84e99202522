import { Link } from "react-router";
import type { Route } from "./+types/plot-site";
import { CsvFileForm } from "~/components/admin/CsvFileForm";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { SitePhoneList } from "~/components/admin/plots/PhoneLinks";
import { PlotLegend, PlotTiles } from "~/components/admin/plots/PlotTiles";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { SiteFields } from "~/components/admin/plots/SiteFields";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { AdminPage } from "~/components/admin/AdminPage";
import { Select, TextInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { siteAction, siteScreen } from "~/modules/register/plots.admin.server";
import { PLOT_KIND_LABELS, PLOT_STATES, type PlotState } from "~/modules/register/plots.labels";
import { bulkPlotsSchema, siteFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? loaderData.site.name : "Jardin");
}

/** /admin/parcelles/jardins/:id: a site's plots as tiles, creating plots (a range or a CSV file), the site itself. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return siteScreen(params.id, signedInAdmin(context));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return siteAction(
    params.id,
    await readFormData(request, { textFiles: ["file"] }),
    currentActor(context),
    signedInAdmin(context),
  );
}

export default function AdminPlotSite({ loaderData, actionData }: Route.ComponentProps) {
  const { site, plots, role, wholeRegister } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  const counts = Object.fromEntries(PLOT_STATES.map((s) => [s, plots.filter((p) => p.state === s).length])) as Record<
    PlotState,
    number
  >;
  return (
    <AdminPage
      title={site.name}
      width="5xl"
      nav={<PlotsNav accountRole={role} />}
      intro={
        <p className="text-stone-700">
          {site.fullAddress} · {plots.length} parcelle
          {plots.length > 1 ? "s" : ""}
        </p>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <Section
        id="plan"
        title="Les parcelles"
        description={
          plots.length > 0 ? <PlotLegend counts={counts} warned={plots.some((p) => p.warnings > 0)} /> : null
        }
        action={
          plots.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <Link to={`/admin/parcelles/jardins/${site.id}/visite`} className={quietButtonClass}>
                Visite des parcelles
              </Link>
              <a href={`/admin/parcelles/jardins/${site.id}/imprimer`} className={quietButtonClass}>
                Liste à imprimer
              </a>
            </div>
          )
        }
      >
        {plots.length === 0 ? (
          <p className="text-stone-700">
            Aucune parcelle pour l'instant : créez-les ci-dessous, ou importez un fichier.
          </p>
        ) : (
          <PlotTiles tiles={plots} />
        )}
      </Section>
      {plots.some((p) => p.holder) && (
        <Section id="telephones" title="Téléphones des jardiniers">
          <SitePhoneList plots={plots} />
        </Section>
      )}
      <Section
        id="creer"
        title="Créer des parcelles"
        description="Par exemple les parcelles 1 à 40, de 120 m² chacune. Les numéros déjà pris sont laissés tels quels ; chaque parcelle se précise ensuite sur sa fiche."
      >
        <IntentForm
          intent="bulk"
          schema={bulkPlotsSchema}
          result={actionData}
          values={{ kind: "familiale" }}
          order={["from", "to", "area", "kind"]}
          submit="Créer les parcelles"
        >
          <div className="grid gap-4 sm:grid-cols-4">
            <TextInput name="from" label="Du numéro" required inputMode="numeric" autoComplete="off" />
            <TextInput name="to" label="Au numéro" required inputMode="numeric" autoComplete="off" />
            <TextInput name="area" label="Surface (m²)" required inputMode="numeric" autoComplete="off" />
            <Select name="kind" label="Type" options={Object.entries(PLOT_KIND_LABELS)} placeholder={null} />
          </div>
        </IntentForm>
      </Section>
      {wholeRegister && (
        <Section
          id="importer"
          title="Importer un fichier CSV"
          description="Une ligne d'en-tête puis une parcelle par ligne : numéro ; surface ; et si besoin type (familiale ou partagée), cabane (non, oui ou sa valeur de reprise en euros), état (libre, réservée, en remise en état), notes. Un numéro existant est mis à jour. À la moindre erreur, rien n'est importé."
        >
          <ImportForm result={actionData} />
        </Section>
      )}
      <Section id="jardin" title="Le jardin">
        <IntentForm
          intent="site"
          schema={siteFormSchema}
          result={actionData}
          values={{ name: site.name, town: site.town, address: site.address, accessNotes: site.accessNotes }}
          order={["name", "town", "address", "accessNotes"]}
          submit="Enregistrer le jardin"
        >
          <SiteFields />
        </IntentForm>
        {plots.length === 0 && wholeRegister && (
          <div className="mt-4">
            <ConfirmDialog
              trigger="Supprimer le jardin"
              title="Supprimer le jardin"
              message={`Supprimer « ${site.name} » ? Il n'a aucune parcelle.`}
              confirm="Supprimer"
              fields={{ intent: "delete-site" }}
            />
          </div>
        )}
      </Section>
      <p>
        <Link to="/admin/parcelles" className="font-semibold text-brand-800 underline underline-offset-2">
          Retour aux jardins
        </Link>
      </p>
    </AdminPage>
  );
}

/** The CSV file's form: a file input, checked by the server once read. */
function ImportForm({ result }: { result: Route.ComponentProps["actionData"] }) {
  const refused = result && !result.ok && result.intent === "import" ? result : undefined;
  return (
    <CsvFileForm
      intent="import"
      label="Fichier CSV (enregistré depuis le tableur)"
      refusal={refused?.message}
      submit="Importer"
    />
  );
}
