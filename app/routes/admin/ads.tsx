import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/ads";
import { AdModerationCard, type AdEditing } from "~/components/admin/ads/AdModerationCard";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { readFormData } from "~/modules/forms/form-data.server";
import { adminMeta } from "~/modules/seo/seo";
import { runAdAction } from "~/modules/ads/ads.admin.server";
import { listModeratedAds } from "~/modules/ads/ads.server";
import { currentActor } from "~/modules/history/actor.server";
import { EXPIRED_AD_GRACE_DAYS, getRetentionSettings } from "~/modules/retention/retention.server";

export function meta() {
  return adminMeta("Validation des petites annonces");
}

export async function loader() {
  const [ads, retention] = await Promise.all([listModeratedAds(), getRetentionSettings()]);
  return {
    ads: ads.map(({ isDemo: _isDemo, isValidated: _isValidated, validatedAt: _validatedAt, ...ad }) => ad),
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
  const { ads, publicMonths, graceDays } = loaderData;
  const [searchParams] = useSearchParams();
  // In edit mode: the ad named in the address (Modifier), or the one whose save was just refused (values kept).
  const refused = actionData && !actionData.ok ? actionData.editing : undefined;
  const editedId = refused ? refused.id : searchParams.get("modifier");
  const notice = useSaveNotice(actionData && !refused ? actionData.message : null);
  const editingOf = (id: number): AdEditing | null => {
    if (String(id) !== editedId) return null;
    return refused ? { values: refused.values, error: { message: actionData!.message, field: refused.field } } : {};
  };
  const pending = ads.filter((ad) => ad.statut === "en_attente").length;
  const expired = ads.filter((ad) => ad.expired).length;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">Validation des petites annonces</h1>
      {ads.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm ring-1 ring-stone-200">
          Aucune annonce trouvée.
        </p>
      ) : (
        <>
          <p className="text-stone-700">
            {ads.length} {ads.length === 1 ? "annonce" : "annonces"}, dont {pending} en attente de validation
            {expired > 0 && ` et ${expired} ${expired === 1 ? "expirée" : "expirées"}`}. Seules les annonces validées
            sont visibles sur le site, pendant {publicMonths} mois ; une annonce expirée en est retirée, puis supprimée{" "}
            {graceDays} jours plus tard, sauf si vous la republiez.
          </p>
          <div className="space-y-4">
            {ads.map((ad) => (
              <AdModerationCard key={`${ad.id}-${notice.formKey}`} ad={ad} editing={editingOf(ad.id)} />
            ))}
          </div>
        </>
      )}
      <FeedbackPopup
        message={notice.message}
        tone={actionData?.ok === false ? "error" : "success"}
        onClose={notice.close}
      />
    </div>
  );
}
