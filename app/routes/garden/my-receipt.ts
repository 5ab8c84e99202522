import type { Route } from "./+types/my-receipt";
import { requireGardener } from "~/modules/garden-space/gardener-session.server";
import { myReceiptResponse } from "~/modules/garden-space/space-files.server";

/** GET /mon-jardin/recus/:id: the signed-in gardener's receipt, « recu-2027-0007.pdf »; another's is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return myReceiptResponse(await requireGardener(request), params.id);
}
