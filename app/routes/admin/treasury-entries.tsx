import { Link } from "react-router";
import type { Route } from "./+types/treasury-entries";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { listPageLink } from "~/components/admin/ListSearch";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { EntryFilters } from "~/components/admin/treasury/EntryFilters";
import { EntryLines } from "~/components/admin/treasury/EntryLines";
import { NewEntryButtons } from "~/components/admin/treasury/NewEntryButtons";
import { TreasuryNav, treasuryLinkClass } from "~/components/admin/treasury/TreasuryNav";
import { entriesScreen } from "~/modules/treasury/entries.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(`Écritures ${loaderData?.year ?? ""}`.trim());
}

/** /admin/tresorerie/ecritures?annee=: the year's entries, filtered, a page at a time, with the totals of all that match. */
export async function loader({ request }: Route.LoaderArgs) {
  return entriesScreen(request);
}

export default function AdminTreasuryEntries({ loaderData }: Route.ComponentProps) {
  const { year, search, filters, accounts, categories, page, pages, count, totals, lines, done } = loaderData;
  const notice = useSaveNotice(done);
  const yearLink = (y: number) => {
    const params = new URLSearchParams(search);
    params.set("annee", String(y));
    params.delete("page");
    return `?${params.toString()}`;
  };
  return (
    <AdminPage title={`Écritures ${year}`} width="5xl" nav={<TreasuryNav />} popup={notice}>
      <nav aria-label="Années" className="flex flex-wrap gap-4 text-sm">
        <Link to={yearLink(year - 1)} className={treasuryLinkClass}>
          ← {year - 1}
        </Link>
        <Link to={yearLink(year + 1)} className={treasuryLinkClass}>
          {year + 1} →
        </Link>
      </nav>
      <NewEntryButtons />
      <Section id="filtres" title="Filtrer">
        <EntryFilters year={year} filters={filters} accounts={accounts} categories={categories} />
      </Section>
      <Section id="liste" title={count === 1 ? "1 écriture" : `${count} écritures`}>
        <div className="mb-4 space-y-2 rounded-lg bg-stone-50 p-3">
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-stone-700">Recettes</dt>
              <dd className="font-semibold tabular-nums">{totals.income}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-700">Dépenses</dt>
              <dd className="font-semibold tabular-nums">{totals.expenses}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-700">Solde</dt>
              <dd className="font-semibold tabular-nums">{totals.balance}</dd>
            </div>
          </dl>
          {totals.transfers ? (
            <p className="text-sm text-stone-700">
              Et {totals.transfers.count === 1 ? "1 virement" : `${totals.transfers.count} virements`} entre comptes (
              {totals.transfers.amount}), comptés ni en recettes ni en dépenses.
            </p>
          ) : null}
        </div>
        <EntryLines lines={lines} />
        <Pagination
          page={page}
          pages={pages}
          link={listPageLink(search)}
          newer="Écritures plus récentes"
          older="Écritures plus anciennes"
        />
      </Section>
    </AdminPage>
  );
}
