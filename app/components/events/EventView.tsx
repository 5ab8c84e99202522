import type { ReactNode } from "react";
import { Link } from "react-router";
import { EventBadge } from "~/components/cards";
import { Gallery, type GalleryImage } from "~/components/Gallery";
import { Image } from "~/components/Image";
import { ARTICLE_SIZES } from "~/components/image-sizes";
import { RichText } from "~/components/RichText";
import { formatDateTime, toIso } from "~/lib/dates";

/** What an event's page shows (see `eventPage` in the events module). */
export interface EventViewData {
  title: string;
  description: string;
  location: string;
  /** None yet in a draft's preview. */
  start: string | Date | null;
  end: string | Date | null;
  isPast: boolean;
  html: string;
  image: string | null;
  imageAlt: string | null;
  annexes: GalleryImage[];
  contact: { email: string | null; telephone: string | null };
  neighbours: { previous: { id: number; title: string } | null; next: { id: number; title: string } | null };
}

/**
 * product §2: for an event to come, how to register in advance, with the association's e-mail and phone. When the page
 * takes sign-ups itself, the form is the way and the e-mail and phone are for questions: the page never says both.
 */
function PracticalNote({
  email,
  telephone,
  online,
}: {
  email: string | null;
  telephone: string | null;
  online: boolean;
}) {
  const mail = email ? (
    <>
      {online ? "écrivez-nous à" : "par e-mail à"}{" "}
      <a href={`mailto:${email}`} className="font-semibold underline [overflow-wrap:anywhere]">
        {email}
      </a>
    </>
  ) : null;
  const phone = telephone ? (
    <>
      {online ? "appelez-nous au" : "par téléphone au"}{" "}
      <a href={`tel:${telephone.replace(/[^\d+]/g, "")}`} className="whitespace-nowrap font-semibold underline">
        {telephone}
      </a>
    </>
  ) : null;
  const ways =
    mail && phone ? (
      <>
        {mail} ou {phone}
      </>
    ) : (
      (mail ?? phone)
    );
  return (
    <aside
      aria-labelledby="infos-pratiques"
      className="mt-8 rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id="infos-pratiques" className="text-lg font-bold">
        Infos pratiques
      </h2>
      <p className="mt-1">
        {online ? (
          <>
            Pour participer, inscrivez-vous avec le formulaire ci-dessous.
            {ways ? <> Pour une question, {ways}.</> : null}
          </>
        ) : (
          <>Pour participer, merci de vous inscrire à l'avance{ways ? <> {ways}</> : null}.</>
        )}
      </p>
    </aside>
  );
}

const neighbourClass =
  "flex min-h-11 flex-col rounded-xl bg-white p-4 ring-1 ring-stone-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-700";

/** An event as visitors see it (product §2): the public page, the editor's preview and a version's view alike. */
export function EventView({
  event,
  children,
  onlineSignup = false,
}: {
  event: EventViewData;
  children?: ReactNode;
  /** The page's own sign-up form follows (or says the event is full). */
  onlineSignup?: boolean;
}) {
  const { title, description, location, start, end, isPast, html, image, imageAlt, annexes, contact, neighbours } =
    event;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6">
      <p>
        <Link to="/events" className="text-sm font-semibold text-brand-800 underline underline-offset-4">
          ← Tous les événements
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <EventBadge isPast={isPast} />
      </div>
      <h1 className="mt-3 text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 text-lg text-stone-800">{description}</p> : null}
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-stone-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Début</dt>
        <dd>{start ? <time dateTime={toIso(start)}>{formatDateTime(start)}</time> : "à préciser"}</dd>
        {end ? (
          <>
            <dt className="font-semibold">Fin</dt>
            <dd>
              <time dateTime={toIso(end)}>{formatDateTime(end)}</time>
            </dd>
          </>
        ) : null}
        {location ? (
          <>
            <dt className="font-semibold">Lieu</dt>
            <dd>{location}</dd>
          </>
        ) : null}
      </dl>
      <Image
        src={image}
        alt={imageAlt ?? ""}
        priority
        sizes={ARTICLE_SIZES}
        className="mt-6 aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
      />
      <RichText html={html} className="mt-6 text-lg text-stone-800" />
      {isPast ? null : <PracticalNote email={contact.email} telephone={contact.telephone} online={onlineSignup} />}
      <Gallery images={annexes} title={title} />
      {children}
      {neighbours.previous || neighbours.next ? (
        <nav aria-label="Autres événements" className="mt-12 grid gap-4 sm:grid-cols-2">
          {neighbours.previous ? (
            <Link to={`/events/${neighbours.previous.id}`} rel="prev" className={neighbourClass}>
              <span className="text-sm text-stone-600">← Événement précédent</span>
              <span className="font-semibold text-brand-800">{neighbours.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {neighbours.next ? (
            <Link to={`/events/${neighbours.next.id}`} rel="next" className={`${neighbourClass} sm:text-right`}>
              <span className="text-sm text-stone-600">Événement suivant →</span>
              <span className="font-semibold text-brand-800">{neighbours.next.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
