import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { buttonClass } from "~/components/form/styles";
import { confirmSubscription, findByConfirmToken } from "~/modules/newsletter/newsletter.server";

/**
 * /lettre/confirmation/:token — the link of the confirmation e-mail (double opt-in), valid 48 hours. GET (or HEAD)
 * only shows one button and writes nothing, so that a mail scanner or a prefetch opening the link neither confirms a
 * subscription nobody asked for nor spends the link; POST, from that button, confirms. Private to its reader: never
 * cached, never indexed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { valid: Boolean(await findByConfirmToken(params.token)) };
}

export async function action({ params }: Route.ActionArgs) {
  return { confirmed: Boolean(await confirmSubscription(params.token)) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Inscription à la lettre d'information" }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.confirmed) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-3xl font-bold text-brand-800">Inscription confirmée</h1>
        <output className="mt-4 block text-stone-800">
          Merci ! Vous recevrez désormais la lettre d'information de l'association. Chaque lettre contient un lien pour
          vous désabonner, sans compte ni mot de passe.
        </output>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-800 underline">
          Retour à l'accueil
        </Link>
      </div>
    );
  }
  if (!loaderData.valid || actionData) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-3xl font-bold text-brand-800">Ce lien ne fonctionne plus</h1>
        <p className="mt-4 text-stone-800">
          Le lien de confirmation est valable 48 heures et ne sert qu'une fois. Si vous souhaitez toujours recevoir la
          lettre, inscrivez-vous à nouveau : un nouveau lien vous sera envoyé.
        </p>
        <Link to="/lettre" className="mt-6 inline-block font-semibold text-brand-800 underline">
          S'inscrire à nouveau
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">Confirmer l'inscription</h1>
      <Form method="post" className="mt-4 space-y-4">
        <p className="text-stone-800">
          Pour recevoir la lettre d'information de l'association, confirmez votre inscription. Chaque lettre contient un
          lien pour vous désabonner, sans compte ni mot de passe.
        </p>
        <button type="submit" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3`}>
          Confirmer mon inscription
        </button>
      </Form>
    </div>
  );
}
