import type { Route } from "./+types/ads";
import { AdFilters, AdList } from "~/components/ads/AdList";
import { AdForm } from "~/components/ads/AdForm";
import { clientIpContext } from "~/request/context";
import { env } from "~/server/env.server";
import { AD_TYPE_LABELS, AD_TYPES, type AdType } from "~/lib/constants";
import { handlePublicForm, publicFormHeaders } from "~/modules/forms/public-form.server";
import type { PageHandle } from "~/lib/page-handle";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { logger } from "~/server/logger.server";
import { AD_FAILURE_MESSAGE, adFormSchema } from "~/modules/ads/ads.schema";
import { listPublicAds, submitAd } from "~/modules/ads/ads.server";
import { MediaError, saveImage } from "~/modules/media/media.server";
import type { SubmittedForm } from "~/modules/forms/multipart.server";
import { queryOf } from "~/lib/query";

/** Kept in memory per ad type (docs/decisions/016). */
export const handle: PageHandle = { query: ["type"] };

const TEXT_FIELDS = ["nom", "telephone", "type", "email", "contenu"] as const;
const PHOTOS = ["photo1", "photo2"] as const;

const typeFrom = (request: Request) => {
  const type = queryOf(request).get("type");
  return AD_TYPES.find((known) => known === type) ?? null;
};

export async function loader({ request }: Route.LoaderArgs) {
  const type = typeFrom(request);
  const ads = await listPublicAds(type ?? undefined);
  return {
    type,
    captcha: env.ADS_CAPTCHA_SECRET,
    ads: ads.map((ad) => ({
      id: ad.id,
      nom: ad.nom,
      email: ad.email,
      telephone: ad.telephone,
      type: ad.type,
      contenu: ad.contenu,
      photos: [ad.photo1, ad.photo2].filter((photo): photo is string => Boolean(photo)),
      createdAt: ad.createdAt,
    })),
  };
}

/** A photo that cannot be stored (not an image, too large…) leaves its place empty; the ad is sent anyway (product §8). */
async function storedPhoto(form: SubmittedForm, field: (typeof PHOTOS)[number]) {
  const upload = form.file(field);
  if (!upload) return null;
  try {
    return (await saveImage({ path: upload.path })).url;
  } catch (error) {
    if (!(error instanceof MediaError)) logger.error({ err: error }, "photo d'annonce non enregistrée");
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    form: "annonces",
    request,
    ip: context.get(clientIpContext),
    keep: TEXT_FIELDS,
    schema: adFormSchema(env.ADS_CAPTCHA_SECRET),
    // Photos come from the files sent, never from text fields.
    fields: [...TEXT_FIELDS, "captcha"],
    save: async (ad, form) =>
      submitAd({ ...ad, photo1: await storedPhoto(form, "photo1"), photo2: await storedPhoto(form, "photo2") }),
    failureMessage: AD_FAILURE_MESSAGE,
    read: { maxFiles: 2, maxFields: 20, fileFields: PHOTOS },
  });
}

export const headers = publicFormHeaders;

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const type = loaderData?.type as AdType | null | undefined;
  return pageMeta(siteFromMatches(matches), {
    title: type ? `Petites annonces : ${AD_TYPE_LABELS[type]}` : "Petites annonces",
    description:
      "Plants, graines, outils et coups de main : les petites annonces des jardiniers, validées par l'association.",
    path: `${location.pathname}${type ? `?type=${encodeURIComponent(type)}` : ""}`,
  });
}

export default function Ads({ loaderData, actionData }: Route.ComponentProps) {
  const { ads, type, captcha } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Petites annonces</h1>
        <a
          href="#poster"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Déposer une annonce
        </a>
      </div>
      <p className="mt-3 text-lg text-stone-800">
        Entre jardiniers : on donne, on vend, on échange ou on cherche plants, graines, outils et coups de main.
      </p>
      <AdFilters current={type} />
      <h2 className="sr-only">{type ? `Annonces de type ${AD_TYPE_LABELS[type]}` : "Toutes les annonces"}</h2>
      {ads.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-lg text-stone-700 ring-1 ring-stone-200">
          {type ? `Aucune annonce « ${AD_TYPE_LABELS[type]} » pour le moment.` : "Aucune annonce pour le moment."}
        </p>
      ) : (
        <AdList ads={ads} />
      )}
      <AdForm captcha={captcha} result={actionData} />
    </div>
  );
}
