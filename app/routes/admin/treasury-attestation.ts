import type { Route } from "./+types/treasury-attestation";
import { currentActor } from "~/modules/history/actor.server";
import { statementResponse } from "~/modules/treasury/receipts.admin.server";

/** GET /admin/tresorerie/attestation?jardinier=ID&annee=YYYY: a gardener's statement of the year's fees paid. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return statementResponse(request, currentActor(context));
}
