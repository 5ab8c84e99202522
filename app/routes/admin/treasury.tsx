import { Link } from "react-router";
import type { Route } from "./+types/treasury";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { AccountBalances } from "~/components/admin/treasury/AccountBalances";
import { EntryLines } from "~/components/admin/treasury/EntryLines";
import { NewEntryButtons } from "~/components/admin/treasury/NewEntryButtons";
import { TREASURY_LINKS, TreasuryNav, treasuryLinkClass } from "~/components/admin/treasury/TreasuryNav";
import { overviewScreen } from "~/modules/treasury/entries.admin.server";
import { adminMeta } from "~/modules/seo/seo";
import { AnomaliesNotice } from "~/components/admin/fees/AnomaliesNotice";
import { anomalyAction, anomalyLinks } from "~/modules/helloasso/helloasso.admin.server";
import { noticeOf } from "~/components/admin/plots/IntentForm";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Trésorerie ${loaderData?.year ?? ""}`.trim());
}

/** /admin/tresorerie?annee=: the year's accounts and balances, its result, the cheques to deposit, the latest entries. */
export async function loader({ request }: Route.LoaderArgs) {
  const [screen, anomalies] = await Promise.all([overviewScreen(request), anomalyLinks()]);
  return { ...screen, anomalies };
}

/** « Traiter » a HelloAsso payment whose fee was erased: refunded, or set aside (the helloasso module's). */
export async function action({ request, context }: Route.ActionArgs) {
  return anomalyAction(await readFormData(request), currentActor(context));
}

export default function AdminTreasury({ loaderData, actionData }: Route.ComponentProps) {
  const { year, closed, accounts, total, income, expenses, result, surplus, cheques, latest, anomalies } = loaderData;
  const notice = useSaveNotice(noticeOf(actionData));
  return (
    <AdminPage
      title={`Trésorerie ${year}`}
      nav={<TreasuryNav />}
      popup={{ ...notice, error: actionData?.ok === false }}
      intro={
        closed ? (
          <p className="text-stone-700">L'exercice {year} est clôturé : ses écritures ne changent plus.</p>
        ) : null
      }
    >
      <nav aria-label="Années" className="flex flex-wrap gap-4 text-sm">
        <Link to={`?annee=${year - 1}`} className={treasuryLinkClass}>
          ← {year - 1}
        </Link>
        <Link to={`?annee=${year + 1}`} className={treasuryLinkClass}>
          {year + 1} →
        </Link>
      </nav>
      <AnomaliesNotice anomalies={anomalies} treatErased result={actionData} />
      <NewEntryButtons />
      <Section id="comptes" title="Comptes">
        <AccountBalances year={year} accounts={accounts} total={total} />
      </Section>
      <Section
        id="resultat"
        title={`Résultat ${year}`}
        description="Les virements entre comptes ne comptent ni en recettes ni en dépenses."
      >
        <dl className="grid gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-700">Recettes</dt>
            <dd className="text-lg font-semibold tabular-nums">{income}</dd>
          </div>
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-700">Dépenses</dt>
            <dd className="text-lg font-semibold tabular-nums">{expenses}</dd>
          </div>
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-700">{surplus ? "Excédent" : "Déficit"}</dt>
            <dd className={`text-lg font-semibold tabular-nums ${surplus ? "" : "text-red-800"}`}>{result}</dd>
          </div>
        </dl>
      </Section>
      <Section id="cheques" title="Chèques à remettre">
        {cheques.count === 0 ? (
          <p className="text-stone-700">Tous les chèques reçus sont remis en banque.</p>
        ) : (
          <p>
            {cheques.count === 1
              ? "1 chèque reçu n'est pas encore remis"
              : `${cheques.count} chèques reçus ne sont pas encore remis`}{" "}
            en banque ({cheques.amount}).{" "}
            <Link to="/admin/tresorerie/remises" className={treasuryLinkClass}>
              Remettre les chèques
            </Link>
          </p>
        )}
      </Section>
      <Section
        id="dernieres"
        title="Dernières écritures"
        action={
          <Link to={`/admin/tresorerie/ecritures?annee=${year}`} className={treasuryLinkClass}>
            Toutes les écritures
          </Link>
        }
      >
        <EntryLines lines={latest} />
      </Section>
      <Section id="liens" title="Aller à">
        <ul className="grid gap-2 sm:grid-cols-2">
          {TREASURY_LINKS.filter((link) => link.to !== "/admin/tresorerie").map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={treasuryLinkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </AdminPage>
  );
}
