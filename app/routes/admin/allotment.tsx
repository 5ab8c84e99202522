import { Link } from "react-router";
import type { Route } from "./+types/allotment";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { IntentForm } from "~/components/admin/plots/IntentForm";
import { PlotChoices } from "~/components/admin/plots/PlotChoices";
import { Checkbox, DateTimeInput } from "~/components/form/fields";
import { PLOT_SIZE_LABELS, VILLE_LABELS, type PlotSize, type Ville } from "~/lib/constants";
import { readFormData } from "~/modules/forms/form-data.server";
import { allotmentAction, allotmentScreen } from "~/modules/register/gardeners.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { allotmentFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Attribuer une parcelle");
}

/** /admin/applications/:id/attribuer: the free plots for an applicant, those that suit them first. */
export async function loader({ params }: Route.LoaderArgs) {
  return allotmentScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return allotmentAction(params.id, await readFormData(request), currentActor(context));
}

export default function AdminAllotment({ loaderData, actionData }: Route.ComponentProps) {
  const { application, free, today } = loaderData;
  const town = VILLE_LABELS[application.town as Ville] ?? application.town;
  const size = PLOT_SIZE_LABELS[application.size as PlotSize] ?? application.size;
  const none = free.matching.length + free.otherSizes.length + free.otherTowns.length === 0;
  return (
    <AdminPage
      title={`Attribuer une parcelle à ${application.name}`}
      width="3xl"
      back={
        <Link to="/admin/applications" className={backLinkClass}>
          Retour aux demandes
        </Link>
      }
      intro={
        <p className="text-stone-700">
          Demande du {application.date} · {town} · {size}
        </p>
      }
    >
      <Section
        id="attribution"
        title="Parcelles libres"
        description="En confirmant : le jardinier est créé depuis la demande, la parcelle devient attribuée, la demande est archivée (les suivants avancent dans la liste d'attente) et l'e-mail de bienvenue part, avec l'adresse du jardin, le numéro de la parcelle et le budget d'entrée. Pour une date à venir, tout cela se fait ce jour-là ; d'ici là, la parcelle est promise."
      >
        {none ? (
          <p className="text-stone-700">
            Aucune parcelle libre. Une parcelle se libère au départ de son jardinier, ou depuis sa fiche dans{" "}
            <Link to="/admin/parcelles" className="font-semibold text-brand-800 underline underline-offset-2">
              Parcelles
            </Link>
            .
          </p>
        ) : (
          <IntentForm
            intent="allot"
            schema={allotmentFormSchema}
            result={actionData}
            values={{ startDate: today }}
            order={["plotId", "startDate", "welcomeNow"]}
            submit="Confirmer l'attribution"
          >
            <PlotChoices
              groups={[
                [`À ${town}, taille souhaitée`, free.matching],
                [`À ${town}, autres tailles`, free.otherSizes],
                ["Dans les autres jardins", free.otherTowns],
              ]}
            />
            <DateTimeInput
              name="startDate"
              type="date"
              label="Attribuée à partir du"
              required
              hint="Une date à venir (au plus un an) prévoit l'attribution : la parcelle reste libre jusque-là, sans être proposée à personne d'autre."
            />
            <Checkbox name="welcomeNow">
              Pour une date à venir : envoyer le courriel de bienvenue dès maintenant
              <span className="block text-sm text-stone-600">
                Sinon, il part le jour de l'attribution. Aujourd'hui ou avant, il part tout de suite.
              </span>
            </Checkbox>
          </IntentForm>
        )}
      </Section>
    </AdminPage>
  );
}
