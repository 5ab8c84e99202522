import { Link } from "react-router";
import type { Route } from "./+types/my-details";
import { EmailChangeForm, MyDetailsForm } from "~/components/garden-space/MyDetailsForms";
import { readFormData } from "~/modules/forms/form-data.server";
import { refusedForm } from "~/modules/forms/admin-form.server";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { askEmailChange, myDetailsScreen, saveMyDetails } from "~/modules/garden-space/my-details.server";

/**
 * /mon-jardin/coordonnees: the signed-in gardener's phones, postal address and e-mails from the association, and a
 * change of address confirmed by a link sent to the new one. Plain forms: they work without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return myDetailsScreen(await requireGardener(request));
}

export async function action({ request }: Route.ActionArgs) {
  const gardener = await requireGardener(request);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "details":
      return saveMyDetails(gardener, form);
    case "email":
      return askEmailChange(gardener, form);
    default:
      return refusedForm(form, "Action inconnue.");
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta() {
  return [{ title: "Mes coordonnées — Mon jardin" }, { name: "robots", content: "noindex" }];
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 pb-10">
      <p>
        <Link to="/mon-jardin" className="font-semibold text-brand-800 underline underline-offset-2">
          ← Mon jardin
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand-800">Mes coordonnées</h1>
      <MyDetailsForm
        values={loaderData.values}
        result={result}
        consent={loaderData.consent}
        association={loaderData.association}
        hasEmail={loaderData.email !== ""}
      />
      <EmailChangeForm email={loaderData.email} result={result} />
      <section
        aria-labelledby="mes-donnees"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h2 id="mes-donnees" className="text-xl font-bold text-brand-800">
          Mes données
        </h2>
        <p className="mt-1 text-stone-700">
          Tout ce que l'association conserve sous votre adresse e-mail (fiche, parcelles, paiements, messages…), dans un
          fichier à enregistrer.
        </p>
        <p className="mt-3">
          <a
            href="/mon-jardin/mes-donnees"
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
          >
            Télécharger mes données
          </a>
        </p>
      </section>
    </div>
  );
}
