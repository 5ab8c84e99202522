import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/gardener";
import { Section } from "~/components/admin/admin-ui";
import { GardenerFields } from "~/components/admin/plots/GardenerFields";
import { GardenerPlots } from "~/components/admin/plots/GardenerPlots";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { GardenerFees } from "~/components/admin/fees/GardenerFees";
import { LeaverFeeQuestion } from "~/components/admin/fees/LeaverFeeQuestion";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { WarningList } from "~/components/admin/plots/WarningList";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { AdminPage } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { gardenerAction, gardenerScreen } from "~/modules/register/gardeners.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { gardenerFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { agreed, de } from "~/lib/text";
import { formatCalendarDate } from "~/lib/dates";
import { signedInAdmin } from "~/request/context";
import { GardenerDetails } from "~/components/admin/plots/GardenerDetails";
import { GardenerLetters } from "~/components/admin/plots/GardenerLetters";
import { MyGardenChanges } from "~/components/admin/plots/MyGardenChanges";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? loaderData.gardener.name : "Jardinier");
}

/**
 * /admin/jardiniers/:id: a gardener's record, plots, payments and recent warnings. Its forms follow the role: the
 * treasurer reads the record and records payments, a referent changes it but not its money (`./permissions.ts`).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return gardenerScreen(params.id, signedInAdmin(context));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return gardenerAction(params.id, await readFormData(request), currentActor(context), signedInAdmin(context));
}

export default function AdminGardener({ loaderData, actionData }: Route.ComponentProps) {
  const {
    gardener,
    holdings,
    money,
    warnings,
    freePlots,
    today,
    year,
    role,
    editable,
    erasable,
    payments,
    selfChanges,
  } = loaderData;
  const [params] = useSearchParams();
  const justAllotted = params.has("attribuee") && holdings.some((h) => h.current);
  const notice = useSaveNotice(
    noticeOf(actionData) ?? (justAllotted ? "Parcelle attribuée : l'e-mail de bienvenue part au jardinier." : null),
  );
  return (
    <AdminPage
      title={gardener.name}
      nav={<PlotsNav accountRole={role} />}
      intro={
        <p className="text-stone-700">
          {gardener.left
            ? `${agreed(gardener.civility, "Ancien jardinier, parti", "Ancienne jardinière, partie", "Ancien jardinier, parti")} le ${gardener.left}.`
            : gardener.startDate > today
              ? `${agreed(gardener.civility, "Nouveau jardinier", "Nouvelle jardinière", "Nouveau jardinier")}, à partir du ${formatCalendarDate(gardener.startDate)}.`
              : `${agreed(gardener.civility, "Jardinier actuel", "Jardinière actuelle", "Jardinier actuel")}.`}
          {gardener.fromApplication ? " Venu de la liste d'attente." : ""}
        </p>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <WarningList warnings={warnings} />
      <GardenerPlots
        holdings={holdings}
        planned={loaderData.planned}
        freePlots={freePlots}
        today={today}
        result={actionData}
        formerGardener={gardener.left !== ""}
        editable={editable}
        departureExtra={
          payments && (
            <LeaverFeeQuestion fees={money.openFees} severalPlots={holdings.filter((h) => h.current).length > 1} />
          )
        }
      />
      <GardenerFees
        gardenerId={gardener.id}
        money={money}
        plots={holdings.filter((h) => h.current).map((h) => [String(h.plotId), h.name] as const)}
        year={year}
        today={today}
        result={actionData}
        editable={payments}
      />
      <Section id="fiche" title="Fiche">
        {editable ? (
          <>
            <IntentForm
              intent="save"
              schema={gardenerFormSchema}
              result={actionData}
              values={{
                familyName: gardener.familyName,
                givenNames: gardener.givenNames,
                civility: gardener.civility,
                email: gardener.email,
                mobile: gardener.mobile,
                landline: gardener.landline,
                address: gardener.address,
                startDate: gardener.startDate,
                notes: gardener.notes,
              }}
              order={[
                "familyName",
                "givenNames",
                "civility",
                "email",
                "mobile",
                "landline",
                "address",
                "startDate",
                "notes",
              ]}
              submit="Enregistrer la fiche"
            >
              <GardenerFields />
            </IntentForm>
            {erasable && (
              <div className="mt-4">
                <ConfirmDialog
                  trigger="Effacer la fiche"
                  title="Effacer la fiche"
                  message={`Effacer la fiche ${de(gardener.name)} ? Ses parcelles sont libérées aujourd'hui (en remise en état) ; leur historique et les montants payés restent, sans son nom.`}
                  confirm="Effacer"
                  fields={{ intent: "erase" }}
                />
              </div>
            )}
          </>
        ) : (
          <GardenerDetails gardener={gardener} />
        )}
      </Section>
      <Section id="lettres" title="Lettres aux jardiniers">
        <GardenerLetters letters={gardener.letters} editable={editable} />
      </Section>
      <Section id="mon-jardin" title="Modifications faites dans Mon jardin">
        <MyGardenChanges changes={selfChanges} />
      </Section>
      <p>
        <Link to="/admin/jardiniers" className="font-semibold text-brand-800 underline underline-offset-2">
          Retour aux jardiniers
        </Link>
      </p>
    </AdminPage>
  );
}
