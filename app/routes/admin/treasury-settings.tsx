import type { Route } from "./+types/treasury-settings";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf, type IntentResult } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AccountCreate, AccountList } from "~/components/admin/treasury/AccountForms";
import { CategoryTree } from "~/components/admin/treasury/CategoryTree";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { settingsAction, settingsScreen } from "~/modules/treasury/settings.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Comptes et catégories");
}

/** /admin/tresorerie/parametres: the accounts kept, and the chart of accounts with the sub-categories added here. */
export async function loader() {
  return settingsScreen();
}

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(await readFormData(request), currentActor(context));
}

export default function AdminTreasurySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, kinds, kindCodes, year, tree } = loaderData;
  const result = actionData as IntentResult | undefined;
  const notice = useSaveNotice(noticeOf(result));
  return (
    <AdminPage title="Comptes et catégories" nav={<TreasuryNav />} popup={{ ...notice, error: result?.ok === false }}>
      <Section
        id="comptes"
        title="Comptes"
        description="Le compte bancaire, la caisse, le livret d'épargne : leur solde au 1er janvier de l'année depuis laquelle ils sont tenus ici. Un compte qui a des écritures ne se supprime pas."
      >
        <AccountList key={notice.formKey} accounts={accounts} result={result} />
      </Section>
      <Section id="ajouter-compte" title="Ajouter un compte">
        <AccountCreate key={notice.formKey} kinds={kinds} kindCodes={kindCodes} year={year} result={result} />
      </Section>
      <Section
        id="categories"
        title="Plan comptable"
        description="Les catégories du plan comptable des associations (règlement ANC 2018-06). Une sous-catégorie prend un numéro qui commence par celui de sa catégorie (6063 sous 606) et son sens (recette ou dépense)."
      >
        <CategoryTree key={notice.formKey} tree={tree} result={result} />
      </Section>
    </AdminPage>
  );
}
