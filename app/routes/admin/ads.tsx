import { data, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/ads";
import { AdModerationCard, type AdEditing } from "~/components/admin/ads/AdModerationCard";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { adminMeta } from "~/modules/seo/seo";
import { runAdAction } from "~/modules/ads/ads.admin.server";
import { countModeratedAds, listModeratedAds } from "~/modules/ads/ads.server";
import { ADMIN_PAGE_SIZE, adminListQuery } from "~/server/admin-list.server";
import { ListSearch, listPageLink, SearchCount } from "~/components/admin/ListSearch";
import { Pagination } from "~/components/admin/admin-ui";
import { currentActor } from "~/modules/history/actor.server";
import { EXPIRED_AD_GRACE_DAYS, getRetentionSettings } from "~/modules/retention/retention.server";

const SEARCH_HINT = "Nom, e-mail, téléphone, texte de l'annonce, ou date d'envoi (par exemple « 12/2026 »).";

export function meta() {
  return adminMeta("Validation des petites annonces");
}

export async function loader({ request }: Route.LoaderArgs) {
  const list = adminListQuery(request);
  const [ads, counts, retention] = await Promise.all([
    listModeratedAds(list),
    countModeratedAds(list.q),
    getRetentionSettings(),
  ]);
  return {
    ads: ads.map(({ isDemo: _isDemo, isValidated: _isValidated, validatedAt: _validatedAt, ...ad }) => ad),
    counts,
    list: {
      q: list.q,
      page: list.page,
      pages: Math.max(1, Math.ceil(counts.found / ADMIN_PAGE_SIZE)),
      // Search and pages appear once the list outgrows a page.
      long: counts.total > ADMIN_PAGE_SIZE || list.q !== "",
    },
    publicMonths: retention.validatedAdsMonths,
    graceDays: EXPIRED_AD_GRACE_DAYS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  const result = await runAdAction(fields, currentActor(context));
  return result.ok ? result : data(result, { status: result.status });
}

export default function AdminAds({ loaderData, actionData }: Route.ComponentProps) {
  const { ads, counts, list, publicMonths, graceDays } = loaderData;
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  // In edit mode: the ad named in the address (Modifier), or the one whose save was just refused (values kept).
  const refused = actionData && !actionData.ok ? actionData.editing : undefined;
  const editedId = refused ? refused.id : searchParams.get("modifier");
  const notice = useSaveNotice(actionData && !refused ? actionData.message : null);
  const editingOf = (id: number): AdEditing | null => {
    if (String(id) !== editedId) return null;
    return refused ? { values: refused.values, error: { message: actionData!.message, field: refused.field } } : {};
  };
  const { total, pending, expired } = counts;
  return (
    <AdminPage title="Validation des petites annonces" popup={{ ...notice, error: actionData?.ok === false }}>
      {list.long && <ListSearch label="Rechercher une annonce" hint={SEARCH_HINT} q={list.q} />}
      {total === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm ring-1 ring-stone-200">
          Aucune annonce trouvée.
        </p>
      ) : (
        <>
          <p className="text-stone-700">
            {total} {total === 1 ? "annonce" : "annonces"}, dont {pending} en attente de validation
            {expired > 0 && ` et ${expired} ${expired === 1 ? "expirée" : "expirées"}`}. Seules les annonces validées
            sont visibles sur le site, pendant {publicMonths} mois ; une annonce expirée en est retirée, puis supprimée{" "}
            {graceDays} jours plus tard, sauf si vous la republiez.
          </p>
          <SearchCount q={list.q} total={counts.found} />
          {list.q && counts.found === 0 ? (
            <p className="text-stone-600">Aucune annonce ne correspond à « {list.q} ».</p>
          ) : null}
          <div className="space-y-4">
            {ads.map((ad) => (
              <AdModerationCard key={`${ad.id}-${notice.formKey}`} ad={ad} editing={editingOf(ad.id)} />
            ))}
          </div>
          <Pagination
            page={list.page}
            pages={list.pages}
            link={listPageLink(search)}
            newer="Plus récentes"
            older="Plus anciennes"
          />
        </>
      )}
    </AdminPage>
  );
}
