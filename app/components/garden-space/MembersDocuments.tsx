import type { GardenSpaceData } from "~/modules/garden-space/space.server";
import { myDocumentPath } from "~/modules/garden-space/space.labels";
import { cardClass, linkClass, SpaceSection } from "./SpaceSection";

/** « Documents des membres »: what the association keeps for its members only (minutes…), current versions. */
export function MembersDocuments({ documents }: { documents: GardenSpaceData["documents"] }) {
  return (
    <SpaceSection id="documents" title="Documents des membres">
      <ul className={`${cardClass} divide-y divide-stone-200 py-1 sm:py-1`}>
        {documents.map((doc) => (
          <li key={doc.id} className="py-3">
            <a href={myDocumentPath(doc.id)} className={`${linkClass} text-lg`}>
              {doc.title}
            </a>
            <p className="text-sm text-stone-700">
              {doc.kind} du {doc.date} · {doc.facts}
            </p>
          </li>
        ))}
      </ul>
    </SpaceSection>
  );
}
