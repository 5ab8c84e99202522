import { Link } from "react-router";
import type { Route } from "./+types/home";
import { siteContentContext } from "~/request/context";
import { Image } from "~/components/Image";
import { imageSizes } from "~/components/image-sizes";
import { HomeEvents, JoinUs, LatestAds, LatestPost, MonthInGarden, WeatherTip } from "~/components/home/HomeSections";
import { HOME_ADS_COUNT, HOME_POSTS_COUNT } from "~/lib/constants";
import { altOf } from "~/lib/image-alt";
import { gardenMonth } from "~/lib/planting-calendar";
import { registerCounts } from "~/modules/register/plots.server";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { gardeningTip, shownTemperature } from "~/lib/weather";
import { latestValidatedAds } from "~/modules/ads/ads.server";
import { latestPosts, postCard } from "~/modules/blog/blog.server";
import { eventCard, latestPastEvent, nextUpcomingEvent } from "~/modules/events/events.server";
import { getWeather } from "~/modules/weather/weather.server";
import { CONTENT_PAGE, type PageHandle } from "~/lib/page-handle";

/** Plain HTML in the browser: no React (docs/decisions/016). */
export const handle: PageHandle = { ...CONTENT_PAGE, query: [] };
export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const [content, posts, next, past, ads, weather, register] = await Promise.all([
    context.get(siteContentContext),
    latestPosts(HOME_POSTS_COUNT),
    nextUpcomingEvent(now),
    latestPastEvent(now),
    latestValidatedAds(HOME_ADS_COUNT),
    getWeather(),
    registerCounts(),
  ]);
  return {
    title: content.titreAccueil,
    intro: content.texteIntro,
    image: content.imageAccueil,
    imageAlt: altOf(content.imageAlts, content.imageAccueil),
    month: gardenMonth(now),
    tip: weather ? { ...gardeningTip(weather.temperature), temperature: shownTemperature(weather.temperature) } : null,
    post: posts[0] ? postCard(posts[0]) : null,
    next: next && eventCard(next),
    past: past && eventCard(past),
    ads: ads.map(({ id, type, nom, contenu, createdAt }) => ({ id, type, nom, contenu, createdAt })),
    // The register's count once it has plots; else the numbers typed in the settings.
    plots: register ?? { occupied: content.parcellesOccupees, total: content.parcellesTotal },
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: null,
    description: loaderData?.intro ?? "Jardins familiaux et partagés à Villeurbanne et Vaulx-en-Velin.",
    path: location.pathname,
    image: loaderData?.image,
    imageAlt: loaderData?.imageAlt,
  });
}

/** The main image, the right half of the page's column from `md` (max-w-6xl px-4, gap-8 md:grid-cols-2). */
const HERO_SIZES = imageSizes({ max: 1152, padding: 16, gap: 32, columns: { 768: 2 } });

const buttonPrimary =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-offset-2";
const buttonSecondary =
  "inline-flex items-center justify-center rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50";

export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, intro, image, imageAlt, month, tip, post, next, past, ads, plots } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="grid items-center gap-8 py-6 md:grid-cols-2 md:py-10">
        <div>
          <h1 className="text-3xl font-bold leading-tight text-brand-800 sm:text-5xl">{title}</h1>
          <p className="mt-5 whitespace-pre-line text-lg leading-relaxed text-stone-700">{intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/apply" className={buttonPrimary}>
              Demander une parcelle
            </Link>
            <Link to="/association" className={buttonSecondary}>
              Découvrir l'association
            </Link>
          </div>
        </div>
        {image && (
          <Image
            src={image}
            alt={imageAlt ?? "Les jardins de l'association"}
            priority
            sizes={HERO_SIZES}
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md"
          />
        )}
      </section>
      <MonthInGarden month={month} />
      {tip ? <WeatherTip tip={tip} temperature={tip.temperature} /> : null}
      {post ? <LatestPost post={post} /> : null}
      <HomeEvents next={next} past={past} />
      <LatestAds ads={ads} />
      <JoinUs plots={plots} />
    </div>
  );
}
