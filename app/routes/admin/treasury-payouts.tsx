import type { Route } from "./+types/treasury-payouts";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { PayoutForm, PayoutList } from "~/components/admin/treasury/PayoutForms";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { payoutsAction, payoutsScreen } from "~/modules/treasury/payouts.admin.server";

export function meta() {
  return adminMeta("Versements HelloAsso");
}

/** /admin/tresorerie/helloasso: the payments HelloAsso still owes, the form that records a payout, the payouts. */
export async function loader() {
  return payoutsScreen();
}

export async function action({ request, context }: Route.ActionArgs) {
  return payoutsAction(await readFormData(request), currentActor(context));
}

export default function TreasuryPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { owed, waiting, accounts, defaults, payouts } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result));
  return (
    <AdminPage
      title="Versements HelloAsso"
      nav={<TreasuryNav />}
      intro={
        <p className="max-w-prose text-stone-700">
          Les paiements en ligne attendent dans le compte « HelloAsso à recevoir » jusqu'à ce que HelloAsso les verse à
          la banque, plusieurs à la fois. Quand le virement paraît sur le relevé, cochez les paiements qu'il contient :
          il s'inscrit comme un seul virement, que vous pointez ensuite sur le relevé.
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      <Section
        id="a-recevoir"
        title={`À recevoir de HelloAsso : ${owed}`}
        description="Les paiements reçus en ligne et pas encore versés à la banque, du plus ancien au plus récent."
      >
        {waiting.length === 0 ? (
          <p className="text-stone-700">Aucun paiement en attente de versement.</p>
        ) : accounts.length === 0 ? (
          <p className="text-stone-700">Aucun compte bancaire : créez-le dans « Comptes et catégories ».</p>
        ) : (
          <PayoutForm payments={waiting} accounts={accounts} values={defaults} result={result} />
        )}
      </Section>
      <Section id="versements" title="Versements reçus">
        <PayoutList payouts={payouts} />
      </Section>
    </AdminPage>
  );
}
