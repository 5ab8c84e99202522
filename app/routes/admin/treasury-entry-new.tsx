import { Link } from "react-router";
import type { Route } from "./+types/treasury-entry-new";
import { AdminPage, backLinkClass } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { EntryForm } from "~/components/admin/treasury/EntryForm";
import { TreasuryNav } from "~/components/admin/treasury/TreasuryNav";
import { currentActor } from "~/modules/history/actor.server";
import { newEntryAction, newEntryScreen } from "~/modules/treasury/entries.admin.server";
import { adminMeta } from "~/modules/seo/seo";

const TITLES = {
  depense: "Nouvelle dépense",
  recette: "Nouvelle recette",
  virement: "Virement entre comptes",
} as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? TITLES[loaderData.direction] : "Nouvelle écriture");
}

/** /admin/tresorerie/ecritures/nouvelle?sens=depense|recette|virement: the form of a new entry. */
export async function loader({ request }: Route.LoaderArgs) {
  return newEntryScreen(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return newEntryAction(request, currentActor(context));
}

export default function AdminTreasuryEntryNew({ loaderData, actionData }: Route.ComponentProps) {
  const { direction, accounts, categories, values } = loaderData;
  return (
    <AdminPage
      title={TITLES[direction]}
      width="3xl"
      nav={<TreasuryNav />}
      back={
        <Link to="/admin/tresorerie/ecritures" className={backLinkClass}>
          Retour aux écritures
        </Link>
      }
    >
      <Section
        id="ecriture"
        title="L'écriture"
        description={
          direction === "virement"
            ? "Un virement déplace de l'argent d'un compte à l'autre (un dépôt d'espèces à la banque, par exemple) : il ne compte ni en recettes ni en dépenses."
            : "Les champs marqués d'une astérisque sont obligatoires."
        }
      >
        <EntryForm
          intent="create"
          direction={direction}
          accounts={accounts}
          categories={categories}
          values={values}
          result={actionData}
          submit="Enregistrer l'écriture"
        />
      </Section>
    </AdminPage>
  );
}
