import { isRouteErrorResponse } from "react-router";
import { sessionExpiredData } from "~/modules/forms/session-expired";
import { SessionExpired } from "./SessionExpired";

/**
 * What an /admin page shows when it fails: a form sent after the session expired offers to sign in and send it
 * again (nothing typed is lost); a page the account's role does not open, « Accès refusé »; a refused request (4xx with a message, such as a form too large), that message;
 * any other error, a plain message.
 */
export function AdminError({ error }: { error: unknown }) {
  const expired = sessionExpiredData(error);
  if (expired) return <SessionExpired expired={expired} />;
  const forbidden = isRouteErrorResponse(error) && error.status === 403 && error.data?.forbidden === true;
  const refusal = forbidden
    ? String(error.data.message)
    : isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string"
      ? error.data
      : null;
  const title = forbidden ? "Accès refusé" : "Une erreur est survenue";
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} — Administration`}</title>
      <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
      <p className="mt-4 text-stone-700">
        {refusal ?? "Cette page n'a pas pu s'afficher. Merci de réessayer dans quelques instants."}
      </p>
      <a
        href="/admin"
        className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Retour au tableau de bord
      </a>
    </main>
  );
}
