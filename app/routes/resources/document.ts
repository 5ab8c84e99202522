import type { Route } from "./+types/document";
import { parseId } from "~/lib/text";
import { servePublicDocument } from "~/modules/documents/document-response.server";

/**
 * GET /documents/:id/:file: a public document's current version, at an address that lasts through its replacements
 * (the name after the id is its title, for the reader; any name serves it). Members-only documents are not found.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return servePublicDocument(request, parseId(params.id));
}
