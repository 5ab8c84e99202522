import type { Route } from "./+types/fees-print";
import type { PageHandle } from "~/lib/page-handle";
import { PrintedLetter, PrintedLetters } from "~/components/admin/PrintedLetters";
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
    <PrintedLetters>
      {letters.map((l) => (
        <PrintedLetter
          key={l.id}
          label={`Appel à ${l.name}`}
          sender={sender}
          name={l.name}
          address={l.address}
          date={printedOn}
          title={`Appel à cotisation ${year}`}
        >
          <div className="mt-4 text-base whitespace-pre-line">{l.letter}</div>
        </PrintedLetter>
      ))}
    </PrintedLetters>
  );
}
