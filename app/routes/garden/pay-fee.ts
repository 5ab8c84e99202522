import { redirect } from "react-router";
import type { Route } from "./+types/pay-fee";
import { payOwnFee } from "~/modules/helloasso/pay.server";

/** POST /mon-jardin/cotisations/:feeId/payer: « Payer en ligne » on one's fee, to HelloAsso's page. */
export async function action({ request, params }: Route.ActionArgs) {
  return payOwnFee(request, params.feeId);
}

export function loader() {
  return redirect("/mon-jardin");
}
