import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/plot-inspection-round";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import {
  RoundAddition,
  RoundCorrection,
  RoundDeletion,
  WarningWithdrawal,
  WithdrawnWarnings,
} from "~/components/admin/plots/RoundForms";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { roundAction, roundScreen } from "~/modules/register/inspections.admin.server";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Visite du ${loaderData.round.date} : ${loaderData.site.name}` : "Visite");
}

/** /admin/parcelles/jardins/:id/visites/:roundId: a saved round, to correct, complete or delete. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return roundScreen(params.id, params.roundId, signedInAdmin(context));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return roundAction(
    params.id,
    params.roundId,
    await readFormData(request),
    currentActor(context),
    signedInAdmin(context),
  );
}

/** After any answer, refused ones included, the page shows the round as it is now, with its new one-time token. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" || defaultShouldRevalidate;
}

export default function AdminPlotInspectionRound({ loaderData, actionData }: Route.ComponentProps) {
  const { site, round, marks, addable, values, role } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  const warnings = marks.filter((m) => m.result === "avertissement" && !m.withdrawn).length;
  return (
    <AdminPage
      title={`Visite du ${round.date}`}
      nav={<PlotsNav accountRole={role} />}
      context={
        <Link to={`/admin/parcelles/jardins/${site.id}/visite`} className={backLinkClass}>
          Visites : {site.name}
        </Link>
      }
      intro={
        <p className="text-stone-700">
          Par {round.inspector} : {marks.length} parcelle{marks.length > 1 ? "s" : ""} vue{marks.length > 1 ? "s" : ""},{" "}
          {warnings === 0 ? "aucun avertissement" : `${warnings} avertissement${warnings > 1 ? "s" : ""}`}.
        </p>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <RoundCorrection round={round} marks={marks} values={values} result={actionData} />
      <RoundAddition round={round} addable={addable} result={actionData} />
      <WarningWithdrawal round={round} marks={marks} result={actionData} />
      <WithdrawnWarnings marks={marks} />
      <RoundDeletion round={round} />
    </AdminPage>
  );
}
