import { useRouteError } from "react-router";
import type { Route } from "./+types/article";
import { ArticleView } from "~/components/blog/ArticleView";
import { AdminError } from "~/components/admin/AdminError";
import { PreviewFrame } from "~/components/admin/PreviewFrame";
import type { PageHandle } from "~/lib/page-handle";
import { parseId } from "~/lib/text";
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
  const shown = actionData?.article ?? loaderData?.article;
  return (
    <PreviewFrame
      fromForm={Boolean(actionData)}
      version={loaderData?.version ?? null}
      list={{ path: "/admin/blog", label: "Retour aux articles" }}
    >
      {shown ? <ArticleView article={shown} /> : null}
    </PreviewFrame>
  );
}

/** A preview sent after the session expired offers to sign in and send it again. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
