import { Form, Link } from "react-router";
import type { Route } from "./+types/assemblies";
import { Section } from "~/components/admin/admin-ui";
import { AdminPage } from "~/components/admin/AdminPage";
import { alertClass, buttonClass, inputClass, labelClass } from "~/components/form/styles";
import { readFormData } from "~/modules/forms/form-data.server";
import { currentActor } from "~/modules/history/actor.server";
import { assembliesScreen, markAssemblyAction } from "~/modules/assembly/assembly.admin.server";
import { ASSEMBLY_KIND_LABELS } from "~/modules/assembly/assembly.schema";
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
  const { assemblies, events } = loaderData;
  return (
    <AdminPage title="Assemblées générales">
      <Section
        id="marquer"
        title="Marquer un événement comme assemblée générale"
        description="L'événement donne la date et le lieu ; créez-le d'abord dans Événements."
      >
        {events.length === 0 ? (
          <p className="text-stone-700">Aucun événement à venir à marquer.</p>
        ) : (
          <Form method="post" className="space-y-4">
            {actionData && !actionData.ok ? (
              <p role="alert" className={alertClass}>
                {actionData.message}
                {Object.values(actionData.errors).map((e) => ` ${e}`)}
              </p>
            ) : null}
            <div>
              <label htmlFor="eventId" className={labelClass}>
                Événement
              </label>
              <select id="eventId" name="eventId" className={inputClass} required>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="kind" className={labelClass}>
                Nature
              </label>
              <select id="kind" name="kind" className={inputClass} defaultValue="ordinaire">
                {Object.entries(ASSEMBLY_KIND_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass}>
              Marquer comme assemblée générale
            </button>
          </Form>
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
