import { Form } from "react-router";
import { de } from "~/lib/text";
import { FormFields, TextInput } from "~/components/form/fields";
import { firstError, useFormValidation } from "~/components/form/use-form-validation";
import { AD_TEXT_LIMITS, adActionSchema } from "~/modules/ads/ads.schema";

/** 'Refuser' (spam, unsuitable ad): the reason is asked, then the ad is deleted and the reason kept in the history. */
export function RefuseAd({ id, name }: { id: number; name: string }) {
  const { errors, formProps } = useFormValidation(adActionSchema, undefined, { errors: firstError });
  return (
    <details className="group w-full sm:w-auto">
      <summary
        aria-label={`Refuser l'annonce ${de(name)}`}
        className="inline-flex min-h-11 cursor-pointer list-none items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden"
      >
        Refuser
      </summary>
      <Form
        method="post"
        noValidate
        {...formProps}
        className="mt-2 space-y-3 rounded-lg bg-red-50 p-4 ring-1 ring-red-200"
      >
        <input type="hidden" name="intent" value="refuse" />
        <input type="hidden" name="id" value={id} />
        <FormFields state={{ errors }}>
          <TextInput
            label="Raison du refus"
            hint="Gardée dans l'historique ; la personne n'est pas prévenue."
            name="reason"
            maxLength={AD_TEXT_LIMITS.reason}
          />
        </FormFields>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Refuser et supprimer
        </button>
      </Form>
    </details>
  );
}
