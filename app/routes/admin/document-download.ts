import type { Route } from "./+types/document-download";
import { parseId } from "~/lib/text";
import { documentFileResponse, documentNotFound } from "~/modules/documents/document-response.server";
import { documentVersion } from "~/modules/documents/documents.server";

/** GET /admin/documents/:id/versions/:version: any version of any document, for the administrators, as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const versionId = parseId(params.version);
  const found = id === null || versionId === null ? null : await documentVersion(id, versionId);
  if (!found) return documentNotFound();
  return documentFileResponse(request, found, found.version, { caching: "private" });
}
