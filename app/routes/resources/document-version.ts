import type { Route } from "./+types/document-version";
import { parseId } from "~/lib/text";
import { servePublicVersion } from "~/modules/documents/document-response.server";

/**
 * GET /documents/:id/version/:hash.pdf: a public document's current file by its hash, cached for good; an earlier
 * version's address leads to the document's lasting one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return servePublicVersion(request, parseId(params.id), params.file);
}
