import { Form } from "react-router";
import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import { OneMessageForm } from "~/components/form/OneMessageForm";
import { buttonClass } from "~/components/form/styles";

const loadSchema = () => import("~/modules/auth/auth.schema").then((module) => module.secondFactorSchema);

/** The sign-in's second step: the authenticator app's code, or a recovery code. */
export function SecondFactorForm({ error }: { error?: string }) {
  return (
    <>
      <OneMessageForm
        schema={loadSchema}
        message={error}
        className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-stone-200"
        before={
          <>
            <input type="hidden" name="intent" value="code" />
            <h2 className="text-lg font-bold text-stone-900">Vérification en deux étapes</h2>
            <p className="text-sm text-stone-700">
              Saisissez le code à 6 chiffres affiché par votre application d'authentification. Sans votre téléphone, un
              code de secours convient aussi.
            </p>
          </>
        }
      >
        <TextInput label="Code de vérification" name="code" autoComplete="one-time-code" required spellCheck={false} />
        <SubmitButton intent="code" busyText="Vérification…" className={`${buttonClass} w-full`}>
          Valider le code
        </SubmitButton>
      </OneMessageForm>
      <Form method="post" className="mt-4 text-center text-sm">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="min-h-11 text-brand-800 underline underline-offset-2">
          Recommencer avec un autre identifiant
        </button>
      </Form>
    </>
  );
}
