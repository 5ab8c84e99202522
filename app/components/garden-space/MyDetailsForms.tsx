import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ZodType } from "zod";
import { SubmitButton } from "~/components/form/buttons";
import { Checkbox, FormFields, TextArea, TextInput } from "~/components/form/fields";
import { ErrorSummary, FormMessage } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import { EMAIL_MAX, PHONE_MAX } from "~/modules/forms/limits";

/** What the page's two forms answer: done, or sent back with each field's message and what was typed. */
export type DetailsResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string>; values: Record<string, string> };

const cardClass = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6";

/**
 * One of the page's forms, told apart by `intent`, checked in the browser with the action's schema (loaded when the
 * form is first used) and sent back by the server with its messages. Sent back, it shows exactly what was typed: a
 * box left unticked is absent from the form, so the record's values must not fill it in again.
 */
function DetailsForm({
  intent,
  schema,
  result,
  values,
  order,
  submit,
  children,
}: {
  intent: string;
  schema: () => Promise<ZodType>;
  result: DetailsResult | undefined;
  values: Record<string, string>;
  order: readonly string[];
  submit: string;
  children: ReactNode;
}) {
  const mine = result?.intent === intent ? result : undefined;
  const refused = mine && !mine.ok ? mine : undefined;
  const { errors, formProps } = useFormValidation(schema, refused?.errors);
  return (
    <Form method="post" noValidate {...formProps} className="mt-4 space-y-5">
      <input type="hidden" name="intent" value={intent} />
      <FormFields state={{ id: intent, errors, values: refused ? refused.values : values, order }}>
        {mine?.ok ? (
          <output className="block rounded-xl border-l-4 border-brand-700 bg-brand-50 p-4 font-medium text-stone-900">
            {mine.message}
          </output>
        ) : null}
        <ErrorSummary title={refused?.message} />
        {refused && Object.keys(refused.errors).length === 0 ? <FormMessage message={refused.message} /> : null}
        {children}
        <SubmitButton
          intent={intent}
          className="inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 sm:w-auto"
        >
          {submit}
        </SubmitButton>
      </FormFields>
    </Form>
  );
}

/** « Mes coordonnées »: phones, postal address and the two kinds of e-mail the association sends. */
export function MyDetailsForm({
  values,
  result,
  consent,
  association,
  hasEmail,
}: {
  values: Record<string, string>;
  result: DetailsResult | undefined;
  consent: string;
  association: string;
  hasEmail: boolean;
}) {
  return (
    <section aria-labelledby="mes-coordonnees" className={cardClass}>
      <h2 id="mes-coordonnees" className="text-xl font-bold text-brand-800">
        Téléphones, adresse et e-mails reçus
      </h2>
      <p className="mt-1 text-stone-700">Le bureau de l'association les voit sur votre fiche de jardinier.</p>
      <DetailsForm
        intent="details"
        schema={() => import("~/modules/garden-space/my-details.schema").then((m) => m.myDetailsSchema)}
        result={result}
        values={values}
        order={["mobile", "landline", "address", "newsletter", "letters"]}
        submit="Enregistrer mes coordonnées"
      >
        <TextInput
          label="Téléphone portable"
          name="mobile"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Par exemple 06 12 34 56 78"
          maxLength={PHONE_MAX}
        />
        <TextInput
          label="Téléphone fixe"
          name="landline"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Par exemple 04 78 12 34 56"
          maxLength={PHONE_MAX}
        />
        <TextArea label="Adresse postale" name="address" rows={3} autoComplete="street-address" maxLength={300} />
        <fieldset className="space-y-4 border-t border-stone-200 pt-4">
          <legend className="sr-only">E-mails de l'association</legend>
          {hasEmail ? (
            <div>
              <Checkbox name="newsletter">Recevoir la lettre d'information de l'association</Checkbox>
              <p className="mt-1 ml-8 text-sm text-stone-700">{consent}</p>
            </div>
          ) : null}
          <div>
            <Checkbox name="letters">Recevoir les e-mails d'information aux jardiniers</Checkbox>
            <p className="mt-1 ml-8 text-sm text-stone-700">
              Les nouvelles que {association} envoie à ses jardiniers. Les messages liés à votre parcelle ou à votre
              adhésion (cotisation, convocation à l'assemblée générale) vous parviennent dans tous les cas.
            </p>
          </div>
        </fieldset>
      </DetailsForm>
    </section>
  );
}

/** « Mon adresse e-mail »: a new address is confirmed by a link sent to it before it replaces the one in use. */
export function EmailChangeForm({ email, result }: { email: string; result: DetailsResult | undefined }) {
  return (
    <section aria-labelledby="mon-adresse" className={cardClass}>
      <h2 id="mon-adresse" className="text-xl font-bold text-brand-800">
        Mon adresse e-mail
      </h2>
      <p className="mt-1 text-stone-700">
        {email ? (
          <>
            Adresse actuelle : <strong className="wrap-anywhere">{email}</strong>. C'est à elle que partent vos liens de
            connexion et les messages de l'association.
          </>
        ) : (
          "Votre fiche n'a pas d'adresse e-mail."
        )}
      </p>
      <DetailsForm
        intent="email"
        schema={() => import("~/modules/garden-space/my-details.schema").then((m) => m.emailChangeSchema)}
        result={result}
        values={{}}
        order={["newEmail"]}
        submit="Changer d'adresse"
      >
        <TextInput
          label="Nouvelle adresse e-mail"
          name="newEmail"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="Un lien de confirmation, valable 15 minutes, y sera envoyé ; votre adresse actuelle sera prévenue."
          maxLength={EMAIL_MAX}
        />
      </DetailsForm>
    </section>
  );
}
