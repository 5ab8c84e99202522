import type { Route } from "./+types/payment-return";
import { getGardener } from "~/modules/garden-space/gardener-session.server";
import { paymentReturn } from "~/modules/helloasso/pay.server";

/** GET /mon-jardin/paiement/:id/:issue: back from HelloAsso's page (retour, abandon, erreur). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const gardener = await getGardener(request);
  return paymentReturn(gardener?.id ?? null, params.id, params.issue);
}
