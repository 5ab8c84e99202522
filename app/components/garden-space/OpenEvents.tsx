import { Link } from "react-router";
import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { quietButtonClass } from "~/components/form/styles";
import { cardClass, linkClass, SpaceSection } from "./SpaceSection";

const SIGNED_UP = { inscrit: "Vous êtes inscrit(e).", attente: "Vous êtes sur la liste d'attente." } as const;

/** « Événements »: the next events taking sign-ups, and whether the gardener's address is signed up already. */
export function OpenEvents({ events }: { events: GardenSpaceData["events"] }) {
  return (
    <SpaceSection id="evenements" title="Événements">
      {events.map((event) => (
        <article key={event.id} className={cardClass}>
          <h3 className="text-lg font-bold text-stone-900">
            <Link to={`/events/${event.id}`} className={linkClass}>
              {event.title}
            </Link>
          </h3>
          {event.practical.map((line) => (
            <p key={line} className="text-stone-800">
              {line}
            </p>
          ))}
          {event.description ? <p className="mt-2 text-stone-700">{event.description}</p> : null}
          {event.signedUp ? (
            <p className="mt-3 font-medium text-brand-900">{SIGNED_UP[event.signedUp]}</p>
          ) : (
            <Link to={`/events/${event.id}/inscription`} className={`${quietButtonClass} mt-3`}>
              S'inscrire<span className="sr-only"> : {event.title}</span>
            </Link>
          )}
        </article>
      ))}
    </SpaceSection>
  );
}
