import { Link } from "react-router";
import { AD_TYPE_LABELS, type AdType } from "~/lib/constants";
import { formatDate, formatDateTime, toIso } from "~/lib/dates";
import { Image } from "./Image";
import { imageSizes } from "./image-sizes";

/** A card's image in the lists of /blog and /events (max-w-6xl px-4, gap-6 sm:grid-cols-2 lg:grid-cols-3). */
const LIST_SIZES = imageSizes({ max: 1152, padding: 16, gap: 24, columns: { 640: 2, 1024: 3 } });
/** The image of a wide card, the left half of the page's column from `md` (max-w-6xl px-4). */
const WIDE_SIZES = imageSizes({ max: 1152, padding: 16, columns: { 768: 2 } });

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md hover:ring-brand-600 focus-within:ring-2 focus-within:ring-brand-700";

/** 'À venir' or 'Passé', from isPast computed when the page was asked for. */
export function EventBadge({ isPast, className = "" }: { isPast: boolean; className?: string }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${
        isPast ? "bg-stone-200 text-stone-800" : "bg-amber-200 text-amber-950"
      } ${className}`}
    >
      {isPast ? "Passé" : "À venir"}
    </span>
  );
}

export interface PostCardData {
  id: number;
  title: string;
  image: string | null;
  /** The image's description; "" or none: the title beside it says it all. */
  imageAlt?: string | null;
  date: string | Date;
  excerpt: string;
}

/** A blog card: image, French date, title (the link) and an excerpt of the visible text; side by side when wide. */
export function PostCard({
  post,
  headingLevel = 2,
  wide = false,
  priority = false,
  sizes = wide ? WIDE_SIZES : LIST_SIZES,
}: {
  post: PostCardData;
  headingLevel?: 2 | 3;
  wide?: boolean;
  /** The image's width in the grid around the card (`imageSizes`); by default that of the lists. */
  sizes?: string;
  /** The first card of a list: its image is the page's largest paint, fetched at once. */
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`${cardClass} ${wide ? "md:flex-row" : ""}`}>
      <Image
        src={post.image}
        alt={post.imageAlt ?? ""}
        priority={priority}
        sizes={sizes}
        className={`aspect-[3/2] w-full object-cover ${wide ? "md:h-full" : ""}`}
        frameClassName={wide ? "md:w-1/2 md:shrink-0" : undefined}
      />
      <div className={`flex flex-1 flex-col p-5 ${wide ? "md:justify-center md:p-8" : ""}`}>
        <time dateTime={toIso(post.date)} className="text-sm text-stone-600">
          {formatDate(post.date)}
        </time>
        <Heading className="mt-1 text-xl font-bold text-stone-900">
          <Link
            to={`/blog/${post.id}`}
            className="after:absolute after:inset-0 group-hover:text-brand-800 focus:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 text-stone-700">{post.excerpt}</p>
      </div>
    </article>
  );
}

export interface EventCardData {
  id: number;
  title: string;
  image: string | null;
  /** The image's description; "" or none: the title beside it says it all. */
  imageAlt?: string | null;
  start: string | Date;
  location: string;
  isPast: boolean;
  description: string;
}

/** An event card: image with its badge, French date, title (the link), place and the start of the description. */
export function EventCard({
  event,
  headingLevel = 2,
  label,
  priority = false,
  sizes = LIST_SIZES,
}: {
  event: EventCardData;
  headingLevel?: 2 | 3;
  label?: string;
  priority?: boolean;
  /** The image's width in the grid around the card (`imageSizes`); by default that of the lists. */
  sizes?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cardClass}>
      <div className="relative">
        <Image
          src={event.image}
          alt={event.imageAlt ?? ""}
          priority={priority}
          sizes={sizes}
          className="aspect-[3/2] w-full object-cover"
        />
        <EventBadge isPast={event.isPast} className={event.image ? "absolute left-3 top-3 shadow" : "m-5 mb-0"} />
      </div>
      <div className="flex flex-1 flex-col p-5">
        {label ? <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{label}</p> : null}
        <time dateTime={toIso(event.start)} className="text-sm text-stone-600">
          {formatDateTime(event.start)}
        </time>
        <Heading className="mt-1 text-xl font-bold text-stone-900">
          <Link
            to={`/events/${event.id}`}
            className="after:absolute after:inset-0 group-hover:text-brand-800 focus:outline-none"
          >
            {event.title}
          </Link>
        </Heading>
        {event.location ? <p className="mt-1 text-sm font-medium text-stone-700">{event.location}</p> : null}
        {event.description ? <p className="mt-2 text-stone-700">{event.description}</p> : null}
      </div>
    </article>
  );
}

export interface AdSummary {
  id: number;
  type: AdType;
  nom: string;
  contenu: string | null;
  createdAt: string | Date;
}

/** An ad's type as a label: 'Donne', 'Recherche'… */
export function AdTypeBadge({ type }: { type: AdType }) {
  return (
    <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-900">
      {AD_TYPE_LABELS[type]}
    </span>
  );
}

/** A short ad on the home page, linking to its place in the list (/annonces#annonce-{id}). */
export function AdTeaser({ ad }: { ad: AdSummary }) {
  return (
    <article className={`${cardClass} p-5`}>
      <div className="flex items-center justify-between gap-2">
        <AdTypeBadge type={ad.type} />
        <time dateTime={toIso(ad.createdAt)} className="text-sm text-stone-600">
          {formatDate(ad.createdAt)}
        </time>
      </div>
      <p className="mt-3 line-clamp-3 text-stone-800">{ad.contenu || "Annonce sans description."}</p>
      <p className="mt-auto pt-3 text-sm font-medium text-stone-700">
        <Link
          to={`/annonces#annonce-${ad.id}`}
          className="after:absolute after:inset-0 group-hover:text-brand-800 focus:outline-none"
        >
          Annonce de {ad.nom}
        </Link>
      </p>
    </article>
  );
}
