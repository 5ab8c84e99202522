import type { ReactNode } from "react";
import { Link } from "react-router";
import { PreviewBanner } from "~/components/PreviewBanner";
import { RestoreVersionButton } from "./RestoreVersionButton";

export interface PreviewedVersion {
  itemId: number;
  id: number;
  savedAt: string;
  savedBy: string | null;
}

/**
 * What the preview routes of articles and events show around the public view: « Aperçu — non publié » for the
 * editor's form (`fromForm`), a version's banner with « Restaurer cette version », or, with nothing to show, a
 * way back to the list (`list`).
 */
export function PreviewFrame({
  fromForm,
  version,
  list,
  children,
}: {
  fromForm: boolean;
  version: PreviewedVersion | null;
  list: { path: string; label: string };
  children: ReactNode;
}) {
  if (fromForm) {
    return (
      <>
        <PreviewBanner
          title="Aperçu — non publié"
          detail="Ce que le formulaire contient, tel que le verront les visiteurs."
        />
        {children}
      </>
    );
  }
  if (!version) {
    return (
      <PreviewBanner
        title="Aperçu indisponible"
        detail="Cet aperçu s'ouvre depuis l'éditeur, ou cette version n'existe plus."
      >
        <Link to={list.path} className="font-semibold underline">
          {list.label}
        </Link>
      </PreviewBanner>
    );
  }
  const versions = `${list.path}/${version.itemId}/versions`;
  return (
    <>
      <PreviewBanner
        title={`Version du ${version.savedAt} — non publiée`}
        detail={version.savedBy ? `Enregistrée par ${version.savedBy}.` : undefined}
      >
        <RestoreVersionButton action={versions} versionId={version.id} />
        <Link to={versions} className="font-semibold underline">
          Toutes les versions
        </Link>
      </PreviewBanner>
      {children}
    </>
  );
}
