import type { Route } from "./+types/my-statement";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { myStatementResponse } from "~/modules/garden-space/space-files.server";

/** GET /mon-jardin/attestations/:year: the signed-in gardener's statement of the fees they paid that year, as a PDF. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return myStatementResponse(await requireGardener(request), params.year);
}
