import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatCalendarDate, formatDateTime } from "~/lib/dates";
import {
  DOCUMENT_KIND_LABELS,
  documentFileFacts,
  type DocumentActionResult,
  type DocumentFormat,
  type DocumentKind,
  type DocumentVisibility,
} from "~/modules/documents/documents.schema";
import { DescriptionFields, DocumentForm, refusalOf } from "./DocumentForm";
import { DateTimeInput } from "~/components/form/fields";

export interface ShownVersion {
  id: number;
  number: number;
  date: string;
  format: DocumentFormat;
  bytes: number;
  pages: number | null;
  originalName: string;
  addedBy: string;
  addedAt: string;
  downloadPath: string;
}

export interface ShownDocument {
  id: number;
  kind: DocumentKind;
  title: string;
  visibility: DocumentVisibility;
  date: string;
  format: DocumentFormat;
  publicPath: string | null;
  versions: ShownVersion[];
}

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";
const summaryClass =
  "inline-flex min-h-11 cursor-pointer items-center rounded-lg px-1 font-semibold text-brand-800 underline underline-offset-2";

function VisibilityBadge({ visibility }: { visibility: DocumentVisibility }) {
  return visibility === "public" ? (
    <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-900 ring-1 ring-brand-200">
      Public
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-950 ring-1 ring-amber-300">
      Membres
    </span>
  );
}

/**
 * One document of /admin/documents: what it is, its current file, its versions (each downloadable), and the forms
 * to replace it, change what describes it, or delete it. A form the server sent back opens again, with its messages.
 */
export function DocumentCard({
  doc,
  today,
  result,
}: {
  doc: ShownDocument;
  today: string;
  result: DocumentActionResult | undefined;
}) {
  const current = doc.versions[0]!;
  const replaceRefused = refusalOf(result, "replace", doc.id);
  const updateRefused = refusalOf(result, "update", doc.id);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-bold text-stone-900 [overflow-wrap:anywhere]">{doc.title}</h3>
        <VisibilityBadge visibility={doc.visibility} />
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {DOCUMENT_KIND_LABELS[doc.kind]} du {formatCalendarDate(doc.date)} · {documentFileFacts(current)}
        {doc.versions.length > 1 ? ` · version n° ${current.number}` : ""}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a href={current.downloadPath} className={linkClass}>
          Télécharger
          <span className="sr-only"> « {doc.title} »</span>
        </a>
        {doc.publicPath ? (
          <a href={doc.publicPath} className={linkClass}>
            Adresse publique
            <span className="sr-only"> de « {doc.title} »</span>
          </a>
        ) : null}
      </p>
      <div className="mt-3 space-y-2 border-t border-stone-200 pt-2">
        {doc.versions.length > 1 ? (
          <details>
            <summary className={summaryClass}>Versions ({doc.versions.length})</summary>
            <ol className="mt-2 space-y-2">
              {doc.versions.map((version, i) => (
                <li key={version.id} className="rounded-lg bg-stone-50 px-3 py-2 text-sm ring-1 ring-stone-200">
                  <p className="font-semibold text-stone-900">
                    Version n° {version.number} du {formatCalendarDate(version.date)}
                    {i === 0 ? " (en vigueur)" : ""}
                  </p>
                  <p className="text-stone-700">
                    {documentFileFacts(version)} · ajoutée le {formatDateTime(version.addedAt)}
                    {version.addedBy ? ` par ${version.addedBy}` : ""}
                    {version.originalName ? ` · fichier « ${version.originalName} »` : ""}
                  </p>
                  <a href={version.downloadPath} className={linkClass}>
                    Télécharger la version n° {version.number}
                  </a>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        <details open={replaceRefused ? true : undefined}>
          <summary className={summaryClass}>Remplacer par une nouvelle version</summary>
          <p className="mt-1 text-sm text-stone-600">
            La version actuelle reste dans la liste des versions ; la nouvelle la remplace partout où le document est
            lu.
          </p>
          <div className="mb-4 mt-3">
            <DocumentForm
              intent="replace"
              id={doc.id}
              result={result}
              values={{ date: today }}
              submit="Enregistrer la nouvelle version"
            >
              <DateTimeInput
                name="date"
                type="date"
                label="Date de la nouvelle version"
                hint="Adoptée, tenue ou signée le"
                required
              />
            </DocumentForm>
          </div>
        </details>
        <details open={updateRefused ? true : undefined}>
          <summary className={summaryClass}>Modifier le titre, la date ou la visibilité</summary>
          <div className="mb-4 mt-3">
            <DocumentForm
              intent="update"
              id={doc.id}
              result={result}
              values={{ kind: doc.kind, title: doc.title, date: doc.date, visibility: doc.visibility }}
              submit="Enregistrer"
            >
              <DescriptionFields />
            </DocumentForm>
          </div>
        </details>
        <div className="pt-2">
          <ConfirmDialog
            trigger="Supprimer"
            triggerName={`Supprimer « ${doc.title} »`}
            title="Supprimer ce document ?"
            message={`« ${doc.title} » et ses ${doc.versions.length > 1 ? `${doc.versions.length} versions` : "fichiers"} seront supprimés définitivement.`}
            confirm="Supprimer le document"
            fields={{ intent: "delete", id: String(doc.id) }}
          />
        </div>
      </div>
    </li>
  );
}
