import { Form, Link } from "react-router";
import type { Route } from "./+types/fees";
import { Section } from "~/components/admin/admin-ui";
import { FeeList } from "~/components/admin/plots/FeeList";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { TextInput } from "~/components/form/fields";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { feesAction, feesScreen } from "~/modules/gardeners/fees.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { feeCallFormSchema } from "~/modules/plots/plots.schema";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Cotisations ${loaderData?.year ?? ""}`.trim());
}

/** /admin/cotisations?annee=: the year's fee call, who paid, the ticks and the reminder. */
export async function loader({ request }: Route.LoaderArgs) {
  return feesScreen(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return feesAction(new URL(request.url), await readFormData(request), currentActor(context));
}

export default function AdminFees({ loaderData, actionData }: Route.ComponentProps) {
  const { year, call, amounts, progress, fees, today } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  const unpaid = fees.filter((f) => !f.paidOn).length;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PlotsNav />
      <h1 className="text-2xl font-bold text-stone-900">Cotisations {year}</h1>
      <nav aria-label="Années" className="flex flex-wrap gap-3 text-sm">
        <Link to={`?annee=${year - 1}`} className="font-semibold text-brand-800 underline underline-offset-2">
          ← {year - 1}
        </Link>
        <Link to={`?annee=${year + 1}`} className="font-semibold text-brand-800 underline underline-offset-2">
          {year + 1} →
        </Link>
      </nav>
      <p className="rounded-xl bg-white p-4 text-lg ring-1 ring-stone-200">
        <strong>{progress.paid}</strong> jardinier{progress.paid > 1 ? "s" : ""} sur <strong>{progress.called}</strong>{" "}
        {progress.paid > 1 ? "ont" : "a"} payé la cotisation {year}
        {call ? ` (appel envoyé le ${call.date} : ${call.amounts.join(", ")} selon la taille de la parcelle).` : "."}
      </p>
      <Section
        id="appel"
        title={`Appel à cotisation ${year}`}
        description="Chaque jardinier actuel reçoit par e-mail le montant de ses parcelles (selon leur taille) et les moyens de paiement réglés dans les Paramètres. Relancé, l'appel ne concerne que les jardiniers arrivés depuis."
      >
        <IntentForm
          intent="call"
          schema={feeCallFormSchema}
          result={actionData}
          values={amounts}
          order={["year", "small", "medium", "large"]}
          submit={call ? "Appeler les nouveaux jardiniers" : "Envoyer l'appel à cotisation"}
        >
          <input type="hidden" name="year" value={year} />
          {call ? (
            // The year's amounts are those of its first call: a newcomer pays what the others pay.
            <p className="text-stone-700">
              Montants de l'année : {call.amounts.join(", ")} (petite, moyenne, grande parcelle).
              {(["small", "medium", "large"] as const).map((name) => (
                <input key={name} type="hidden" name={name} value={amounts[name]} />
              ))}
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextInput name="small" label="Petite parcelle (€)" required autoComplete="off" hint="Moins de 150 m²." />
              <TextInput name="medium" label="Moyenne parcelle (€)" required autoComplete="off" hint="150 à 200 m²." />
              <TextInput name="large" label="Grande parcelle (€)" required autoComplete="off" hint="Plus de 200 m²." />
            </div>
          )}
        </IntentForm>
      </Section>
      <Section
        id="liste"
        title={`Cotisations ${year} : ${unpaid} à régler`}
        action={
          <div className="flex flex-wrap gap-2">
            {unpaid > 0 && (
              <Form method="post">
                <input type="hidden" name="intent" value="remind" />
                <button type="submit" className={quietButtonClass}>
                  Envoyer un rappel aux {unpaid} jardinier{unpaid > 1 ? "s" : ""} en retard
                </button>
              </Form>
            )}
            <Form method="post" action={`/admin/cotisations/export?annee=${year}`} reloadDocument>
              <button type="submit" className={quietButtonClass}>
                Exporter en CSV
              </button>
            </Form>
          </div>
        }
      >
        <FeeList fees={fees} today={today} result={actionData} />
      </Section>
      <FeedbackPopup
        message={notice.message}
        tone={actionData?.ok === false ? "error" : "success"}
        onClose={notice.close}
      />
    </div>
  );
}
