import type { Route } from "./+types/treasury-entry-attachment";
import { parseId } from "~/lib/text";
import { documentFileResponse, documentNotFound } from "~/modules/documents/document-response.server";
import { entryAttachment } from "~/modules/treasury/entries.server";

/** GET /admin/tresorerie/ecritures/:id/piece: an entry's invoice, downloaded, never kept by a shared cache. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id === null ? undefined : await entryAttachment(id);
  if (!found) return documentNotFound();
  return documentFileResponse(request, { title: found.title }, found, { caching: "private" });
}
