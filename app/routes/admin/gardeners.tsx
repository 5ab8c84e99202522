import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/gardeners";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination, Section } from "~/components/admin/admin-ui";
import { ListSearch, listPageLink } from "~/components/admin/ListSearch";
import { GardenerFields } from "~/components/admin/plots/GardenerFields";
import { IntentForm } from "~/components/admin/plots/IntentForm";
import { PlotsNav } from "~/components/admin/plots/PlotsNav";
import { quietButtonClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { addGardener, gardenersScreen } from "~/modules/register/gardeners.admin.server";
import { currentActor } from "~/modules/history/actor.server";
import { gardenerFormSchema } from "~/modules/register/plots.schema";
import { adminMeta } from "~/modules/seo/seo";
import { signedInAdmin } from "~/request/context";

export function meta() {
  return adminMeta("Jardiniers");
}

/**
 * /admin/jardiniers: the current gardeners (or the former ones), their plots and this year's fee; a referent's,
 * those of their sites; read without its forms by the treasurer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return gardenersScreen(request, signedInAdmin(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return addGardener(await readFormData(request), currentActor(context), signedInAdmin(context));
}

export default function AdminGardeners({ loaderData, actionData }: Route.ComponentProps) {
  const { status, counts, gardeners, q, page, pages, year, today, role, adds, imports } = loaderData;
  const { search } = useLocation();
  const tab = (value: "actuels" | "anciens", label: string) => (
    <Link
      to={
        value === "actuels"
          ? `?${q ? `q=${encodeURIComponent(q)}` : ""}`
          : `?statut=anciens${q ? `&q=${encodeURIComponent(q)}` : ""}`
      }
      aria-current={status === value ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${status === value ? "bg-stone-800 text-white" : "text-brand-800 underline underline-offset-2"}`}
    >
      {label} ({counts[value]})
    </Link>
  );
  return (
    <AdminPage title="Jardiniers" width="5xl" nav={<PlotsNav accountRole={role} />}>
      <ListSearch
        label="Rechercher un jardinier"
        hint="Nom, e-mail, téléphone ou adresse."
        q={q}
        keep={status === "anciens" ? { statut: "anciens" } : {}}
      />
      <Section
        id="liste"
        title={status === "actuels" ? "Jardiniers actuels" : "Anciens jardiniers"}
        action={
          <div className="flex flex-wrap gap-2">
            {tab("actuels", "Actuels")}
            {tab("anciens", "Anciens")}
            <Form method="post" action="/admin/jardiniers/export" reloadDocument>
              <button type="submit" className={quietButtonClass}>
                Exporter en CSV
              </button>
            </Form>
            {imports && (
              <Link to="/admin/jardiniers/import" className={quietButtonClass}>
                Importer un CSV
              </Link>
            )}
          </div>
        }
      >
        {gardeners.length === 0 ? (
          <p className="text-stone-700">
            {q ? `Aucun jardinier ne correspond à « ${q} ».` : "Aucun jardinier pour l'instant."}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {status === "actuels" ? "Jardiniers actuels" : "Anciens jardiniers"}
              </caption>
              <thead className="border-b border-stone-300 text-stone-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Nom
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Parcelles
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {status === "actuels" ? "Depuis le" : "Parti le"}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Cotisation {year}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {gardeners.map((g) => (
                  <tr key={g.id}>
                    <td className="py-2 pr-3">
                      <Link
                        to={`/admin/jardiniers/${g.id}`}
                        className="font-semibold text-brand-800 underline underline-offset-2"
                      >
                        {g.listName}
                      </Link>
                      <div className="text-stone-600 [overflow-wrap:anywhere]">
                        {[g.email, g.mobile].filter(Boolean).join(" · ")}
                      </div>
                    </td>
                    <td className="py-2 pr-3">{g.plots || "—"}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{status === "actuels" ? g.since : g.left}</td>
                    <td className="py-2 pr-3">
                      {g.fee === null ? (
                        "Non appelée"
                      ) : g.fee.state.startsWith("reste") ? (
                        <strong className="text-red-800">
                          {g.fee.amount}, {g.fee.state}
                        </strong>
                      ) : (
                        `${g.fee.amount}, ${g.fee.state}`
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination
          page={page}
          pages={pages}
          link={listPageLink(search)}
          newer="Page précédente"
          older="Page suivante"
        />
      </Section>
      {adds && (
        <Section
          id="ajouter"
          title="Ajouter un jardinier"
          description="Pour un jardinier arrivé avant le registre. Un nouveau venu de la liste d'attente s'ajoute depuis sa demande (« Attribuer une parcelle »)."
        >
          <IntentForm
            intent="create"
            schema={gardenerFormSchema}
            result={actionData}
            values={{ startDate: today }}
            order={["familyName", "givenNames", "email", "mobile", "landline", "address", "startDate", "notes"]}
            submit="Ajouter le jardinier"
          >
            <GardenerFields />
          </IntentForm>
        </Section>
      )}
    </AdminPage>
  );
}
