import { Form, useNavigation } from "react-router";
import { LeafIcon } from "~/components/icons";
import {
  RESUME_CODE_FIELD,
  RESUME_PASSWORD_FIELD,
  RESUME_USERNAME_FIELD,
  type SessionExpiredData,
} from "~/modules/auth/session-expired";

const field =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * Shown in place of a page whose form was sent after the session expired: signing in here sends the same form
 * again, with everything that was typed (carried in hidden fields), so that nothing is lost.
 */
export function SessionExpired({ expired }: { expired: SessionExpiredData }) {
  const submitting = useNavigation().state === "submitting";
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
          {expired.error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {expired.error}
            </p>
          )}
          <Form method="post" action={expired.action} className="space-y-4">
            {expired.fields.map(([name, value], i) => (
              <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
            ))}
            <div>
              <label htmlFor="reconnexion-identifiant" className="block text-sm font-medium text-stone-800">
                Identifiant
              </label>
              <input
                id="reconnexion-identifiant"
                name={RESUME_USERNAME_FIELD}
                autoComplete="username"
                required
                className={field}
              />
            </div>
            <div>
              <label htmlFor="reconnexion-mot-de-passe" className="block text-sm font-medium text-stone-800">
                Mot de passe
              </label>
              <input
                id="reconnexion-mot-de-passe"
                name={RESUME_PASSWORD_FIELD}
                type="password"
                autoComplete="current-password"
                required
                className={field}
              />
            </div>
            {expired.needsCode && (
              <div>
                <label htmlFor="reconnexion-code" className="block text-sm font-medium text-stone-800">
                  Code de vérification
                </label>
                <input
                  id="reconnexion-code"
                  name={RESUME_CODE_FIELD}
                  autoComplete="one-time-code"
                  required
                  className={field}
                />
              </div>
            )}
            <button
              type="submit"
              disabled={submitting}
              className="min-h-11 w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {submitting ? "Connexion…" : kept ? "Se reconnecter et enregistrer" : "Se reconnecter"}
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
