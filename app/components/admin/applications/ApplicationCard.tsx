import { Form, Link } from "react-router";
import { quietButtonClass } from "~/components/form/styles";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import {
  PLOT_SIZE_LABELS,
  TEMPS_DISPONIBLE_LABELS,
  VILLE_LABELS,
  VILLE_NON_SPECIFIEE,
  type PlotSize,
  type TempsDisponible,
  type Ville,
} from "~/lib/constants";
import { formatDate, formatDateTime } from "~/lib/dates";
import { de } from "~/lib/text";
import { useHydrated } from "~/lib/use-hydrated";
import type { ApplicationRecord } from "~/modules/applications/applications.export";

export type ApplicationView = ApplicationRecord & {
  mailto: string | null;
  waitingList: { place: number; total: number } | null;
};

const yesNo = (value: boolean | null) => (value ? "Oui" : "Non");

/** Every field of a request, with French labels and the form's French values. */
function fieldRows(application: ApplicationView): [string, string][] {
  return [
    ["E-mail", application.email],
    ["Adresse", application.adresse],
    [
      "Ville",
      application.ville ? (VILLE_LABELS[application.ville as Ville] ?? application.ville) : VILLE_NON_SPECIFIEE,
    ],
    ["Téléphone portable", application.telephonePortable],
    ["Téléphone fixe", application.telephoneFixe || "—"],
    ["Taille de jardin souhaitée", PLOT_SIZE_LABELS[application.tailleJardin as PlotSize] ?? application.tailleJardin],
    ["Expérience en jardinage", application.experience],
    ["Budget d'entrée connu", yesNo(application.budgetConnu)],
    [
      "Temps disponible",
      TEMPS_DISPONIBLE_LABELS[application.tempsDisponible as TempsDisponible] ?? application.tempsDisponible,
    ],
    ["Inspection mensuelle acceptée", yesNo(application.inspectionConnu)],
    ["Charte acceptée", yesNo(application.engagementCharte)],
    ["Règlement intérieur accepté", yesNo(application.engagementReglement)],
    ["Respect du lieu public", yesNo(application.engagementLieuPublic)],
    ["Motivations", application.motivations],
  ];
}

/** 'Traitée' / 'Non traitée': a checkbox that saves as soon as it changes; without JavaScript, with a button. */
function ProcessedToggle({ id, processed }: { id: number; processed: boolean }) {
  const hydrated = useHydrated();
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={id} />
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-stone-800">
        <input
          key={String(processed)}
          type="checkbox"
          name="processed"
          value="true"
          defaultChecked={processed}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="size-5 accent-brand-700"
        />
        {processed ? "Traitée" : "Non traitée"}
      </label>
      {!hydrated && (
        <button type="submit" className={quietButtonClass}>
          Enregistrer
        </button>
      )}
    </Form>
  );
}

export function ApplicationCard({ application }: { application: ApplicationView }) {
  const { id, nom, processed } = application;
  const archived = application.archived === true;
  const headingId = `demande-${id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-xl border-l-4 bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5 ${processed ? "border-green-600" : "border-red-600"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold text-stone-900 [overflow-wrap:anywhere]">
            {nom}
          </h3>
          <p className="text-sm text-stone-600">
            Demande n° {id}, reçue le {formatDateTime(application.date)}
            {archived && application.archivedDate ? ` · archivée le ${formatDate(application.archivedDate)}` : ""}
          </p>
          {!archived && application.waitingList && (
            <p className="text-sm font-medium text-brand-900">
              {application.waitingList.place === 1 ? "1re" : `${application.waitingList.place}e`} sur{" "}
              {application.waitingList.total} de la liste d'attente de{" "}
              {application.ville
                ? (VILLE_LABELS[application.ville as Ville] ?? application.ville)
                : VILLE_NON_SPECIFIEE}
            </p>
          )}
        </div>
        {archived ? (
          <span className="rounded-full bg-stone-100 px-3 py-1 text-sm font-medium text-stone-700">
            {processed ? "Traitée" : "Non traitée"}
          </span>
        ) : (
          <ProcessedToggle id={id} processed={processed} />
        )}
      </header>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
        {fieldRows(application).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-stone-700">{label}</dt>
            <dd className="whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        {!archived && (
          <Link to={`/admin/applications/${id}/attribuer`} className={quietButtonClass}>
            Attribuer une parcelle<span className="sr-only"> à {nom}</span>
          </Link>
        )}
        {!archived && processed && (
          <Form method="post">
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="id" value={id} />
            <button type="submit" className={quietButtonClass} aria-label={`Archiver la demande ${de(nom)}`}>
              Archiver la demande
            </button>
          </Form>
        )}
        <a
          href={`/admin/applications/${id}/telechargement`}
          download
          className={quietButtonClass}
          aria-label={`Télécharger la demande ${de(nom)}`}
        >
          Télécharger
        </a>
        {application.mailto && (
          <a
            href={application.mailto}
            className={quietButtonClass}
            aria-label={`Envoyer par e-mail la demande ${de(nom)}`}
          >
            Envoyer par e-mail
          </a>
        )}
        <ConfirmDialog
          trigger="Supprimer"
          triggerName={`Supprimer la demande ${de(nom)}`}
          title="Supprimer la demande"
          message={`Êtes-vous sûr de vouloir supprimer la demande ${de(nom)} ?`}
          confirm="Supprimer"
          fields={{ intent: "delete", id: String(id) }}
        />
      </div>
    </article>
  );
}
