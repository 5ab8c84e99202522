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

/** Each printed page numbered at its foot (CSS page margin boxes: the browser counts the pages). */
const PAGE_STYLE = `@page { size: A4; margin: 14mm 12mm 16mm; @bottom-center { content: "Feuille d'émargement · page " counter(page) " / " counter(pages); font-size: 9pt; } }`;

export default function AssemblySheet({ loaderData }: Route.ComponentProps) {
  const { title, practical, rows, voiceBasis, association, totals } = loaderData;
  return (
    <main className="mx-auto max-w-4xl bg-white p-6 text-black print:max-w-none print:p-0">
      <style>{PAGE_STYLE}</style>
      <p className="font-bold">{association.name}</p>
      {association.address ? <p className="text-sm">{association.address}</p> : null}
      {association.identifiers.map((line) => (
        <p key={line} className="text-sm">
          {line}
        </p>
      ))}
      <h1 className="mt-4 text-2xl font-bold">Feuille d'émargement</h1>
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
      <section aria-label="Totaux et certification" className="mt-6 space-y-3 break-inside-avoid">
        <p>
          Membres convoqués : <strong>{totals.members}</strong> ({totals.voices} voix) · pouvoirs annoncés :{" "}
          <strong>{totals.proxies}</strong>.
        </p>
        <p>Membres présents : ………… · membres représentés : ………… · voix présentes et représentées : …………</p>
        <p>
          Feuille certifiée exacte par la présidente ou le président de séance,{" "}
          <strong>{loaderData.chair || "……………………………"}</strong>, et la ou le secrétaire de séance,{" "}
          <strong>{loaderData.secretary || "……………………………"}</strong>.
        </p>
        <div className="grid grid-cols-2 gap-6 pt-2">
          <p className="h-20 border-t border-stone-500 pt-1 text-sm">Signature de la présidence de séance</p>
          <p className="h-20 border-t border-stone-500 pt-1 text-sm">Signature du secrétariat de séance</p>
        </div>
      </section>
      <p className="mt-6 print:hidden">
        <a href={`/admin/assemblees/${loaderData.id}`} className="font-semibold underline">
          Retour à l'assemblée
        </a>
      </p>
    </main>
  );
}
