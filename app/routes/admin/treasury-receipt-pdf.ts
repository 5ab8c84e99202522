import type { Route } from "./+types/treasury-receipt-pdf";
import { receiptPdfResponse } from "~/modules/treasury/receipts.admin.server";

/** GET /admin/tresorerie/recus/:id/pdf: a receipt's PDF as it was made, « recu-2027-0007.pdf ». */
export async function loader({ params }: Route.LoaderArgs) {
  return receiptPdfResponse(params.id);
}
