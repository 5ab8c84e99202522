import { data } from "react-router";
import { GardenSpace } from "~/components/garden-space/GardenSpace";
import { GardenerBar } from "~/components/garden-space/GardenerBar";
import { SignInForm } from "~/components/garden-space/SignInForm";
import { clientIpContext } from "~/request/context";
import { readFormData } from "~/modules/forms/form-data.server";
import { getGardener } from "~/modules/garden-space/gardener-session.server";
import { GARDEN_PAGE_HEADERS } from "~/modules/garden-space/gardener-signin.schema";
import { askSignInLink } from "~/modules/garden-space/gardener-signin.server";
import { gardenSpaceData } from "~/modules/garden-space/space.server";
import type { Route } from "./+types/my-garden";

/**
 * /mon-jardin — a gardener's own space once signed in; signed out, the form that e-mails a sign-in link (decision 032).
 */
export function headers() {
  return GARDEN_PAGE_HEADERS;
}

export async function loader({ request }: Route.LoaderArgs) {
  const gardener = await getGardener(request);
  return gardener
    ? { name: gardener.name, space: await gardenSpaceData(gardener, new URL(request.url)) }
    : { name: null, space: null };
}

/** POST /mon-jardin — « Recevoir un lien de connexion ». */
export async function action({ request, context }: Route.ActionArgs) {
  const { answer, status } = await askSignInLink(await readFormData(request), context.get(clientIpContext));
  return data(answer, { status, headers: GARDEN_PAGE_HEADERS });
}

export function meta() {
  return [{ title: "Mon jardin" }, { name: "robots", content: "noindex" }];
}

export default function MyGarden({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.space) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <GardenerBar name={loaderData.name} />
        <h1 className="mt-6 text-3xl font-bold text-brand-800 sm:text-4xl">Mon jardin</h1>
        <GardenSpace space={loaderData.space} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-3xl font-bold text-brand-800 sm:text-4xl">Mon jardin</h1>
      <p className="mt-4 text-stone-800">
        L'espace de chaque jardinier de l'association : vos parcelles, vos cotisations et vos reçus, les documents des
        membres et l'assemblée générale. Pas de mot de passe : un lien de connexion vous est envoyé par e-mail.
      </p>
      <div className="mt-6">
        <SignInForm answer={actionData} />
      </div>
    </div>
  );
}
