import type { Route } from "./+types/assembly-sheet-print";
import { de } from "~/lib/text";
import type { PageHandle } from "~/lib/page-handle";
import { attendanceSheet } from "~/modules/assembly/assembly.admin.server";

/**
 * /admin/assemblees/:id/emargement: « Feuille d'émargement » on paper (no menu): the members by family name in French
 * order, the proxies each holds, a column to sign. Behind the /admin guard like the rest.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params }: Route.LoaderArgs) {
  return attendanceSheet(params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Feuille d'émargement : ${loaderData?.title ?? ""}` }, { name: "robots", content: "noindex" }];
}

const cell = "border border-stone-500 p-2 align-top";

export default function AssemblySheet({ loaderData }: Route.ComponentProps) {
  const { title, practical, rows, voiceBasis } = loaderData;
  return (
    <main className="mx-auto max-w-4xl bg-white p-6 text-black print:max-w-none print:p-0">
      <h1 className="text-2xl font-bold">Feuille d'émargement</h1>
      <p className="font-semibold">{title}</p>
      {practical.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <table className="mt-4 w-full border-collapse text-left">
        <thead>
          <tr>
            <th scope="col" className={cell}>
              Membre
            </th>
            {voiceBasis === "parcelle" ? (
              <th scope="col" className={cell}>
                Voix
              </th>
            ) : null}
            <th scope="col" className={cell}>
              Pouvoirs détenus
            </th>
            <th scope="col" className={`${cell} w-56`}>
              Signature
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="break-inside-avoid">
              <td className={cell}>
                {r.name}
                {r.gaveProxy ? <span className="block text-sm">(a donné pouvoir)</span> : null}
              </td>
              {voiceBasis === "parcelle" ? <td className={cell}>{r.voices}</td> : null}
              <td className={cell}>{r.proxies.join(", ")}</td>
              <td className={`${cell} h-12`} aria-label={`Signature ${de(r.name)}`} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 print:hidden">
        <a href={`/admin/assemblees/${loaderData.id}`} className="font-semibold underline">
          Retour à l'assemblée
        </a>
      </p>
    </main>
  );
}
