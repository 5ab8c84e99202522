import { Form } from "react-router";
import { FormFooter, SubmitButton } from "~/components/form/buttons";
import { Checkbox, DateTimeInput, FormFields, TextInput } from "~/components/form/fields";
import { ErrorSummary } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";

const ORDER = ["signupsOpen", "signupCapacity", "signupMaxPeople", "signupClosesAt", "signupQuestion"] as const;

/** How an event takes sign-ups: open or not, places, people per sign-up, closing time, the question asked. */
export function SignupSettingsForm({
  settings,
  refused,
}: {
  settings: Record<(typeof ORDER)[number], string>;
  refused?: { errors: Record<string, string>; values: Record<string, string> };
}) {
  const { errors, formProps } = useFormValidation(
    () => import("~/modules/registrations/registrations.schema").then((module) => module.signupSettingsSchema),
    refused?.errors,
  );
  return (
    <Form method="post" noValidate {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="settings" />
      <FormFields state={{ id: "reglages", errors, values: refused?.values ?? settings, order: ORDER }}>
        <ErrorSummary />
        <Checkbox name="signupsOpen">Accepter les inscriptions sur la page de l'événement</Checkbox>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            name="signupCapacity"
            label="Nombre de places"
            hint="Vide : sans limite. Une fois complet, on s'inscrit sur liste d'attente."
            inputMode="numeric"
            autoComplete="off"
          />
          <TextInput
            name="signupMaxPeople"
            label="Personnes au plus par inscription"
            hint="4 par défaut."
            inputMode="numeric"
            autoComplete="off"
          />
          <DateTimeInput
            name="signupClosesAt"
            label="Clôture des inscriptions (facultatif)"
            hint="Heure de Paris. Sans date, elles ferment au début de l'événement."
          />
          <TextInput
            name="signupQuestion"
            label="Question posée (facultatif)"
            hint="Par exemple : « Apportez-vous votre sécateur ? »"
            autoComplete="off"
          />
        </div>
        <FormFooter>
          <SubmitButton intent="settings">Enregistrer les réglages</SubmitButton>
        </FormFooter>
      </FormFields>
    </Form>
  );
}
