import { useMemo } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { FormFields, Select, TextArea, TextInput } from "~/components/form/fields";
import { refusalErrors } from "~/components/form/messages";
import { quietButtonClass } from "~/components/form/styles";
import { firstError, useFormValidation } from "~/components/form/use-form-validation";
import { AD_TYPE_LABELS, AD_TYPES } from "~/lib/constants";
import { AD_TEXT_LIMITS, adActionSchema } from "~/modules/ads/ads.schema";
import type { AdEditing, ModeratedAd } from "./AdModerationCard";

const TYPE_OPTIONS = AD_TYPES.map((type) => [type, AD_TYPE_LABELS[type]] as const);

/**
 * The inline form of an ad being edited, checked in the browser with the action's schema (the public form's rules),
 * filled with what was typed when a save was refused.
 */
export function AdEditForm({ ad, editing }: { ad: ModeratedAd; editing: AdEditing }) {
  const values = editing.values ?? {
    nom: ad.nom,
    email: ad.email ?? "",
    telephone: ad.telephone,
    type: ad.type,
    contenu: ad.contenu ?? "",
  };
  // The page builds `editing` afresh at each render: the refusal is known by its message and field.
  const { message, field } = editing.error ?? {};
  const serverErrors = useMemo(() => refusalErrors(message ? { message, field } : null), [message, field]);
  const { errors, formProps } = useFormValidation(adActionSchema, serverErrors, { errors: firstError });
  return (
    <Form method="post" action="/admin/annonces" noValidate {...formProps} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={ad.id} />
      <FormFields state={{ errors }}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            label="Nom *"
            name="nom"
            defaultValue={values.nom}
            maxLength={AD_TEXT_LIMITS.nom}
            autoComplete="off"
          />
          <TextInput
            label="E-mail"
            name="email"
            type="email"
            defaultValue={values.email}
            maxLength={AD_TEXT_LIMITS.email}
            autoComplete="off"
          />
          <TextInput
            label="Téléphone *"
            name="telephone"
            type="tel"
            defaultValue={values.telephone}
            maxLength={AD_TEXT_LIMITS.telephone}
            autoComplete="off"
          />
          <Select label="Type *" name="type" defaultValue={values.type} options={TYPE_OPTIONS} placeholder={null} />
          <div className="sm:col-span-2">
            <TextArea
              label="Annonce"
              name="contenu"
              rows={4}
              defaultValue={values.contenu}
              maxLength={AD_TEXT_LIMITS.contenu}
            />
          </div>
        </div>
      </FormFields>
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="update">Mettre à jour</SubmitButton>
        <Link to={`/admin/annonces#annonce-${ad.id}`} className={quietButtonClass}>
          Annuler
        </Link>
      </div>
    </Form>
  );
}
