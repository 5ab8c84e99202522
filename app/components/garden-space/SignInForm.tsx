import { useMemo } from "react";
import { Form } from "react-router";
import { SendButton } from "~/components/form/buttons";
import { FormFields, TextInput } from "~/components/form/fields";
import { FormMessage } from "~/components/form/messages";
import { useFormValidation } from "~/components/form/use-form-validation";
import type { SignInLinkAnswer } from "~/modules/garden-space/gardener-signin.schema";

const loadSchema = () =>
  import("~/modules/garden-space/gardener-signin.schema").then((module) => module.signInLinkSchema);

/**
 * « Recevoir un lien de connexion »: the gardener's address, posted to /mon-jardin. The answer shows above the field,
 * which keeps what was typed (to ask again, or to see a typo).
 */
export function SignInForm({ answer }: { answer: SignInLinkAnswer | undefined }) {
  const serverErrors = useMemo(() => (answer?.status === "invalid" ? { email: answer.message } : undefined), [answer]);
  const { errors, formProps } = useFormValidation(loadSchema, serverErrors);
  return (
    <Form
      method="post"
      action="/mon-jardin"
      noValidate
      {...formProps}
      aria-labelledby="connexion-titre"
      className="relative space-y-4 rounded-2xl bg-white p-5 text-stone-900 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="connexion-titre" className="text-lg font-bold text-brand-800">
        Se connecter
      </h2>
      <input type="hidden" name="intent" value="lien" />
      {answer?.status === "sent" ? (
        <output className="block rounded-xl border-l-4 border-brand-700 bg-brand-50 p-4 font-medium text-stone-900">
          {answer.message}
        </output>
      ) : (
        <FormMessage message={answer && answer.status !== "invalid" ? answer.message : null} />
      )}
      <FormFields state={{ id: "connexion", errors, values: { email: answer?.email ?? "" }, order: ["email"] }}>
        <TextInput
          name="email"
          label="Adresse e-mail"
          hint="Celle que l'association a pour vous."
          required
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <SendButton className="w-full sm:w-auto">Recevoir un lien de connexion</SendButton>
      </FormFields>
    </Form>
  );
}
