import { Form } from "react-router";
import { SendButton } from "~/components/form/buttons";
import { CaptchaInput, FormFields, Select, TextInput } from "~/components/form/fields";
import { FormAlerts } from "~/components/form/messages";
import { formatDateTime } from "~/lib/dates";
import type { PublicFormResult } from "~/modules/forms/public-form";
import { NEWSLETTER_CAPTCHA_QUESTION } from "~/modules/newsletter/newsletter.messages";
import { placesLeftText, REGISTRATION_CLOSED_MESSAGE } from "~/modules/registrations/registrations.messages";

export interface SignupInfo {
  open: boolean;
  placesLeft: number | null;
  capacity: number | null;
  closesAt: string | Date | null;
  question: string | null;
  maxPeople: number;
}

const FIELDS = ["name", "email", "people", "answer", "captcha"] as const;

/**
 * An event's sign-up: the places left, and a form posted to /events/:id/inscription (plain HTML: it works without
 * JavaScript). Full, it offers the waiting list; closed, it says so.
 */
export function EventSignup({
  eventId,
  signup,
  refused,
}: {
  eventId: number;
  signup: SignupInfo;
  refused?: Exclude<PublicFormResult, { status: "sent" }>;
}) {
  const full = signup.placesLeft !== null && signup.placesLeft <= 0;
  const places = placesLeftText(signup.placesLeft);
  const errors = refused?.status === "invalid" ? refused.errors : {};
  return (
    <section aria-labelledby="inscription" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
      <h2 id="inscription" className="text-xl font-bold text-brand-800">
        {full && signup.open ? "Complet : inscription sur liste d'attente" : "S'inscrire"}
      </h2>
      <p className="mt-1 text-stone-800">
        {signup.capacity === null
          ? "Places sans limite."
          : full
            ? `Complet (${signup.capacity} places).`
            : `${places} sur ${signup.capacity}.`}
        {signup.open && signup.closesAt ? ` Inscriptions jusqu'au ${formatDateTime(signup.closesAt)}.` : ""}
      </p>
      {!signup.open ? (
        <p className="mt-3 font-semibold text-stone-800">{REGISTRATION_CLOSED_MESSAGE}</p>
      ) : (
        <Form method="post" action={`/events/${eventId}/inscription`} noValidate className="relative mt-4 space-y-4">
          <FormFields state={{ id: "inscription", errors, values: refused?.values ?? {}, order: FIELDS }}>
            <FormAlerts refused={refused} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput name="name" label="Nom et prénom" required autoComplete="name" />
              <TextInput name="email" label="Adresse e-mail" required type="email" autoComplete="email" />
            </div>
            <Select
              name="people"
              label="Nombre de personnes"
              required
              placeholder={null}
              defaultValue={refused?.values?.people || "1"}
              options={Array.from({ length: signup.maxPeople }, (_, i) => [String(i + 1), String(i + 1)] as const)}
            />
            {signup.question ? <TextInput name="answer" label={signup.question} /> : null}
            <CaptchaInput label={NEWSLETTER_CAPTCHA_QUESTION} />
            <p className="text-sm text-stone-600">
              Votre nom et votre adresse servent à vous confirmer l'inscription, vous rappeler l'événement la veille et
              préparer la liste du jour ; ils sont effacés quelques mois après l'événement.
            </p>
            <SendButton>{full ? "M'inscrire sur la liste d'attente" : "M'inscrire"}</SendButton>
          </FormFields>
        </Form>
      )}
    </section>
  );
}
