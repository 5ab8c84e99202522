import type { Route } from "./+types/my-document";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { myDocumentResponse } from "~/modules/garden-space/space-files.server";

/** GET /mon-jardin/documents/:id: a document for members, read by a signed-in gardener (private, never shared). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return myDocumentResponse(request, await requireGardener(request), params.id);
}
