import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { myReceiptPath } from "~/modules/garden-space/space.labels";
import { cardClass, linkClass, SpaceSection } from "./SpaceSection";

/** « Mes reçus »: the receipts made out to the gardener, each to download as the PDF the bureau made. */
export function MyReceipts({ receipts }: { receipts: GardenSpaceData["receipts"] }) {
  return (
    <SpaceSection id="recus" title="Mes reçus">
      <ul className={`${cardClass} divide-y divide-stone-200 py-1 sm:py-1`}>
        {receipts.map((receipt) => (
          <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div>
              <p className="font-semibold text-stone-900">
                Reçu n° {receipt.number} · {receipt.amount}
              </p>
              <p className="text-sm text-stone-700">
                Établi le {receipt.madeOn}
                {receipt.cancelled ? ` · ${receipt.cancelled}` : ""}
              </p>
            </div>
            <a href={myReceiptPath(receipt.id)} className={`${linkClass} inline-flex min-h-11 items-center`} download>
              Télécharger<span className="sr-only"> le reçu n° {receipt.number}</span>&nbsp;(PDF)
            </a>
          </li>
        ))}
      </ul>
    </SpaceSection>
  );
}
