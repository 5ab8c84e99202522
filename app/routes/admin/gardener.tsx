import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/gardener";
import { Section } from "~/components/admin/admin-ui";
import { GardenerFields } from "~/components/admin/plots/GardenerFields";
import { GardenerPlots } from "~/components/admin/plots/GardenerPlots";
import { IntentForm, noticeOf } from "~/components/admin/plots/IntentForm";
import { PaymentFields } from "~/components/admin/plots/PaymentFields";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { WarningList } from "~/components/admin/plots/WarningList";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { readFormData } from "~/modules/forms/form-data.server";
import { gardenerAction, gardenerScreen } from "~/modules/gardeners/gardeners.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { gardenerFormSchema, paymentFormSchema } from "~/modules/plots/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { de } from "~/lib/text";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? loaderData.gardener.name : "Jardinier");
}

/** /admin/jardiniers/:id: a gardener's record, plots, payments and recent warnings. */
export async function loader({ params }: Route.LoaderArgs) {
  return gardenerScreen(params.id);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return gardenerAction(params.id, await readFormData(request), currentActor(context));
}

export default function AdminGardener({ loaderData, actionData }: Route.ComponentProps) {
  const { gardener, holdings, payments, warnings, freePlots, today, year } = loaderData;
  const [params] = useSearchParams();
  const justAllotted = params.has("attribuee") && holdings.some((h) => h.current);
  const notice = useSaveNotice(
    noticeOf(actionData) ?? (justAllotted ? "Parcelle attribuée : l'e-mail de bienvenue part au jardinier." : null),
  );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PlotsNav />
      <div>
        <h1 className="text-2xl font-bold text-stone-900 [overflow-wrap:anywhere]">{gardener.name}</h1>
        <p className="text-stone-700">
          {gardener.left ? `Ancien jardinier, parti le ${gardener.left}.` : "Jardinier actuel."}
          {gardener.fromApplication ? " Venu de la liste d'attente." : ""}
        </p>
      </div>
      <WarningList warnings={warnings} />
      <GardenerPlots
        holdings={holdings}
        freePlots={freePlots}
        today={today}
        result={actionData}
        formerGardener={gardener.left !== ""}
      />
      <Section
        id="paiements"
        title="Paiements"
        description="Les sommes reçues, telles que le bureau les note : cotisations, budget d'entrée, reprise de cabane."
      >
        {payments.length === 0 ? (
          <p className="text-stone-700">Aucun paiement enregistré.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{p.what}</strong> : {p.amount}
                  {p.paidOn ? (
                    ` — payé le ${p.paidOn}${p.means ? ` (${p.means})` : ""}`
                  ) : (
                    <strong className="text-red-800"> — à payer{p.called ? ` (appelée le ${p.called})` : ""}</strong>
                  )}
                </span>
                {p.paidOn && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="undo-payment" />
                    <input type="hidden" name="paymentId" value={p.id} />
                    <button
                      type="submit"
                      className="min-h-11 px-2 text-sm font-semibold text-brand-800 underline underline-offset-2"
                    >
                      Annuler ce paiement<span className="sr-only"> : {p.what}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-6 font-bold text-stone-900">Enregistrer un paiement</h3>
        <IntentForm
          intent="payment"
          schema={paymentFormSchema}
          result={actionData}
          values={{ kind: "cotisation", year: String(year), paidOn: today }}
          order={["kind", "year", "amount", "paidOn", "means"]}
          submit="Enregistrer le paiement"
          className="mt-3 space-y-4"
        >
          <PaymentFields />
        </IntentForm>
      </Section>
      <Section id="fiche" title="Fiche">
        <IntentForm
          intent="save"
          schema={gardenerFormSchema}
          result={actionData}
          values={{
            familyName: gardener.familyName,
            givenNames: gardener.givenNames,
            email: gardener.email,
            mobile: gardener.mobile,
            landline: gardener.landline,
            address: gardener.address,
            startDate: gardener.startDate,
            notes: gardener.notes,
          }}
          order={["familyName", "givenNames", "email", "mobile", "landline", "address", "startDate", "notes"]}
          submit="Enregistrer la fiche"
        >
          <GardenerFields />
        </IntentForm>
        <div className="mt-4">
          <ConfirmDialog
            trigger="Effacer la fiche"
            title="Effacer la fiche"
            message={`Effacer la fiche ${de(gardener.name)} ? Ses parcelles sont libérées aujourd'hui (en remise en état) ; leur historique et les montants payés restent, sans son nom.`}
            confirm="Effacer"
            fields={{ intent: "erase" }}
          />
        </div>
      </Section>
      <p>
        <Link to="/admin/jardiniers" className="font-semibold text-brand-800 underline underline-offset-2">
          Retour aux jardiniers
        </Link>
      </p>
      <FeedbackPopup
        message={notice.message}
        tone={actionData?.ok === false ? "error" : "success"}
        onClose={notice.close}
      />
    </div>
  );
}
