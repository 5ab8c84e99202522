import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/versions";
import { AdminPage } from "~/components/admin/AdminPage";
import { Section } from "~/components/admin/admin-ui";
import { RestoreVersionButton } from "~/components/admin/RestoreVersionButton";
import { signedInAdmin } from "~/request/context";
import { STATE_LABELS, VERSIONS_KEPT } from "~/modules/publishing/publication.schema";
import { parseId } from "~/lib/text";
import { adminMeta } from "~/modules/seo/seo";
import { readFormData } from "~/modules/forms/form-data.server";
import { blogEditor } from "~/modules/blog/blog.admin.server";
import { eventEditor } from "~/modules/events/events.admin.server";
import { editorFrom, restoreVersion, versionsPageData } from "~/modules/publishing/editor.admin.server";

/** /admin/blog/:id/versions and /admin/events/:id/versions: which editor, by the address. */
const isBlog = (request: Request) => new URL(request.url).pathname.startsWith("/admin/blog/");
const baseOf = (request: Request) =>
  isBlog(request) ? { base: "/admin/blog", noun: "l'article" } : { base: "/admin/events", noun: "l'événement" };

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Versions de « ${loaderData.item.title} »` : "Versions");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { base, noun } = baseOf(request);
  const id = parseId(params.id);
  const page =
    id === null
      ? null
      : isBlog(request)
        ? await versionsPageData(blogEditor, id)
        : await versionsPageData(eventEditor, id);
  if (!page) throw redirect(base);
  return { ...page, base, noun };
}

/** « Restaurer cette version », here or from a version's view. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { base } = baseOf(request);
  const form = await readFormData(request);
  const id = parseId(params.id);
  const versionId = parseId(form.get("version"));
  if (form.get("intent") !== "restore" || id === null || versionId === null)
    return data({ message: "Action inconnue." }, { status: 400 });
  const editor = editorFrom(signedInAdmin(context));
  const restored = isBlog(request)
    ? await restoreVersion(blogEditor, id, versionId, editor)
    : await restoreVersion(eventEditor, id, versionId, editor);
  if (!restored.ok) return data({ message: restored.message }, { status: restored.status });
  return redirect(`${base}?edit=${id}&fait=restaure`);
}

export default function Versions({ loaderData, actionData }: Route.ComponentProps) {
  const { item, versions, base, noun } = loaderData;
  return (
    <AdminPage
      title={`Versions de « ${item.title} »`}
      roomBelow
      back={
        <Link to={`${base}?edit=${item.id}`} className="text-sm font-semibold text-brand-800 underline">
          ← Retour à {noun}
        </Link>
      }
    >
      {actionData?.message ? (
        <p role="alert" className="rounded-xl border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-900">
          {actionData.message}
        </p>
      ) : null}
      <Section
        id="version-actuelle"
        title="Version actuelle"
        description={`${STATE_LABELS[item.state]} · enregistrée le ${item.savedAt}${item.savedBy ? ` par ${item.savedBy}` : ""}`}
      >
        <p className="text-stone-700">
          C'est ce que montre l'éditeur. Chaque enregistrement garde la version qu'il remplace.
        </p>
      </Section>
      <Section
        id="versions-precedentes"
        title="Versions précédentes"
        description={`Les ${VERSIONS_KEPT} dernières sont gardées, de la plus récente à la plus ancienne.`}
      >
        {versions.length === 0 ? (
          <p className="text-stone-700">Aucune version précédente : {noun} n'a pas encore été modifié.</p>
        ) : (
          <ol className="divide-y divide-stone-200">
            {versions.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center gap-3 py-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-stone-900">
                    {version.savedAt}
                    {version.savedBy ? ` · ${version.savedBy}` : ""}
                  </p>
                  <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">
                    « {version.title} » · {STATE_LABELS[version.state] ?? version.state}
                  </p>
                </div>
                <Link
                  to={`${base}/${item.id}/versions/${version.id}`}
                  reloadDocument
                  className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100"
                >
                  Voir<span className="sr-only"> la version du {version.savedAt}</span>
                </Link>
                <RestoreVersionButton action={`${base}/${item.id}/versions`} versionId={version.id} />
              </li>
            ))}
          </ol>
        )}
      </Section>
    </AdminPage>
  );
}
