import { Link } from "react-router";
import type { Route } from "./+types/fees-fee";
import { Section } from "~/components/admin/admin-ui";
import { FeeForms, FeePayments } from "~/components/admin/fees/FeeForms";
import { linkClass } from "~/components/admin/fees/fee-ui";
import { OnlinePayments } from "~/components/admin/fees/OnlinePayments";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { feeAction, feeScreen } from "~/modules/register/fees.admin.server";
import { anomalyAction, feeOnlinePayments } from "~/modules/helloasso/helloasso.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Cotisation ${loaderData.fee.year} : ${loaderData.fee.name}` : "Cotisation");
}

/** /admin/cotisations/:id: one fee, what was called and received, and the forms to pay, waive or cancel it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const screen = await feeScreen(params.id);
  return { ...screen, online: await feeOnlinePayments(screen.fee.id), role: signedInAdmin(context).role };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // « Traiter » a HelloAsso payment awaiting the bureau: the helloasso module's; the rest, the register's.
  if (String(form.get("intent") ?? "").startsWith("anomaly-")) return anomalyAction(form, currentActor(context));
  return feeAction(params.id, form, currentActor(context));
}

export default function AdminFee({ loaderData, actionData }: Route.ComponentProps) {
  const { fee, payments, bounced, online, today, role } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  return (
    <AdminPage
      title={`Cotisation ${fee.year} : ${fee.name}`}
      nav={<PlotsNav accountRole={role} />}
      intro={
        <>
          <p className="text-lg">
            {fee.called} appelés{fee.owed !== fee.called ? `, ${fee.owed} dus` : ""}, {fee.paid} reçus —{" "}
            <strong className={fee.late ? "text-red-800" : undefined}>
              {fee.state}
              {fee.late ? ", en retard" : ""}
            </strong>
          </p>
          <p className="text-stone-700">
            À régler avant le {fee.due}
            {fee.calledOn ? ` · appelée le ${fee.calledOn}` : " · enregistrée sans appel"}
            {fee.reminded ? ` · rappel envoyé le ${fee.reminded}` : ""}
            {fee.rate ? ` · tarif : ${fee.rate}` : ""}
            {fee.reason ? ` · ${fee.reason}` : ""}
            {fee.left ? " · jardinier parti" : ""}
          </p>
          {fee.gardenerId !== null && (
            <Link to={`/admin/jardiniers/${fee.gardenerId}`} className={linkClass}>
              Fiche du jardinier
            </Link>
          )}
        </>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <Section id="recus" title="Paiements reçus">
        <FeePayments payments={payments} bounced={bounced} today={today} result={actionData} />
      </Section>
      {online.length > 0 && (
        <Section
          id="en-ligne"
          title="Paiements en ligne"
          description="Commencés sur la page de paiement HelloAsso ; un paiement confirmé par HelloAsso s'enregistre tout seul ci-dessus."
        >
          <OnlinePayments payments={online} result={actionData} />
        </Section>
      )}
      <FeeForms fee={fee} today={today} result={actionData} />
      <p>
        <Link to={`/admin/cotisations?annee=${fee.year}`} className={linkClass}>
          Retour aux cotisations {fee.year}
        </Link>
      </p>
    </AdminPage>
  );
}
