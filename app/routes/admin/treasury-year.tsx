import { Form, Link } from "react-router";
import type { Route } from "./+types/treasury-year";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { TreasuryNav, treasuryLinkClass as linkClass } from "~/components/admin/treasury/TreasuryNav";
import { CloseYearForm, VolunteerForm } from "~/components/admin/treasury/YearForms";
import {
  AccountsTable,
  IncomeStatement,
  OwedToAssociation,
  resultWord,
} from "~/components/admin/treasury/YearStatement";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { quietButtonClass } from "~/components/form/styles";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { feesOf, sumFees } from "~/modules/register/fees.server";
import { adminMeta } from "~/modules/seo/seo";
import { yearAccountsAction, yearAccountsScreen } from "~/modules/treasury/year-accounts.admin.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Comptes de l'exercice ${loaderData?.year ?? ""}`.trim());
}

/** What the register says is still owed for the year's fees (the treasury module never reads the register). */
async function owedFeesCents(year: number) {
  return sumFees(await feesOf(year)).outstanding;
}

/** /admin/tresorerie/comptes-annuels?annee=: the year's accounts, its volunteer hours, its closing. */
export async function loader({ request }: Route.LoaderArgs) {
  const screen = await yearAccountsScreen(new URL(request.url));
  return { ...screen, owedCents: await owedFeesCents(screen.year) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return yearAccountsAction(new URL(request.url), await readFormData(request), currentActor(context));
}

export default function TreasuryYear({ loaderData, actionData }: Route.ComponentProps) {
  const { year, accounts, owedCents, closedOn, closable, volunteerValues } = loaderData;
  const result = actionData;
  const notice = useSaveNotice(noticeOf(result));
  return (
    <AdminPage
      title={`Comptes de l'exercice ${year}`}
      width="5xl"
      nav={<TreasuryNav />}
      intro={
        <p className="mt-2 text-stone-700">
          Du 1er janvier au 31 décembre {year} : {accounts.entryCount} écriture{accounts.entryCount > 1 ? "s" : ""}.{" "}
          {resultWord(accounts.result.cents)} de <strong>{euros(Math.abs(accounts.result.cents))}</strong>.
        </p>
      }
      popup={{ ...notice, error: result?.ok === false }}
    >
      <nav aria-label="Exercices" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Link to={`?annee=${year - 1}`} className={linkClass}>
          ← {year - 1}
        </Link>
        <Link to={`?annee=${year + 1}`} className={linkClass}>
          {year + 1} →
        </Link>
        <Link to={`/admin/tresorerie/budget?annee=${year}`} className={linkClass}>
          Budget prévisionnel {year}
        </Link>
        <Link to={`/admin/tresorerie/budget?annee=${year + 1}`} className={linkClass}>
          Budget prévisionnel {year + 1}
        </Link>
      </nav>
      {closedOn && (
        <p className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          Exercice clôturé le {closedOn}
          {accounts.closed?.by ? ` par ${accounts.closed.by}` : ""}
          {accounts.closed?.approvedOn
            ? `, comptes approuvés par l'assemblée générale du ${formatCalendarDate(accounts.closed.approvedOn)}`
            : ""}{" "}
          : ses écritures ne changent plus. Un exercice clôturé ne se rouvre pas depuis ces écrans, même par un
          administrateur ; une correction s'enregistre comme une écriture de l'exercice ouvert.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={`/admin/tresorerie/comptes-annuels/pdf?annee=${year}`} className={quietButtonClass}>
          Comptes {year} en PDF
        </a>
        <Form method="post" action={`/admin/tresorerie/ecritures/export?annee=${year}`} reloadDocument>
          <button type="submit" className={quietButtonClass}>
            Écritures {year} en CSV
          </button>
        </Form>
      </div>
      <Section
        id="resultat"
        title="Compte de résultat"
        description="Chaque sous-catégorie est comptée dans sa catégorie ; les virements entre comptes n'y figurent pas."
      >
        <IncomeStatement accounts={accounts} />
      </Section>
      <Section id="comptes" title="Comptes">
        <AccountsTable accounts={accounts} />
      </Section>
      <Section
        id="restant-du"
        title="Restant dû à l'association"
        description="D'après les cotisations du registre : ce qui reste à recevoir."
      >
        <OwedToAssociation year={year} owedCents={owedCents} />
      </Section>
      <Section
        id="benevolat"
        title="Contributions volontaires en nature"
        description="Le temps donné par les bénévoles, valorisé (comptes 86 et 87) : présenté à part, hors du résultat."
      >
        <VolunteerForm
          year={year}
          volunteer={accounts.volunteer}
          values={volunteerValues}
          result={result}
          closed={Boolean(closedOn)}
        />
      </Section>
      {closable && (
        <Section
          id="cloture"
          title={`Clôturer l'exercice ${year}`}
          description="Une fois les comptes approuvés par l'assemblée générale. Un exercice clôturé ne se rouvre pas depuis ces écrans, même par un administrateur : une correction s'enregistre comme une écriture de l'exercice ouvert."
        >
          <CloseYearForm year={year} result={result} />
        </Section>
      )}
    </AdminPage>
  );
}
