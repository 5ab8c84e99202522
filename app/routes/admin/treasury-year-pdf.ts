import type { Route } from "./+types/treasury-year-pdf";
import { feesOf, sumFees } from "~/modules/register/fees.server";
import { treasuryYearOf, yearAccountsPdfFile } from "~/modules/treasury/year-accounts.admin.server";

/** GET /admin/tresorerie/comptes-annuels/pdf?annee=: « Comptes de l'exercice » as one A4 PDF for the assembly. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const owed = sumFees(await feesOf(treasuryYearOf(url))).outstanding;
  const { year, pdf } = await yearAccountsPdfFile(url, owed);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="comptes-${year}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
