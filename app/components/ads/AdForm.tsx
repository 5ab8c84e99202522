import { useState } from "react";
import { Form } from "react-router";
import { SendButton } from "~/components/form/buttons";
import { FormFields, Select, TextArea, TextInput } from "~/components/form/fields";
import { FormAlerts } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import { ImageField } from "~/components/form/ImageField";
import { AD_TYPE_LABELS } from "~/lib/constants";
import type { PublicFormResult } from "~/modules/forms/public-form";
import { AD_SENT_MESSAGE } from "~/modules/ads/ads.messages";

const FIELDS = ["nom", "telephone", "type", "email", "contenu", "captcha"] as const;

/** The publishing form of /annonces (#poster): the ad is sent for validation; it empties itself once sent. */
export function AdForm({ captcha, result }: { captcha: string; result: PublicFormResult | undefined }) {
  const refused = result && result.status !== "sent" ? result : undefined;
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/ads/ads.schema").then((module) => module.adFormSchema(captcha)),
    refused?.status === "invalid" ? refused.errors : undefined,
  );
  // A new, empty form after each ad sent (photos included).
  const [sentCount, setSentCount] = useState(0);
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (result?.status === "sent") setSentCount(sentCount + 1);
  }
  return (
    <section
      id="poster"
      aria-labelledby="poster-titre"
      className="mt-12 scroll-mt-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="poster-titre" className="text-2xl font-bold text-brand-800">
        Déposer une annonce
      </h2>
      <p className="mt-1 text-stone-700">
        Votre annonce sera publiée après validation par un bénévole de l'association.
      </p>
      <output className="mt-3 block" aria-live="polite">
        {result?.status === "sent" ? (
          <span className="block rounded-xl bg-brand-50 p-4 font-semibold text-brand-900 ring-1 ring-brand-100">
            {AD_SENT_MESSAGE}
          </span>
        ) : null}
      </output>
      <Form
        key={sentCount}
        method="post"
        encType="multipart/form-data"
        noValidate
        {...formProps}
        className="relative mt-4 space-y-5"
      >
        <FormFields state={{ id: "annonce", errors, values: refused?.values ?? {}, order: FIELDS }}>
          <FormAlerts refused={refused} />
          <p className="text-sm text-stone-700">Les champs marqués d'un astérisque (*) sont obligatoires.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput name="nom" label="Votre nom" required autoComplete="name" />
            <TextInput name="telephone" label="Téléphone" required type="tel" autoComplete="tel" />
            <Select name="type" label="Type d'annonce" required options={Object.entries(AD_TYPE_LABELS)} />
            <TextInput name="email" label="E-mail (facultatif)" type="email" autoComplete="email" inputMode="email" />
          </div>
          <TextArea
            name="contenu"
            label="Votre annonce (facultatif)"
            rows={4}
            hint="Ce que vous donnez, vendez, cherchez ou échangez, et où le voir."
          />
          <fieldset>
            <legend className="font-medium text-stone-900">Photos (facultatives, 2 au maximum)</legend>
            {refused ? (
              <p className="mt-1 text-sm text-amber-900">
                Choisissez à nouveau vos photos : elles ne sont pas conservées quand le formulaire est renvoyé.
              </p>
            ) : null}
            <div className="mt-2 grid gap-5 sm:grid-cols-2">
              <ImageField
                mode="file"
                name="photo1"
                label="Photo 1"
                removeLabel="Retirer la photo 1"
                tooLargeMessage="L'image 1 est trop volumineuse (max 10MB). Veuillez la compresser."
              />
              <ImageField
                mode="file"
                name="photo2"
                label="Photo 2"
                removeLabel="Retirer la photo 2"
                tooLargeMessage="L'image 2 est trop volumineuse (max 10MB). Veuillez la compresser."
              />
            </div>
          </fieldset>
          <TextInput
            name="captcha"
            label={`Recopiez le mot « ${captcha} »`}
            required
            autoComplete="off"
            hint={
              refused
                ? "Recopiez-le à nouveau : par sécurité, il n'est pas conservé."
                : "Pour vérifier que vous n'êtes pas un robot."
            }
          />
          <SendButton>Envoyer l'annonce</SendButton>
        </FormFields>
      </Form>
    </section>
  );
}
