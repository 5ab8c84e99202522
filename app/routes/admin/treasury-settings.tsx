import type { Route } from "./+types/treasury-settings";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AccountCreate, AccountList } from "~/components/admin/treasury/AccountForms";
import { CategoryTree } from "~/components/admin/treasury/CategoryTree";
import { HelloAssoSettings } from "~/components/admin/treasury/HelloAssoSettings";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { helloAssoSettingsAction, helloAssoSettingsScreen } from "~/modules/helloasso/helloasso.admin.server";
import { settingsAction, settingsScreen } from "~/modules/treasury/settings.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Comptes et catégories");
}

/**
 * /admin/tresorerie/parametres: the accounts kept, the chart of accounts with the sub-categories added here, and online
 * payment through HelloAsso.
 */
export async function loader() {
  const [book, helloasso] = await Promise.all([settingsScreen(), helloAssoSettingsScreen()]);
  return { ...book, helloasso };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // HelloAsso's forms go to their own module: the book's does not depend on online payment.
  return String(form.get("intent") ?? "").startsWith("helloasso")
    ? helloAssoSettingsAction(form, currentActor(context))
    : settingsAction(form, currentActor(context));
}

export default function AdminTreasurySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, kinds, kindCodes, year, tree, helloasso } = loaderData;
  const result = actionData;
  // The connection's test answers in its section, where it was asked.
  const notice = useSaveNotice(result?.intent === "helloasso-test" ? null : noticeOf(result));
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
      <Section
        id="helloasso"
        title="Paiement en ligne (HelloAsso)"
        description="Les jardiniers règlent leur cotisation par carte sur la page de paiement de HelloAsso : le site ne voit jamais leur carte. Le paiement confirmé, la cotisation est marquée payée, l'écriture passe au livre et le reçu part par e-mail."
      >
        <HelloAssoSettings key={notice.formKey} screen={helloasso} result={result} />
      </Section>
    </AdminPage>
  );
}
