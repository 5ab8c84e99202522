import type { Route } from "./+types/payment-return";
import { clientIpContext } from "~/request/context";
import { getGardener } from "~/modules/garden-space/gardener-session.server";
import { paymentReturn } from "~/modules/helloasso/pay.server";

/** GET /mon-jardin/paiement/:id/:issue: back from HelloAsso's page (retour, abandon, erreur); `id` is signed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const gardener = await getGardener(request);
  return paymentReturn(gardener?.id ?? null, context.get(clientIpContext), params.id, params.issue);
}
