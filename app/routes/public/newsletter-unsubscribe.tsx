import { Form } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { buttonClass } from "~/components/form/styles";
import { findByUnsubscribeToken, unsubscribe } from "~/modules/newsletter/newsletter.server";

/**
 * /lettre/desabonnement/:token — the link in every letter. GET shows one button, so that a mail scanner opening
 * links unsubscribes nobody; POST unsubscribes, whether it comes from that button or from the mail client itself
 * (RFC 8058: `List-Unsubscribe=One-Click`, no sign-in, no other question). Never cached, never indexed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const subscriber = await findByUnsubscribeToken(params.token);
  return { known: Boolean(subscriber), done: subscriber?.status === "desabonne" };
}

export async function action({ params }: Route.ActionArgs) {
  const subscriber = await unsubscribe(params.token);
  return { known: Boolean(subscriber), done: Boolean(subscriber) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Se désabonner de la lettre d'information" }, { name: "robots", content: "noindex" }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { known, done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">
        {!known ? "Ce lien ne fonctionne plus" : done ? "Vous êtes désabonné" : "Se désabonner"}
      </h1>
      {!known ? (
        <p className="mt-4 text-stone-800">
          Cette adresse ne figure plus dans la liste de la lettre d'information : vous ne recevrez plus rien.
        </p>
      ) : done ? (
        <output className="mt-4 block text-stone-800">
          Votre adresse ne recevra plus la lettre d'information. Pour la recevoir de nouveau, il faudra vous inscrire et
          confirmer votre adresse.
        </output>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-800">Vous ne recevrez plus la lettre d'information de l'association.</p>
          <button type="submit" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3`}>
            Me désabonner
          </button>
        </Form>
      )}
    </div>
  );
}
