import { Form } from "react-router";

/** The sign-in's second step: the authenticator app's code, or a recovery code. */
export function SecondFactorForm({ error, submitting }: { error?: string; submitting: boolean }) {
  return (
    <>
      <Form method="post" noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-md ring-1 ring-stone-200">
        <input type="hidden" name="intent" value="code" />
        <h2 className="text-lg font-bold text-stone-900">Vérification en deux étapes</h2>
        <p className="text-sm text-stone-700">
          Saisissez le code à 6 chiffres affiché par votre application d'authentification. Sans votre téléphone, un code
          de secours convient aussi.
        </p>
        {error && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            {error}
          </p>
        )}
        <div>
          <label htmlFor="code" className="text-sm font-medium text-stone-800">
            Code de vérification
          </label>
          <input
            id="code"
            name="code"
            autoComplete="one-time-code"
            required
            spellCheck={false}
            className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 font-mono text-lg tracking-widest focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {submitting ? "Vérification…" : "Valider le code"}
        </button>
      </Form>
      <Form method="post" className="mt-4 text-center text-sm">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="min-h-11 text-brand-800 underline underline-offset-2">
          Recommencer avec un autre identifiant
        </button>
      </Form>
    </>
  );
}
