import type { Route } from "./+types/treasury-deposit-print";
import type { PageHandle } from "~/lib/page-handle";
import { DepositSlip } from "~/components/admin/treasury/DepositSlip";
import { depositSlipScreen } from "~/modules/treasury/deposits.admin.server";

/**
 * /admin/tresorerie/remises/:id/bordereau: the deposit slip to print and hand to the bank with the cheques. Outside
 * the back-office's layout, behind the /admin guard; « Imprimer » is the browser's own.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params }: Route.LoaderArgs) {
  return depositSlipScreen(params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Bordereau de remise de chèques du ${loaderData?.date ?? ""}`.trim() },
    { name: "robots", content: "noindex" },
  ];
}

export default function PrintDepositSlip({ loaderData }: Route.ComponentProps) {
  return <DepositSlip {...loaderData} />;
}
