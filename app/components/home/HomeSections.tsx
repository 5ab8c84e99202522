import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  AdTeaser,
  EventCard,
  PostCard,
  type AdSummary,
  type EventCardData,
  type PostCardData,
} from "~/components/cards";
import { imageSizes } from "~/components/image-sizes";
import { PlotsStatus } from "~/components/PlotsStatus";
import { gardenVideoSearchUrl, type GardenMonth } from "~/lib/planting-calendar";
import type { GardeningTip } from "~/lib/weather";

function HomeSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="py-8">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="text-2xl font-bold text-brand-800 sm:text-3xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const moreLink = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700";

function MonthList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h3 className="text-lg font-bold text-stone-900">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** What to sow, plant and harvest this month around Lyon, with a search for videos of that month's work. */
export function MonthInGarden({ month }: { month: GardenMonth }) {
  return (
    <HomeSection id="mois-au-jardin" title={`Au potager en ${month.name}`}>
      <div className="grid gap-4 md:grid-cols-3">
        <MonthList title="À semer" items={month.sow} />
        <MonthList title="À planter" items={month.plant} />
        <MonthList title="À récolter" items={month.harvest} />
      </div>
      <p className="mt-4 text-lg text-stone-800">{month.work}</p>
      <p className="mt-3">
        <a href={gardenVideoSearchUrl(month)} className={moreLink} rel="noopener noreferrer" target="_blank">
          Des vidéos sur les travaux du potager en {month.name}
          <span className="sr-only"> (YouTube, nouvel onglet)</span>
        </a>
      </p>
    </HomeSection>
  );
}

const TIP_STYLES: Record<GardeningTip["level"], string> = {
  hot: "bg-orange-50 ring-orange-200 text-orange-950",
  warm: "bg-amber-50 ring-amber-200 text-amber-950",
  mild: "bg-brand-50 ring-brand-100 text-brand-900",
  cold: "bg-sky-50 ring-sky-200 text-sky-950",
};

/** The gardening tip for the weather of the moment (none when the weather is unknown). */
export function WeatherTip({ tip, temperature }: { tip: GardeningTip; temperature: number }) {
  return (
    <HomeSection id="conseil-meteo" title="Le conseil du jour">
      <div className={`rounded-2xl p-5 ring-1 ${TIP_STYLES[tip.level]}`}>
        <p className="text-lg font-bold">
          {tip.title} ({temperature} °C à Villeurbanne)
        </p>
        <p className="mt-1 text-lg">{tip.text}</p>
      </div>
    </HomeSection>
  );
}

export function LatestPost({ post }: { post: PostCardData }) {
  return (
    <HomeSection
      id="dernier-article"
      title="Dernier article"
      action={
        <Link to="/blog" className={moreLink}>
          Tous les articles
        </Link>
      }
    >
      <PostCard post={post} headingLevel={3} wide />
    </HomeSection>
  );
}

/** The two event cards of the home page, side by side from `md` (max-w-6xl px-4, gap-6 md:grid-cols-2). */
const EVENT_SIZES = imageSizes({ max: 1152, padding: 16, gap: 24, columns: { 768: 2 } });

export function HomeEvents({ next, past }: { next?: EventCardData; past?: EventCardData }) {
  if (!next && !past) return null;
  return (
    <HomeSection
      id="evenements"
      title="Événements"
      action={
        <Link to="/events" className={moreLink}>
          Tous les événements
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        {next ? <EventCard event={next} headingLevel={3} label="Prochain événement" sizes={EVENT_SIZES} /> : null}
        {past ? <EventCard event={past} headingLevel={3} label="Dernier événement" sizes={EVENT_SIZES} /> : null}
      </div>
    </HomeSection>
  );
}

export function LatestAds({ ads }: { ads: AdSummary[] }) {
  if (ads.length === 0) return null;
  return (
    <HomeSection
      id="annonces"
      title="Petites annonces"
      action={
        <Link to="/annonces" className={moreLink}>
          Toutes les annonces
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        {ads.map((ad) => (
          <AdTeaser key={ad.id} ad={ad} />
        ))}
      </div>
    </HomeSection>
  );
}

export function JoinUs({ plots }: { plots: { occupied: number; total: number } }) {
  return (
    <section
      aria-labelledby="join-title"
      className="my-12 rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12"
    >
      <h2 id="join-title" className="text-2xl font-bold sm:text-3xl">
        Rejoignez-nous !
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-brand-100">
        Envie de cultiver vos légumes, de partager un savoir-faire ou simplement de profiter d'un coin de verdure ?
        Déposez une demande de parcelle ou écrivez-nous.
      </p>
      <PlotsStatus occupied={plots.occupied} total={plots.total} className="mx-auto mt-3 max-w-2xl text-white" />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/apply" className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          Postuler pour un jardin
        </Link>
        <Link
          to="/contact"
          className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Nous contacter
        </Link>
      </div>
    </section>
  );
}
