import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/components/NewsletterForm";
import type { PageHandle } from "~/lib/page-handle";
import { clientIpContext, siteContentContext } from "~/request/context";
import { handlePublicForm, publicFormHeaders } from "~/modules/forms/public-form.server";
import { siteInfo } from "~/modules/content/site-info.server";
import { consentWording, NEWSLETTER_FAILURE_MESSAGE } from "~/modules/newsletter/newsletter.messages";
import { newsletterFormSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { pageMeta, siteFromMatches } from "~/modules/seo/seo";

/** Kept in memory (docs/decisions/016): the page reads no query parameter. */
export const handle: PageHandle = { query: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const content = await context.get(siteContentContext);
  return { consent: consentWording(siteInfo(content).name) };
}

/**
 * POST /lettre — every subscription form posts here (the footer's, an article's, an event's, this page's). The same
 * answer whether the address is new, waiting or subscribed already: the form does not tell who subscribes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    form: "lettre",
    request,
    ip: context.get(clientIpContext),
    keep: ["email"],
    schema: newsletterFormSchema,
    fields: ["email", "captcha", "source", "sourceId"],
    save: (form) => subscribe(form),
    failureMessage: NEWSLETTER_FAILURE_MESSAGE,
  });
}

export const headers = publicFormHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteFromMatches(matches), {
    title: "Lettre d'information",
    description: "Ateliers, journées de travail, assemblée générale : recevez les nouvelles des jardins par e-mail.",
    path: location.pathname,
  });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Lettre d'information</h1>
      <p className="mt-4 text-stone-800">
        Une lettre de temps en temps, jamais plus d'une par semaine : les ateliers et leurs places, les journées de
        travail collectif, l'assemblée générale, les nouvelles des jardins. Votre adresse ne sert qu'à cela et n'est
        jamais transmise.
      </p>
      <div className="mt-6">
        <NewsletterForm source="page" consent={loaderData.consent} answer={actionData} />
      </div>
    </div>
  );
}
