import { useMemo } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { FormFields, TextInput } from "~/components/form/fields";
import { refusalErrors, type FormRefusal } from "~/components/form/messages";
import { firstError, useFormValidation } from "~/components/form/use-form-validation";
import { EMAIL_MAX, PHONE_MAX } from "~/modules/forms/limits";

/**
 * The applicant corrects their e-mail and mobile phone, checked with the application form's rules; a refusal comes
 * back on its field with what was typed.
 */
export function ApplicantContactForm({
  email,
  telephone,
  refused,
}: {
  email: string;
  telephone: string;
  refused: FormRefusal | null;
}) {
  const serverErrors = useMemo(() => refusalErrors(refused), [refused]);
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/applications/applications.schema").then((module) => module.applicantContactSchema),
    serverErrors,
    { errors: firstError },
  );
  return (
    <section aria-labelledby="coordonnees" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="coordonnees" className="text-xl font-semibold text-brand-800">
        Mes coordonnées
      </h2>
      <p className="mt-2 text-stone-700">L'association vous contactera à cette adresse et à ce numéro.</p>
      <Form method="post" noValidate {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="contact" />
        <FormFields state={{ id: "coordonnees", errors }}>
          <TextInput
            label="Adresse e-mail"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            maxLength={EMAIL_MAX}
          />
          <TextInput
            label="Téléphone portable"
            name="telephoneportable"
            type="tel"
            autoComplete="tel"
            defaultValue={telephone}
            maxLength={PHONE_MAX}
          />
        </FormFields>
        <SubmitButton intent="contact">Enregistrer mes coordonnées</SubmitButton>
      </Form>
    </section>
  );
}
