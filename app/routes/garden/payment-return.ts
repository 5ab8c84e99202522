import type { Route } from "./+types/payment-return";
import { paymentReturn } from "~/modules/helloasso/pay.server";

/** GET /mon-jardin/paiement/:id/:issue: back from HelloAsso's page (retour, abandon, erreur). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return paymentReturn(request, params.id, params.issue);
}
