import { SubmitButton } from "~/components/form/buttons";
import { TextInput } from "~/components/form/fields";
import { OneMessageForm } from "~/components/form/OneMessageForm";
import { buttonClass } from "~/components/form/styles";
import { LeafIcon } from "~/components/icons";
import {
  RESUME_CODE_FIELD,
  RESUME_PASSWORD_FIELD,
  RESUME_USERNAME_FIELD,
  type SessionExpiredData,
} from "~/modules/forms/session-expired";

/** The sign-in's schema, as /login's form uses it, loaded when the form is first entered. */
const loadSchema = () => import("~/modules/auth/auth.schema").then((module) => module.loginSchema);

/**
 * Shown in place of a page whose form was sent after the session expired: signing in here sends the same form
 * again, with everything that was typed (carried in hidden fields), so that nothing is lost.
 */
export function SessionExpired({ expired }: { expired: SessionExpiredData }) {
  const kept = expired.fields.some(([name, value]) => name !== "intent" && value.trim() !== "");
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 px-4 py-12">
      <title>Votre session a expiré — Administration</title>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <LeafIcon className="size-14 text-brand-800" />
          <h1 className="mt-3 text-2xl font-bold text-brand-800">Votre session a expiré</h1>
        </div>
        <div className="space-y-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <p className="text-stone-800">
            {kept
              ? "Ce que vous venez de saisir n'est pas perdu : reconnectez-vous, et il sera enregistré aussitôt."
              : "Reconnectez-vous pour continuer."}
          </p>
          {expired.droppedFiles > 0 && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
              {expired.droppedFiles === 1
                ? "L'image choisie n'a pas pu être gardée"
                : `Les ${expired.droppedFiles} images choisies n'ont pas pu être gardées`}{" "}
              : après l'enregistrement, choisissez-{expired.droppedFiles === 1 ? "la" : "les"} à nouveau.
            </p>
          )}
          <OneMessageForm
            schema={loadSchema}
            input={(data) => ({ username: data.get(RESUME_USERNAME_FIELD), password: data.get(RESUME_PASSWORD_FIELD) })}
            message={expired.error}
            action={expired.action}
            className="space-y-4"
            before={expired.fields.map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
          >
            <TextInput label="Identifiant" name={RESUME_USERNAME_FIELD} autoComplete="username" required />
            <TextInput
              label="Mot de passe"
              name={RESUME_PASSWORD_FIELD}
              type="password"
              autoComplete="current-password"
              required
            />
            {expired.needsCode && (
              <TextInput label="Code de vérification" name={RESUME_CODE_FIELD} autoComplete="one-time-code" required />
            )}
            <SubmitButton busyText="Connexion…" className={`${buttonClass} w-full`}>
              {kept ? "Se reconnecter et enregistrer" : "Se reconnecter"}
            </SubmitButton>
          </OneMessageForm>
        </div>
      </div>
    </main>
  );
}
