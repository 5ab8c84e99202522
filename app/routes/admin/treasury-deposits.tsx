import type { Route } from "./+types/treasury-deposits";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { DepositForm } from "~/components/admin/treasury/DepositForm";
import { DepositList } from "~/components/admin/treasury/DepositList";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { depositsAction, depositsScreen } from "~/modules/treasury/deposits.admin.server";

export function meta() {
  return adminMeta("Remises de chèques");
}

/** /admin/tresorerie/remises: the cheques received to deposit, the form that deposits them, the deposits made. */
export async function loader({ request }: Route.LoaderArgs) {
  return depositsScreen(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return depositsAction(await readFormData(request), currentActor(context));
}

export default function TreasuryDeposits({ loaderData, actionData }: Route.ComponentProps) {
  const { cheques, values, accounts, defaults, deposits, notice: done } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result) ?? done);
  return (
    <AdminPage title="Remises de chèques" nav={<TreasuryNav />} popup={{ ...notice, error: result?.ok === false }}>
      <Section
        id="a-remettre"
        title={`Chèques à remettre (${cheques.length})`}
        description="Les chèques reçus et pas encore déposés à la banque, du plus ancien au plus récent. Le bordereau s'imprime une fois la remise créée."
      >
        {cheques.length === 0 ? (
          <p className="text-stone-700">Aucun chèque à remettre.</p>
        ) : accounts.length === 0 ? (
          <p className="text-stone-700">
            Aucun compte bancaire : créez-le dans la trésorerie avant de remettre les chèques.
          </p>
        ) : (
          <DepositForm
            key={notice.formKey}
            cheques={cheques}
            accounts={accounts}
            values={{ ...values, ...defaults }}
            result={result}
          />
        )}
      </Section>
      <Section id="remises" title="Remises effectuées">
        <DepositList deposits={deposits} />
      </Section>
    </AdminPage>
  );
}
