import { Link, useRouteError } from "react-router";
import type { Route } from "./+types/article";
import { ArticleView } from "~/components/blog/ArticleView";
import { AdminError } from "~/components/admin/AdminError";
import { PreviewBanner } from "~/components/PreviewBanner";
import { RestoreVersionButton } from "~/components/admin/RestoreVersionButton";
import type { PageHandle } from "~/lib/page-handle";
import { parseId } from "~/lib/text";
import { adminMiddleware } from "~/modules/auth/admin-middleware.server";
import { blogEditor, previewFromForm } from "~/modules/blog/blog.admin.server";
import { articlePage } from "~/modules/blog/blog.server";
import { editorFrom, itemAtVersion, readPreviewForm } from "~/modules/publishing/editor.admin.server";
import { signedInAdmin } from "~/request/context";

/**
 * An article as visitors would see it, in the public layout, for a signed-in administrator only: « Aperçu » of the
 * editor's form (POST /admin/apercu/article, unsaved changes included) or an earlier version
 * (/admin/blog/:id/versions/:version). Never cached (no `handle.query`, no-store), never indexed.
 */
export const handle: PageHandle = { scripts: false };
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const versionId = parseId(params.version);
  if (id === null || versionId === null) return null;
  const found = await itemAtVersion(blogEditor, id, versionId);
  if (!found) return null;
  return {
    article: await articlePage(found.item),
    version: { itemId: id, id: versionId, savedAt: found.savedAt, savedBy: found.savedBy },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPreviewForm(request);
  try {
    return { article: await previewFromForm(form, editorFrom(signedInAdmin(context))) };
  } finally {
    await form.cleanup();
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Version de « ${loaderData.article.title} »` : "Aperçu — non publié";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function ArticlePreview({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData) {
    return (
      <>
        <PreviewBanner
          title="Aperçu — non publié"
          detail="Ce que le formulaire contient, tel que le verront les visiteurs."
        />
        <ArticleView article={actionData.article} />
      </>
    );
  }
  if (!loaderData) {
    return (
      <PreviewBanner
        title="Aperçu indisponible"
        detail="Cet aperçu s'ouvre depuis l'éditeur, ou cette version n'existe plus."
      >
        <Link to="/admin/blog" className="font-semibold underline">
          Retour aux articles
        </Link>
      </PreviewBanner>
    );
  }
  const { version } = loaderData;
  return (
    <>
      <PreviewBanner
        title={`Version du ${version.savedAt} — non publiée`}
        detail={version.savedBy ? `Enregistrée par ${version.savedBy}.` : undefined}
      >
        <RestoreVersionButton action={`/admin/blog/${version.itemId}/versions`} versionId={version.id} />
        <Link to={`/admin/blog/${version.itemId}/versions`} className="font-semibold underline">
          Toutes les versions
        </Link>
      </PreviewBanner>
      <ArticleView article={loaderData.article} />
    </>
  );
}

/** A preview sent after the session expired offers to sign in and send it again. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
