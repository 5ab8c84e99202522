import { redirect } from "react-router";
import type { Route } from "./+types/pay-fee";
import { getGardener } from "~/modules/garden-space/gardener-session.server";
import { payOwnFee } from "~/modules/helloasso/pay.server";

/** POST /mon-jardin/cotisations/:feeId/payer: « Payer en ligne » on one's fee, to HelloAsso's page. */
export async function action({ request, params }: Route.ActionArgs) {
  const gardener = await getGardener(request);
  return payOwnFee(request, gardener?.id ?? null, params.feeId);
}

export function loader() {
  return redirect("/mon-jardin");
}
