import { useIntervalRevalidation } from "~/lib/use-interval-revalidation";
import type { Route } from "./+types/letter";
import { LetterEditor } from "~/components/admin/newsletter/LetterEditor";
import { LetterProgress } from "~/components/admin/newsletter/LetterProgress";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { doneMessage, letterAction, letterScreen } from "~/modules/newsletter/letters.admin.server";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.letter.id) return adminMeta(`Lettre : ${loaderData.letter.subject}`);
  return adminMeta(loaderData?.letter.audience === "jardiniers" ? "Nouvelle lettre aux jardiniers" : "Nouvelle lettre");
}

/** /admin/lettre/:id (« nouvelle »: a letter not saved yet): write, preview, test and send a letter. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    ...(await letterScreen(params.id, url, signedInAdmin(context)?.id ?? null)),
    done: doneMessage(url),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return letterAction(params.id, new URL(request.url), await readFormData(request), currentActor(context));
}

export default function AdminLetter({ loaderData, actionData }: Route.ComponentProps) {
  const { letter } = loaderData;
  const notice = useSaveNotice(actionData?.message ?? loaderData.done);
  const sending = letter.status === "envoi";
  // While it goes, the figures follow every 10 seconds (without JavaScript, « Actualiser »).
  useIntervalRevalidation(10_000, sending);
  return (
    <AdminPage
      title={
        letter.id
          ? letter.subject
          : letter.audience === "jardiniers"
            ? "Nouvelle lettre aux jardiniers"
            : "Nouvelle lettre"
      }
      back={
        <a href="/admin/lettre" className={backLinkClass}>
          Retour à la lettre d'information
        </a>
      }
      popup={{ ...notice, error: actionData?.ok === false }}
    >
      {letter.status === "brouillon" ? (
        <LetterEditor screen={loaderData} refused={actionData?.ok === false ? actionData : undefined} />
      ) : (
        <LetterProgress screen={loaderData} />
      )}
      {loaderData.previewHtml ? (
        <section aria-labelledby="apercu" className="space-y-2">
          <h2 id="apercu" className="text-lg font-bold text-stone-900">
            Aperçu de l'e-mail
          </h2>
          <p className="text-sm text-stone-600">
            {letter.audience === "jardiniers" && letter.nature === "service"
              ? "Tel que le reçoit un jardinier : un message de service, sans lien de désabonnement."
              : "Tel que le reçoit un destinataire ; le lien de désabonnement de chacun lui est propre."}
          </p>
          <iframe
            title="Aperçu de l'e-mail"
            srcDoc={loaderData.previewHtml}
            // No script runs in it (no allow-scripts); same origin only so that the site's images show.
            sandbox="allow-same-origin"
            className="h-[36rem] w-full rounded-xl bg-stone-100 ring-1 ring-stone-200"
          />
        </section>
      ) : null}
    </AdminPage>
  );
}
