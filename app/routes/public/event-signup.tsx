import { data, redirect } from "react-router";
import type { Route } from "./+types/event-signup";
import { EventSignup } from "~/components/events/EventSignup";
import { clientIpContext } from "~/request/context";
import { parseId } from "~/lib/text";
import { handlePublicForm } from "~/modules/forms/public-form.server";
import { getPublishedEvent } from "~/modules/events/events.server";
import { eventPractical } from "~/modules/events/events.server";
import { EVENT_SIGNUP_LIMITED_MESSAGE, reserveEventSignup } from "~/modules/rate-limits/rate-limits.server";
import {
  REGISTRATION_CLOSED_MESSAGE,
  REGISTRATION_FAILURE_MESSAGE,
  REGISTRATION_SENT_MESSAGE,
} from "~/modules/registrations/registrations.messages";
import { registrationFormSchema } from "~/modules/registrations/registrations.schema";
import { eventSignup, RegistrationClosedError, signUp } from "~/modules/registrations/registrations.server";

/** The event and its sign-up; an event without sign-ups leads to its page. */
async function signupOf(idParam: string) {
  const id = parseId(idParam);
  const event = id === null ? undefined : await getPublishedEvent(id);
  if (!event) throw redirect("/events");
  const signup = await eventSignup(event);
  if (!signup) throw redirect(`/events/${event.id}`);
  return { event, signup };
}

export async function loader({ params }: Route.LoaderArgs) {
  const { event, signup } = await signupOf(params.id);
  return { id: event.id, title: event.title, practical: eventPractical(event), signup };
}

/**
 * POST /events/:id/inscription — the sign-up form of an event's page (and of this one): the public forms' checks and
 * at most 3 sign-ups to the event per network and day, then a place or the waiting list, decided with the event
 * locked. Every sign-up gets the same answer; only the e-mail tells which (decision 023).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { event, signup } = await signupOf(params.id);
  if (!signup.open)
    return data({ status: "failed" as const, message: REGISTRATION_CLOSED_MESSAGE, values: {} }, { status: 409 });
  const ip = context.get(clientIpContext);
  let closed = false;
  const answer = await handlePublicForm({
    form: "inscription",
    request,
    ip,
    keep: ["name", "email", "people", "answer"],
    schema: registrationFormSchema(event.signupMaxPeople),
    fields: ["name", "email", "people", "answer", "captcha"],
    alsoLimit: { reserve: () => reserveEventSignup(event.id, ip), message: EVENT_SIGNUP_LIMITED_MESSAGE },
    save: async (form) => {
      try {
        await signUp(event.id, form);
      } catch (error) {
        // Closed (or full of time) between the page and the form: said as such, not as a failure.
        if (!(error instanceof RegistrationClosedError)) throw error;
        closed = true;
      }
    },
    failureMessage: REGISTRATION_FAILURE_MESSAGE,
  });
  if (closed)
    return data({ status: "failed" as const, message: REGISTRATION_CLOSED_MESSAGE, values: {} }, { status: 409 });
  return answer;
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `S'inscrire : ${loaderData.title}` : "S'inscrire" },
    { name: "robots", content: "noindex" },
  ];
}

export default function EventSignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, practical, signup } = loaderData;
  const refused = actionData && actionData.status !== "sent" ? actionData : undefined;
  return (
    <div className="px-4 py-6">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-brand-800 [overflow-wrap:anywhere]">{title}</h1>
        {practical.map((line) => (
          <p key={line} className="mt-1 text-stone-800">
            {line}
          </p>
        ))}
        <p className="mt-2">
          <a href={`/events/${id}`} className="font-semibold text-brand-800 underline underline-offset-2">
            Voir l'événement
          </a>
        </p>
      </div>
      {actionData?.status === "sent" ? (
        <output className="mx-auto mt-6 block max-w-3xl rounded-2xl bg-brand-50 p-5 text-stone-800 ring-1 ring-brand-100">
          {REGISTRATION_SENT_MESSAGE}
        </output>
      ) : (
        <div className="mx-auto max-w-3xl">
          <EventSignup eventId={id} signup={signup} refused={refused} />
        </div>
      )}
    </div>
  );
}
