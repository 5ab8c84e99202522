import { Form } from "react-router";
import type { Route } from "./+types/gardener-letters-optout";
import { buttonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { findByOptOutToken, optOutByToken } from "~/modules/register/gardener-letters.server";

/**
 * /lettre/jardinier/:token — the link of every information letter to gardeners (decision 029). GET shows one button,
 * so that a mail scanner opening links opts nobody out; POST records the opt-out on the gardener's record, whether it
 * comes from that button or from the mail client itself (RFC 8058: `List-Unsubscribe=One-Click`, no sign-in, no
 * other question). Never cached, never indexed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const gardener = await findByOptOutToken(params.token);
  return { known: Boolean(gardener), done: Boolean(gardener?.optedOutAt) };
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const way = form.get("List-Unsubscribe") === "One-Click" ? "un-clic" : "lien";
  const gardener = await optOutByToken(params.token, way);
  return { known: Boolean(gardener), done: Boolean(gardener) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [
    { title: "Ne plus recevoir les lettres d'information aux jardiniers" },
    { name: "robots", content: "noindex" },
  ];
}

export default function GardenerLettersOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const { known, done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800">
        {!known ? "Ce lien ne fonctionne plus" : done ? "C'est noté" : "Lettres d'information aux jardiniers"}
      </h1>
      {!known ? (
        <p className="mt-4 text-stone-800">
          Ce lien ne correspond plus à une fiche de jardinier. Pour toute question, écrivez à l'association.
        </p>
      ) : done ? (
        <output className="mt-4 block text-stone-800">
          Vous ne recevrez plus les lettres d'information aux jardiniers. Les messages liés à votre parcelle ou à votre
          adhésion (cotisation, convocation à l'assemblée générale) continueront de vous parvenir. Pour recevoir de
          nouveau les lettres d'information, dites-le au bureau.
        </output>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-800">
            Vous ne recevrez plus les lettres d'information que l'association envoie aux jardiniers. Les messages liés à
            votre parcelle ou à votre adhésion (cotisation, convocation à l'assemblée générale) continueront de vous
            parvenir.
          </p>
          <button type="submit" className={`${buttonClass} min-h-12 rounded-xl px-6 py-3`}>
            Ne plus les recevoir
          </button>
        </Form>
      )}
    </div>
  );
}
