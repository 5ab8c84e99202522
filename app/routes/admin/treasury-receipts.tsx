import { Link } from "react-router";
import type { Route } from "./+types/treasury-receipts";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { ReceiptList, ReceiptSettingsForm } from "~/components/admin/treasury/ReceiptList";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { receiptsAction, receiptsScreen } from "~/modules/treasury/receipts.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Reçus ${loaderData.year}` : "Reçus");
}

/** /admin/tresorerie/recus?annee=: the year's receipts, and the receipts' settings. */
export async function loader({ request }: Route.LoaderArgs) {
  return receiptsScreen(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return receiptsAction(await readFormData(request), currentActor(context));
}

export default function TreasuryReceipts({ loaderData, actionData }: Route.ComponentProps) {
  const { year, years, receipts, settings } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  return (
    <AdminPage
      title={`Reçus ${year}`}
      nav={<TreasuryNav />}
      intro={
        <>
          <p className="text-stone-700">
            Un reçu par recette, numéroté dans l'année sans trou ni doublon. Un reçu dont le paiement a été annulé reste
            dans la liste : son numéro ne resservira pas.
          </p>
          <nav aria-label="Années" className="mt-2">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {years.map((y) => (
                <li key={y}>
                  {y === year ? (
                    <span aria-current="page" className="font-bold">
                      {y}
                    </span>
                  ) : (
                    <Link to={`?annee=${y}`} className="font-semibold text-brand-800 underline underline-offset-2">
                      {y}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      <Section id="liste" title={`${receipts.length} reçu${receipts.length > 1 ? "s" : ""} en ${year}`}>
        <ReceiptList receipts={receipts} />
      </Section>
      <Section
        id="parametres"
        title="Paramètres des reçus"
        description="Ce que chaque nouveau reçu porte ; un reçu déjà établi ne change pas."
      >
        <ReceiptSettingsForm settings={settings} result={actionData} />
      </Section>
    </AdminPage>
  );
}
