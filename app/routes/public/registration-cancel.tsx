import { Form } from "react-router";
import type { Route } from "./+types/registration-cancel";
import { buttonClass } from "~/components/form/styles";
import { eventPractical } from "~/modules/events/events.server";
import { cancelRegistration, findByCancelToken } from "~/modules/registrations/registrations.server";

/**
 * /inscription/annulation/:token — the link of every sign-up e-mail. GET shows the event and one button (a mail
 * scanner opening the link cancels nothing); POST cancels, and a place freed goes to the waiting list.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await findByCancelToken(params.token);
  if (!found) return { known: false as const };
  return {
    known: true as const,
    title: found.event.title,
    practical: eventPractical(found.event),
    cancelled: found.registration.status === "annule",
    waiting: found.registration.status === "attente",
  };
}

export async function action({ params }: Route.ActionArgs) {
  const cancelled = await cancelRegistration(params.token);
  return { cancelled: Boolean(cancelled) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Annuler une inscription" }, { name: "robots", content: "noindex" }];
}

export default function RegistrationCancel({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.known) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-3xl font-bold text-brand-800">Ce lien ne fonctionne plus</h1>
        <p className="mt-4 text-stone-800">
          Cette inscription n'existe plus : l'événement est peut-être passé depuis longtemps.
        </p>
      </div>
    );
  }
  const cancelled = actionData?.cancelled || loaderData.cancelled;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">
        {cancelled ? "Inscription annulée" : "Annuler mon inscription"}
      </h1>
      <p className="mt-4 font-semibold text-stone-900">{loaderData.title}</p>
      {loaderData.practical.map((line) => (
        <p key={line} className="text-stone-800">
          {line}
        </p>
      ))}
      {cancelled ? (
        <output className="mt-4 block text-stone-800">
          Votre inscription est annulée. Merci de nous avoir prévenus : la place peut aller à quelqu'un d'autre.
        </output>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-800">
            {loaderData.waiting
              ? "Vous êtes sur la liste d'attente : en annulant, vous la quittez."
              : "Votre place pourra revenir à quelqu'un d'autre : merci de prévenir."}
          </p>
          <button type="submit" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3`}>
            Annuler mon inscription
          </button>
        </Form>
      )}
    </div>
  );
}
