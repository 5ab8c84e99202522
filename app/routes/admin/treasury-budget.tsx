import { Link } from "react-router";
import type { Route } from "./+types/treasury-budget";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { BudgetAmounts, BudgetForm } from "~/components/admin/treasury/BudgetForm";
import { TreasuryNav, treasuryLinkClass as linkClass } from "~/components/admin/treasury/TreasuryNav";
import { resultWord } from "~/components/admin/treasury/YearStatement";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { euros } from "~/lib/money";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { adminMeta } from "~/modules/seo/seo";
import { budgetAction, budgetScreen } from "~/modules/treasury/year-accounts.admin.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Budget prévisionnel ${loaderData?.year ?? ""}`.trim());
}

/** /admin/tresorerie/budget?annee=: the year's budget, an amount per category of the chart. */
export async function loader({ request }: Route.LoaderArgs) {
  return budgetScreen(new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return budgetAction(new URL(request.url), await readFormData(request), currentActor(context));
}

export default function TreasuryBudget({ loaderData, actionData }: Route.ComponentProps) {
  const { year, income, expenses, incomeCents, expensesCents, values, closed } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result));
  const balance = incomeCents - expensesCents;
  return (
    <AdminPage
      title={`Budget prévisionnel ${year}`}
      width="3xl"
      nav={<TreasuryNav />}
      back={
        <Link to={`/admin/tresorerie/comptes-annuels?annee=${year}`} className={backLinkClass}>
          ← Comptes de l'exercice {year}
        </Link>
      }
      intro={
        <p className="mt-2 text-stone-700">
          Voté à l'assemblée générale. Un montant par catégorie, en euros ; laissez vide ce qui n'est pas prévu. Une
          catégorie compte dans les comptes avec ses sous-catégories.
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      <nav aria-label="Années" className="flex flex-wrap gap-4 text-sm">
        <Link to={`?annee=${year - 1}`} className={linkClass}>
          ← {year - 1}
        </Link>
        <Link to={`?annee=${year + 1}`} className={linkClass}>
          {year + 1} →
        </Link>
      </nav>
      <Section id="equilibre" title="Équilibre du budget">
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>Produits prévus</dt>
          <dd className="text-right whitespace-nowrap tabular-nums">{euros(incomeCents)}</dd>
          <dt>Charges prévues</dt>
          <dd className="text-right whitespace-nowrap tabular-nums">{euros(expensesCents)}</dd>
          <dt className="font-bold">{resultWord(balance)} prévu (produits − charges)</dt>
          <dd className="text-right font-bold whitespace-nowrap tabular-nums">{euros(balance)}</dd>
        </dl>
      </Section>
      <Section id="montants" title="Montants par catégorie">
        {closed ? (
          <div className="space-y-6">
            <p className="text-stone-700">L'exercice {year} est clôturé : son budget ne change plus.</p>
            {[...expenses, ...income].some((line) => line.cents !== null) ? (
              <>
                <BudgetAmounts title="Charges" lines={expenses} totalCents={expensesCents} />
                <BudgetAmounts title="Produits" lines={income} totalCents={incomeCents} />
              </>
            ) : (
              <p className="text-stone-700">Aucun budget n'avait été enregistré pour {year}.</p>
            )}
          </div>
        ) : (
          <BudgetForm
            key={notice.formKey}
            income={income}
            expenses={expenses}
            incomeCents={incomeCents}
            expensesCents={expensesCents}
            values={values}
            result={result}
          />
        )}
      </Section>
    </AdminPage>
  );
}
