import { Link } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { confirmSubscription } from "~/modules/newsletter/newsletter.server";

/**
 * GET /lettre/confirmation/:token — the link of the confirmation e-mail (double opt-in), valid 48 hours. Private to
 * its reader: never cached, never indexed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const confirmed = await confirmSubscription(params.token);
  return { confirmed: Boolean(confirmed) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Inscription à la lettre d'information" }, { name: "robots", content: "noindex" }];
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">
        {loaderData.confirmed ? "Inscription confirmée" : "Ce lien ne fonctionne plus"}
      </h1>
      <p className="mt-4 text-stone-800">
        {loaderData.confirmed
          ? "Merci ! Vous recevrez désormais la lettre d'information de l'association. Chaque lettre contient un lien pour vous désabonner en un clic."
          : "Le lien de confirmation est valable 48 heures et ne sert qu'une fois. Si vous souhaitez toujours recevoir la lettre, inscrivez-vous à nouveau : un nouveau lien vous sera envoyé."}
      </p>
      <Link
        to={loaderData.confirmed ? "/" : "/lettre"}
        className="mt-6 inline-block font-semibold text-brand-800 underline"
      >
        {loaderData.confirmed ? "Retour à l'accueil" : "S'inscrire à nouveau"}
      </Link>
    </div>
  );
}
