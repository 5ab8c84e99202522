import { Form, Link } from "react-router";
import type { Route } from "./+types/contact";
import { clientIpContext, siteContentContext } from "~/request/context";
import { SendButton } from "~/components/form/buttons";
import { CaptchaInput, FormFields, TextArea, TextInput } from "~/components/form/fields";
import { FormAlerts } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import { CONTACT_CAPTCHA_QUESTION } from "~/lib/constants";
import { handlePublicForm, publicFormHeaders } from "~/modules/forms/public-form.server";
import type { PageHandle } from "~/lib/page-handle";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";
import { CONTACT_FAILURE_MESSAGE, contactFormSchema } from "~/modules/contact/contact.schema";
import { sendContactMessage } from "~/modules/contact/contact.server";

/** Kept in memory (docs/decisions/016): the page reads no query parameter. */
export const handle: PageHandle = { query: [] };

const FIELDS = ["name", "email", "subject", "message", "captcha"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteContentContext);
  return { adresse: content.adresse, telephone: content.telephone, email: content.email, horaires: content.horaires };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    form: "contact",
    request,
    ip: context.get(clientIpContext),
    keep: ["name", "email", "subject", "message"],
    schema: contactFormSchema,
    fields: FIELDS,
    save: sendContactMessage,
    failureMessage: CONTACT_FAILURE_MESSAGE,
  });
}

export const headers = publicFormHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Contact",
    description:
      "Écrivez à l'association ou passez à nos permanences : adresse, téléphone, e-mail et formulaire de contact.",
    path: location.pathname,
  });
}

function Details({ adresse, telephone, email, horaires }: Route.ComponentProps["loaderData"]) {
  return (
    <section aria-labelledby="coordonnees" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="coordonnees" className="text-xl font-bold text-brand-800">
        Nos coordonnées
      </h2>
      <address className="mt-3 space-y-2 not-italic text-stone-800 [overflow-wrap:anywhere]">
        {adresse ? <p className="whitespace-pre-line">{adresse}</p> : null}
        {telephone ? (
          <p>
            Téléphone :{" "}
            <a href={`tel:${telephone.replace(/[^\d+]/g, "")}`} className="font-semibold text-brand-800 underline">
              {telephone}
            </a>
          </p>
        ) : null}
        {email ? (
          <p>
            E-mail :{" "}
            <a href={`mailto:${email}`} className="font-semibold text-brand-800 underline">
              {email}
            </a>
          </p>
        ) : null}
        <p>{horaires}</p>
      </address>
    </section>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && actionData.status !== "sent" ? actionData : undefined;
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/contact/contact.schema").then((module) => module.contactFormSchema),
    refused?.status === "invalid" ? refused.errors : undefined,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Nous contacter</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[2fr_3fr]">
        <Details {...loaderData} />
        {actionData?.status === "sent" ? (
          <section aria-labelledby="message-envoye" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <h2 id="message-envoye" className="text-xl font-bold text-brand-800">
              Message envoyé
            </h2>
            <p className="mt-2 text-stone-800">
              Merci ! Votre message a bien été envoyé : nous vous répondrons dès que possible.
            </p>
            <Link
              to="/contact"
              className="mt-5 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Envoyer un nouveau message
            </Link>
          </section>
        ) : (
          <Form
            method="post"
            noValidate
            {...formProps}
            className="relative space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
          >
            <h2 className="text-xl font-bold text-brand-800">Écrivez-nous</h2>
            <FormFields state={{ id: "contact", errors, values: refused?.values ?? {}, order: FIELDS }}>
              <FormAlerts refused={refused} />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextInput name="name" label="Votre nom" required autoComplete="name" />
                <TextInput
                  name="email"
                  label="Votre e-mail"
                  required
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                />
              </div>
              <TextInput name="subject" label="Objet" required />
              <TextArea name="message" label="Message" required rows={6} />
              <CaptchaInput
                label={CONTACT_CAPTCHA_QUESTION}
                hint={
                  refused
                    ? "Répondez à nouveau à la question : par sécurité, la réponse n'est pas conservée."
                    : undefined
                }
              />
              <SendButton>Envoyer le message</SendButton>
            </FormFields>
          </Form>
        )}
      </div>
    </div>
  );
}
