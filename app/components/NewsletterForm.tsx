import { useFetcher, useRouteLoaderData } from "react-router";
import { SendButton } from "~/components/form/buttons";
import { CaptchaInput, FormFields, TextInput } from "~/components/form/fields";
import { FormAlerts } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import type { PublicFormResult } from "~/modules/forms/public-form";
import {
  NEWSLETTER_CAPTCHA_QUESTION,
  NEWSLETTER_SENT_MESSAGE,
  NEWSLETTER_TITLE,
} from "~/modules/newsletter/newsletter.messages";
import type { NewsletterSource } from "~/modules/newsletter/newsletter.schema";

const FIELDS = ["email", "captcha"] as const;

/**
 * « Recevoir les nouvelles du jardin »: an address and the captcha, posted to /lettre. With JavaScript the answer
 * shows in place; without, the browser opens /lettre with it. `consent` is the wording stored with the address.
 */
export function NewsletterForm({
  source,
  sourceId,
  consent,
  answer,
}: {
  source: NewsletterSource;
  sourceId?: number;
  consent: string;
  /** The answer of the /lettre page's own action, when this form is that page's. */
  answer?: PublicFormResult;
}) {
  const fetcher = useFetcher<PublicFormResult>({ key: `lettre-${source}` });
  const result = answer ?? fetcher.data;
  const refused = result && result.status !== "sent" ? result : undefined;
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/newsletter/newsletter.schema").then((module) => module.newsletterFormSchema),
    refused?.status === "invalid" ? refused.errors : undefined,
  );
  const id = `lettre-${source}`;
  if (result?.status === "sent") {
    return (
      <output className="block rounded-2xl bg-brand-50 p-4 text-stone-800 ring-1 ring-brand-100">
        {NEWSLETTER_SENT_MESSAGE}
      </output>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action="/lettre"
      noValidate
      {...formProps}
      // Named (a landmark) in the footer and on /lettre only: an article's own form would repeat the footer's name.
      aria-labelledby={source === "article" || source === "evenement" ? undefined : `${id}-titre`}
      className="relative space-y-4 rounded-2xl bg-white p-5 text-stone-900 ring-1 ring-stone-200"
    >
      <h2 id={`${id}-titre`} className="text-lg font-bold text-brand-800">
        {NEWSLETTER_TITLE}
      </h2>
      <input type="hidden" name="source" value={source} />
      {sourceId ? <input type="hidden" name="sourceId" value={sourceId} /> : null}
      <FormFields state={{ id, errors, values: refused?.values ?? {}, order: FIELDS }}>
        <FormAlerts refused={refused} />
        <TextInput
          name="email"
          label="Adresse où recevoir la lettre"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <CaptchaInput label={NEWSLETTER_CAPTCHA_QUESTION} />
        <p className="text-sm text-stone-600">{consent}</p>
        <SendButton>S'inscrire</SendButton>
      </FormFields>
    </fetcher.Form>
  );
}

/** The form at the end of an article or an event, with the consent wording the public layout loaded. */
export function NewsletterAfterContent({ source, id }: { source: "article" | "evenement"; id: number }) {
  const layout = useRouteLoaderData<{ newsletterConsent: string }>("routes/public/layout");
  if (!layout) return null;
  return (
    <div className="mx-auto mt-4 max-w-3xl px-4">
      <NewsletterForm source={source} sourceId={id} consent={layout.newsletterConsent} />
    </div>
  );
}
