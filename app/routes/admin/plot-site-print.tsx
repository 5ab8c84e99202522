import type { Route } from "./+types/plot-site-print";
import type { PageHandle } from "~/lib/page-handle";
import { PhoneLinks } from "~/components/admin/plots/PhoneLinks";
import { sitePrintList } from "~/modules/register/plots.admin.server";
import { PLOT_KIND_LABELS, PLOT_STATE_LABELS } from "~/modules/register/plots.labels";
import { signedInAdmin } from "~/request/context";

/**
 * /admin/parcelles/jardins/:id/imprimer: a site's plots on paper, for the general assembly and the insurer: each
 * plot, its area, state and holder with their phones (mobile or landline, whichever exists; links on screen). Outside the back-office's layout, behind the /admin guard.
 */
export const handle: PageHandle = { scripts: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  return sitePrintList(params.id, signedInAdmin(context));
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Parcelles : ${loaderData?.site.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function PrintPlotSite({ loaderData }: Route.ComponentProps) {
  const { site, plots, printedOn } = loaderData;
  const cell = "border border-stone-400 p-2";
  return (
    <main className="mx-auto max-w-4xl bg-white p-6 text-black print:p-0">
      <h1 className="text-2xl font-bold">{site.name}</h1>
      <p>{site.address}</p>
      <p className="mt-2">
        {plots.length} parcelles, {plots.filter((p) => p.state === "attribuee").length} attribuées. Liste du {printedOn}
        .
      </p>
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className={cell}>
              N°
            </th>
            <th scope="col" className={cell}>
              Surface
            </th>
            <th scope="col" className={cell}>
              Type
            </th>
            <th scope="col" className={cell}>
              État
            </th>
            <th scope="col" className={cell}>
              Jardinier
            </th>
            <th scope="col" className={cell}>
              Téléphone
            </th>
            <th scope="col" className={cell}>
              Depuis le
            </th>
          </tr>
        </thead>
        <tbody>
          {plots.map((p) => (
            <tr key={p.id}>
              <td className={cell}>{p.number}</td>
              <td className={`${cell} whitespace-nowrap`}>{p.area} m²</td>
              <td className={cell}>{PLOT_KIND_LABELS[p.kind]}</td>
              <td className={cell}>{PLOT_STATE_LABELS[p.state]}</td>
              <td className={cell}>{p.holder}</td>
              <td className={cell}>
                <PhoneLinks phones={p.phones} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>{p.since}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 print:hidden">
        <a href={`/admin/parcelles/jardins/${site.id}`} className="font-semibold underline">
          Retour au jardin
        </a>
      </p>
    </main>
  );
}
