import { Link } from "react-router";
import type { Route } from "./+types/assemblies";
import { Section } from "~/components/admin/admin-ui";
import { AdminPage } from "~/components/admin/AdminPage";
import { MarkAssemblyForm } from "~/components/admin/assembly/MarkAssemblyForm";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { assembliesScreen, markAssemblyAction } from "~/modules/assembly/assembly.admin.server";
import { adminMeta } from "~/modules/seo/seo";

export function meta() {
  return adminMeta("Assemblées générales");
}

/** /admin/assemblees: the general assemblies, and an event to come to mark as the next one. */
export async function loader() {
  return assembliesScreen();
}

export async function action({ request, context }: Route.ActionArgs) {
  return markAssemblyAction(await readFormData(request), currentActor(context));
}

export default function AdminAssemblies({ loaderData, actionData }: Route.ComponentProps) {
  const { assemblies, events, officers } = loaderData;
  return (
    <AdminPage
      title="Assemblées générales"
      intro={
        <p className="text-stone-700">
          Les jardiniers sont convoqués selon la règle de chaque assemblée ; les bénévoles membres sans parcelle sont
          dans{" "}
          <Link to="/admin/assemblees/membres" className="font-semibold text-brand-800 underline">
            Membres sans parcelle
          </Link>
          .
        </p>
      }
    >
      <MarkAssemblyForm events={events} result={actionData} />
      <Section
        id="bureau"
        title="Bureau de l'association"
        description="Mis à jour par l'élection du bureau d'une assemblée générale (page Votes)."
      >
        {officers.length === 0 ? (
          <p className="text-stone-700">Aucune élection enregistrée pour le moment.</p>
        ) : (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {officers.map((o) => (
              <div key={o.office} className="contents">
                <dt className="font-semibold text-stone-900">{o.office}</dt>
                <dd className="text-stone-800">
                  {o.name}, depuis le{" "}
                  {o.assemblyId ? (
                    <Link to={`/admin/assemblees/${o.assemblyId}`} className="text-brand-800 underline">
                      {o.since}
                    </Link>
                  ) : (
                    o.since
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
      <Section id="liste" title="Assemblées">
        {assemblies.length === 0 ? (
          <p className="text-stone-700">Aucune assemblée générale pour le moment.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {assemblies.map((a) => (
              <li key={a.id} className="py-3">
                <Link to={`/admin/assemblees/${a.id}`} className="font-semibold text-brand-800 underline">
                  {a.title}
                </Link>
                <p className="text-sm text-stone-700">
                  {a.event} · {a.convoked ? `convoquée le ${a.convoked}` : "convocation à envoyer"}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AdminPage>
  );
}
