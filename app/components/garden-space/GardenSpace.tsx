import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { MY_DATA_PATH, MY_DETAILS_PATH } from "~/modules/garden-space/space.labels";
import { quietButtonClass } from "~/components/form/styles";
import { MembersDocuments } from "./MembersDocuments";
import { MyAssembly } from "./MyAssembly";
import { MyFees } from "./MyFees";
import { MyPlots } from "./MyPlots";
import { MyReceipts } from "./MyReceipts";
import { MyWarnings } from "./MyWarnings";
import { OpenEvents } from "./OpenEvents";
import { SpaceNotice } from "./SpaceNotice";
import { SpaceSection } from "./SpaceSection";

/** The parts the page has, in its order, for its summary: plots and fees always, the others when they have something. */
function partsOf(space: GardenSpaceData) {
  return [
    ["parcelles", "Mes parcelles", true],
    ["cotisations", "Mes cotisations", true],
    ["recus", "Mes reçus", space.receipts.length > 0],
    ["avertissements", "Avertissements", space.warnings.length > 0],
    ["documents", "Documents des membres", space.documents.length > 0],
    ["assemblee", "Assemblée générale", space.assembly !== null],
    ["evenements", "Événements", space.events.length > 0],
  ] as const;
}

/** « Mon jardin » for a signed-in gardener: their details' links, a summary, then each part of their space. */
export function GardenSpace({ space }: { space: GardenSpaceData }) {
  const parts = partsOf(space).filter(([, , shown]) => shown);
  return (
    <>
      {space.notice && !space.notice.inFees ? <SpaceNotice notice={space.notice} /> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={MY_DETAILS_PATH} className={quietButtonClass}>
          Modifier mes coordonnées
        </a>
        <a href={MY_DATA_PATH} className={quietButtonClass}>
          Télécharger mes données
        </a>
      </div>
      <nav aria-label="Sur cette page" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {parts.map(([id, title]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-11 items-center rounded-full bg-brand-50 px-4 font-medium text-brand-900 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <MyPlots plots={space.plots} />
      <MyFees
        fees={space.fees}
        instructions={space.paymentInstructions}
        notice={space.notice?.inFees ? space.notice : null}
      />
      {space.receipts.length > 0 ? <MyReceipts receipts={space.receipts} /> : null}
      {space.warnings.length > 0 ? <MyWarnings warnings={space.warnings} /> : null}
      {space.documents.length > 0 ? <MembersDocuments documents={space.documents} /> : null}
      {space.assembly ? (
        <SpaceSection id="assemblee" title="Assemblée générale">
          <MyAssembly assembly={space.assembly} />
        </SpaceSection>
      ) : null}
      {space.events.length > 0 ? <OpenEvents events={space.events} /> : null}
    </>
  );
}
