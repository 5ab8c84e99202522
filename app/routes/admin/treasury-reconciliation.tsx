import type { Route } from "./+types/treasury-reconciliation";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { StatementForm } from "~/components/admin/treasury/StatementForm";
import { AccountChoice, StatementList } from "~/components/admin/treasury/StatementList";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { reconciliationAction, reconciliationScreen } from "~/modules/treasury/reconciliation.admin.server";

export function meta() {
  return adminMeta("Rapprochement bancaire");
}

/** /admin/tresorerie/rapprochement?compte=: a bank or savings account's statements, and « Nouveau relevé ». */
export async function loader({ request }: Route.LoaderArgs) {
  return reconciliationScreen(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return reconciliationAction(await readFormData(request), currentActor(context));
}

export default function TreasuryReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, account, statements, defaults } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result));
  return (
    <AdminPage
      title="Rapprochement bancaire"
      nav={<TreasuryNav />}
      intro={
        <p className="mt-2 text-stone-600">
          Pour chaque relevé de la banque, cochez les écritures qu'il montre : le rapprochement est juste quand le solde
          pointé égale le solde du relevé.
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      {account === null ? (
        <p className="rounded-xl bg-white p-4 text-stone-700 ring-1 ring-stone-200">
          Aucun compte bancaire ni d'épargne : créez-le dans la trésorerie pour rapprocher ses relevés.
        </p>
      ) : (
        <>
          <AccountChoice accounts={accounts} chosen={account.id} />
          <Section id="releves" title={`Relevés de « ${account.name} »`}>
            <StatementList statements={statements} />
          </Section>
          <Section
            id="nouveau"
            title="Nouveau relevé"
            description="La date du relevé et le solde qu'il indique à cette date ; vous cochez ensuite ses écritures."
          >
            <StatementForm
              key={`${account.id}-${notice.formKey}`}
              accounts={accounts.map((a) => [String(a.id), a.name] as const)}
              values={defaults}
              result={result}
            />
          </Section>
        </>
      )}
    </AdminPage>
  );
}
