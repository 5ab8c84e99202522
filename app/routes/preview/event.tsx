import { useRouteError } from "react-router";
import type { Route } from "./+types/event";
import { EventView } from "~/components/events/EventView";
import { AdminError } from "~/components/admin/AdminError";
import { PreviewFrame } from "~/components/admin/PreviewFrame";
import type { PageHandle } from "~/lib/page-handle";
import { parseId } from "~/lib/text";
import { eventEditor, eventPreviewFromForm } from "~/modules/events/events.admin.server";
import { eventPage } from "~/modules/events/events.server";
import { itemAtVersion, readPreviewForm } from "~/modules/publishing/editor.admin.server";
import { siteContentContext } from "~/request/context";

/**
 * An event as visitors would see it, in the public layout, for a signed-in administrator only: « Aperçu » of the
 * editor's form (POST /admin/apercu/evenement, unsaved changes included) or an earlier version
 * (/admin/events/:id/versions/:version). Never cached (no `handle.query`, no-store), never indexed.
 */
export const handle: PageHandle = { scripts: false };
async function contactOf(context: Route.LoaderArgs["context"]) {
  const content = await context.get(siteContentContext);
  return { email: content.email, telephone: content.telephone };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const versionId = parseId(params.version);
  if (id === null || versionId === null) return null;
  const found = await itemAtVersion(eventEditor, id, versionId);
  if (!found) return null;
  return {
    event: await eventPage(found.item, await contactOf(context)),
    version: { itemId: id, id: versionId, savedAt: found.savedAt, savedBy: found.savedBy },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPreviewForm(request);
  try {
    return { event: await eventPreviewFromForm(form, await contactOf(context)) };
  } finally {
    await form.cleanup();
  }
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Version de « ${loaderData.event.title} »` : "Aperçu — non publié";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function EventPreview({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData?.event ?? loaderData?.event;
  return (
    <PreviewFrame
      fromForm={Boolean(actionData)}
      version={loaderData?.version ?? null}
      list={{ path: "/admin/events", label: "Retour aux événements" }}
    >
      {shown ? <EventView event={shown} /> : null}
    </PreviewFrame>
  );
}

/** A preview sent after the session expired offers to sign in and send it again. */
export function ErrorBoundary() {
  return <AdminError error={useRouteError()} />;
}
