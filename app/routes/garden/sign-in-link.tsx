import { Form, Link, data, redirect } from "react-router";
import { buttonClass } from "~/components/form/styles";
import { clientIpContext } from "~/request/context";
import { peekGardenerLink } from "~/modules/garden-space/gardener-auth.server";
import { gardenerCookie, readGardenerToken } from "~/modules/garden-space/gardener-session.server";
import {
  GARDEN_PAGE_HEADERS,
  LINK_INVALID_MESSAGE,
  LINK_THROTTLED_MESSAGE,
} from "~/modules/garden-space/gardener-signin.schema";
import { signInWithLink, signOutGardener } from "~/modules/garden-space/gardener-signin.server";
import type { Route } from "./+types/sign-in-link";

/**
 * /mon-jardin/connexion/:token — the link of the sign-in e-mail. GET (or HEAD) only says whether it still works and
 * shows one button, so that a mail scanner or a prefetch opening it neither uses it nor signs anyone in; POST, from
 * that button, uses it and opens the session.
 */
export function headers() {
  return GARDEN_PAGE_HEADERS;
}

export async function loader({ params }: Route.LoaderArgs) {
  const valid = Boolean(await peekGardenerLink(params.token, "connexion"));
  return data({ valid }, { status: valid ? 200 : 410, headers: GARDEN_PAGE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const result = await signInWithLink(params.token, context.get(clientIpContext));
  if (!result.ok) {
    const throttled = result.reason === "throttled";
    return data(
      { error: throttled ? LINK_THROTTLED_MESSAGE : LINK_INVALID_MESSAGE, throttled },
      { status: throttled ? 429 : 410, headers: GARDEN_PAGE_HEADERS },
    );
  }
  // A fresh session at every sign-in: one this browser had before stops working.
  const previous = readGardenerToken(request);
  if (previous) await signOutGardener(previous, false);
  return redirect("/mon-jardin", { headers: { "Set-Cookie": gardenerCookie(result.token), ...GARDEN_PAGE_HEADERS } });
}

export function meta() {
  return [{ title: "Se connecter à Mon jardin" }, { name: "robots", content: "noindex" }];
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.throttled) return <Refused title="Trop d'essais" message={actionData.error} />;
  if (!loaderData.valid || actionData)
    return <Refused title="Ce lien n'est plus valable" message={LINK_INVALID_MESSAGE} />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Se connecter à Mon jardin</h1>
      <Form method="post" className="mt-4 space-y-4">
        <p className="text-stone-800">
          Ce lien vous connecte à votre espace de jardinier. Il ne sert qu'une fois : appuyez sur le bouton pour entrer.
        </p>
        <button type="submit" className={`${buttonClass} min-h-12 w-full rounded-xl px-6 py-3 sm:w-auto`}>
          Se connecter
        </button>
      </Form>
    </div>
  );
}

function Refused({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">{title}</h1>
      <p role="alert" className="mt-4 text-stone-800">
        {message}
      </p>
      <Link to="/mon-jardin" className="mt-6 inline-block font-semibold text-brand-800 underline">
        Demander un nouveau lien
      </Link>
    </div>
  );
}
