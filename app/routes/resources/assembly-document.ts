import type { Route } from "./+types/assembly-document";
import { memberDocument } from "~/modules/assembly/assembly.answer.server";

/**
 * GET /assemblee/:token/documents/:id: a document joined to a convocation, members-only ones included, for the
 * holder of the personal link (private, never kept by a shared cache); not found once the link is gone.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return memberDocument(request, params.token, params.id);
}
