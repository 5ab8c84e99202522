import type { Route } from "./+types/fees-print";
import type { PageHandle } from "~/lib/page-handle";
import { feesPrintScreen } from "~/modules/register/fees.admin.server";

/**
 * /admin/cotisations/imprimer?annee=: the fee call on paper for the gardeners without an e-mail address, one page
 * each, the address where a window envelope shows it. Outside the back-office's layout, behind the /admin guard.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ request }: Route.LoaderArgs) {
  return feesPrintScreen(request);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Appel à cotisation ${loaderData?.year ?? ""} à imprimer` }, { name: "robots", content: "noindex" }];
}

export default function PrintFeeCalls({ loaderData }: Route.ComponentProps) {
  const { year, letters, sender, printedOn } = loaderData;
  if (letters.length === 0)
    return (
      <main className="mx-auto max-w-3xl bg-white p-6 text-black">
        <h1 className="text-2xl font-bold">Appel à cotisation {year}</h1>
        <p className="mt-2">Aucun appel à imprimer : chaque jardinier qui doit sa cotisation a une adresse e-mail.</p>
      </main>
    );
  return (
    <main className="bg-white text-black">
      <style>{"@page { size: A4; margin: 0 } @media print { .fee-letter { break-after: page } }"}</style>
      {letters.map((l) => (
        // A4 page: the sender top left, the address in the window of a DL envelope (right, 45 mm from the top).
        <article
          key={l.id}
          aria-label={`Appel à ${l.name}`}
          className="fee-letter relative mx-auto min-h-[297mm] w-[210mm] max-w-full px-[20mm] pt-[15mm] pb-[20mm] print:mx-0"
        >
          <p className="text-sm whitespace-pre-line">{sender}</p>
          <address className="mt-[20mm] ml-auto min-h-[35mm] w-[90mm] max-w-full text-base whitespace-pre-line not-italic">
            {l.name}
            {"\n"}
            {/* No postal address on the record: the call is handed over at the permanence instead of posted. */}
            {l.address || "À remettre en main propre"}
          </address>
          <p className="mt-[10mm] text-right text-sm">Le {printedOn}</p>
          <h1 className="mt-6 text-xl font-bold">Appel à cotisation {year}</h1>
          <div className="mt-4 text-base whitespace-pre-line">{l.letter}</div>
        </article>
      ))}
    </main>
  );
}
