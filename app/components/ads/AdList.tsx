import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { AdTypeBadge } from "~/components/cards";
import { Image } from "~/components/Image";
import { AD_TYPE_LABELS, AD_TYPES, type AdType } from "~/lib/constants";
import { formatDate, toIso } from "~/lib/dates";

export interface PublicAd {
  id: number;
  nom: string;
  email: string | null;
  telephone: string;
  type: AdType;
  contenu: string | null;
  photos: string[];
  createdAt: string | Date;
}

/** The type filters: links with the type in the address, so they work without JavaScript and can be shared. */
export function AdFilters({ current }: { current: AdType | null }) {
  const filters: [AdType | null, string][] = [
    [null, "Toutes"],
    ...AD_TYPES.map((type): [AdType, string] => [type, AD_TYPE_LABELS[type]]),
  ];
  return (
    <nav aria-label="Filtrer les annonces par type" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {filters.map(([type, label]) => {
          const active = type === current;
          return (
            <li key={label}>
              <Link
                to={type ? `/annonces?type=${encodeURIComponent(type)}` : "/annonces"}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1 ${
                  active
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-brand-900 ring-stone-300 hover:ring-brand-600"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The ad a link points to (`/annonces#annonce-12`) is scrolled to and highlighted. The browser does it from the
 * address alone (`:target`); after a navigation inside the site, which does not change `:target`, this does.
 */
function useHighlightedAd() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = /^#annonce-\d+$/.test(hash) ? document.getElementById(hash.slice(1)) : null;
    document.querySelectorAll("[data-highlighted]").forEach((element) => element.removeAttribute("data-highlighted"));
    if (!target) return;
    target.setAttribute("data-highlighted", "");
    target.scrollIntoView({ block: "start" });
  }, [hash]);
}

// An ad's photos fill its card (p-5) in the grid of /annonces (max-w-5xl px-4, gap-6 md:grid-cols-2), two of them
// side by side (gap-3).
const ONE_PHOTO_SIZES = "(min-width: 1024px) 444px, (min-width: 768px) calc(50vw - 68px), calc(100vw - 72px)";
const TWO_PHOTOS_SIZES = "(min-width: 1024px) 216px, (min-width: 768px) calc(25vw - 40px), calc(50vw - 42px)";

export function AdList({ ads }: { ads: PublicAd[] }) {
  useHighlightedAd();
  // The first photo of the list is the page's largest paint: fetched at once, the others when scrolled to.
  const firstWithPhoto = ads.find((ad) => ad.photos.length > 0)?.id;
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-2">
      {ads.map((ad) => (
        <li key={ad.id}>
          <article
            id={`annonce-${ad.id}`}
            aria-labelledby={`annonce-${ad.id}-titre`}
            className="h-full scroll-mt-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 target:ring-4 target:ring-amber-400 data-[highlighted]:ring-4 data-[highlighted]:ring-amber-400"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <AdTypeBadge type={ad.type} />
              <time dateTime={toIso(ad.createdAt)} className="text-sm text-stone-600">
                {formatDate(ad.createdAt)}
              </time>
            </div>
            <h3 id={`annonce-${ad.id}-titre`} className="mt-3 text-lg font-bold text-stone-900">
              {AD_TYPE_LABELS[ad.type]} — {ad.nom}
            </h3>
            {ad.contenu ? (
              <p className="mt-2 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{ad.contenu}</p>
            ) : null}
            {ad.photos.length > 0 ? (
              <div className={`mt-3 grid gap-3 ${ad.photos.length === 2 ? "grid-cols-2" : ""}`}>
                {ad.photos.map((photo, i) => (
                  <Image
                    key={photo}
                    src={photo}
                    priority={ad.id === firstWithPhoto && i === 0}
                    alt={`Photo ${i + 1} de l'annonce de ${ad.nom}`}
                    sizes={ad.photos.length === 2 ? TWO_PHOTOS_SIZES : ONE_PHOTO_SIZES}
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                ))}
              </div>
            ) : null}
            <p className="mt-3 text-stone-800 [overflow-wrap:anywhere]">
              <a href={`tel:${ad.telephone.replace(/[^\d+]/g, "")}`} className="font-semibold text-brand-800 underline">
                {ad.telephone}
              </a>
              {ad.email ? (
                <>
                  {" · "}
                  <a href={`mailto:${ad.email}`} className="font-semibold text-brand-800 underline">
                    {ad.email}
                  </a>
                </>
              ) : null}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
