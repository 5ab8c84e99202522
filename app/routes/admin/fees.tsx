import { Form, Link } from "react-router";
import type { Route } from "./+types/fees";
import { Section } from "~/components/admin/admin-ui";
import { FeeCall } from "~/components/admin/fees/FeeCall";
import { FeeList } from "~/components/admin/fees/FeeList";
import { RemindForm } from "~/components/admin/fees/RemindForm";
import { FeeTotals } from "~/components/admin/fees/FeeTotals";
import { linkClass } from "~/components/admin/fees/fee-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { feesAction, feesScreen } from "~/modules/register/fees.admin.server";
import { onlinePaymentReady } from "~/modules/helloasso/helloasso.settings.server";
import { feePaymentLink } from "~/modules/helloasso/payment-links.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Cotisations ${loaderData?.year ?? ""}`.trim());
}

/** /admin/cotisations?annee=: the year's call (previewed, then confirmed), totals, balances, ticks and reminders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [screen, onlinePayment] = await Promise.all([feesScreen(request), onlinePaymentReady()]);
  return { ...screen, onlinePayment, role: signedInAdmin(context).role };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // The register makes no link itself: online payment is HelloAsso's module, which builds on the register.
  const payLink = (await onlinePaymentReady()) ? (feeId: number) => feePaymentLink(feeId) : null;
  return feesAction(new URL(request.url), form, currentActor(context), payLink);
}

export default function AdminFees({ loaderData, actionData }: Route.ComponentProps) {
  const {
    year,
    call,
    amounts,
    progress,
    fees,
    today,
    totals,
    remindable,
    rates,
    settledCount,
    showSettled,
    onlinePayment,
    role,
  } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(result?.intent === "preview" ? null : noticeOf(result));
  const owing = fees.filter((f) => f.owes).length;
  return (
    <AdminPage
      title={`Cotisations ${year}`}
      width="5xl"
      nav={<PlotsNav accountRole={role} />}
      popup={{ ...notice, error: result?.ok === false }}
    >
      <nav aria-label="Années" className="flex flex-wrap gap-3 text-sm">
        <Link to={`?annee=${year - 1}`} className={linkClass}>
          ← {year - 1}
        </Link>
        <Link to={`?annee=${year + 1}`} className={linkClass}>
          {year + 1} →
        </Link>
      </nav>
      <div className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <p className="text-lg">
          <strong>{progress.paid}</strong> cotisation{progress.paid > 1 ? "s" : ""} réglée{progress.paid > 1 ? "s" : ""}{" "}
          sur <strong>{progress.called}</strong>
          {progress.online > 0 ? `, dont ${progress.online} en ligne` : ""}
          {call
            ? ` (appel envoyé le ${call.date}, à régler avant le ${call.due} : ${call.amounts.join(", ")} selon la taille de la parcelle).`
            : "."}
        </p>
        {progress.called + settledCount > 0 && <FeeTotals totals={totals} />}
      </div>
      <Section
        id="appel"
        title={`Appel à cotisation ${year}`}
        description="Chaque jardinier actuel reçoit par e-mail le montant de ses parcelles (selon leur taille, ou son tarif particulier), la date avant laquelle régler et les moyens de paiement réglés dans les Paramètres. L'aperçu montre l'e-mail avant l'envoi. Relancé, l'appel ne concerne que les jardiniers arrivés depuis."
      >
        <FeeCall
          year={year}
          called={call?.amounts ?? null}
          values={amounts}
          result={result}
          onlinePayment={onlinePayment}
        />
      </Section>
      <Section
        id="liste"
        title={`Cotisations ${year} : ${owing} à régler`}
        action={
          <div className="flex flex-wrap gap-2">
            {remindable > 0 && <RemindForm remindable={remindable} onlinePayment={onlinePayment} result={result} />}
            <Form method="post" action={`/admin/cotisations/export?annee=${year}`} reloadDocument>
              <button type="submit" className={quietButtonClass}>
                Exporter en CSV
              </button>
            </Form>
            <Form method="post" action="/admin/cotisations/paiements/export" reloadDocument>
              <button type="submit" className={quietButtonClass}>
                Budgets d'entrée et cabanes (CSV)
              </button>
            </Form>
          </div>
        }
      >
        <FeeList fees={fees} today={today} result={result} />
        {settledCount > 0 && (
          <p className="mt-4">
            {showSettled ? (
              <Link to={`?annee=${year}#liste`} className={linkClass}>
                Masquer les cotisations réglées, exonérées ou annulées
              </Link>
            ) : (
              <Link to={`?annee=${year}&reglees=1#liste`} className={linkClass}>
                Afficher les {settledCount} cotisations réglées, exonérées ou annulées
              </Link>
            )}
          </p>
        )}
      </Section>
      {rates.length > 0 && (
        <Section
          id="tarifs"
          title="Tarifs particuliers"
          description="Réglés sur la fiche du jardinier ; l'appel les applique à la place de la taille des parcelles."
        >
          <ul className="divide-y divide-stone-200">
            {rates.map((r) => (
              <li key={r.id} className="py-2">
                {r.gardenerId ? (
                  <Link to={`/admin/jardiniers/${r.gardenerId}`} className={linkClass}>
                    {r.who}
                  </Link>
                ) : (
                  r.who
                )}{" "}
                : {r.amount}
                {r.reason ? ` (${r.reason})` : ""}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </AdminPage>
  );
}
