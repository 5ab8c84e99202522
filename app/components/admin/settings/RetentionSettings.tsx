import { Link } from "react-router";
import { TextInput } from "~/components/form/fields";
import type { RETENTION_FIELDS } from "~/modules/settings/settings";
import { SettingsForm } from "./settings-ui";

type RetentionField = (typeof RETENTION_FIELDS)[number];

const FIELDS: [RetentionField, string, string][] = [
  ["retentionArchivedApplicationsMonths", "Demandes de jardin archivées (mois après l'archivage)", "24 par défaut"],
  ["retentionContactMessagesMonths", "Messages de contact (mois)", "12 par défaut"],
  ["retentionPendingAdsDays", "Annonces jamais validées (jours)", "60 par défaut"],
  [
    "retentionValidatedAdsMonths",
    "Annonces validées (mois de publication, puis retirées du site et supprimées 30 jours après)",
    "6 par défaut",
  ],
  ["retentionHistoryMonths", "Historique des actions des administrateurs (mois)", "24 par défaut"],
  [
    "retentionSentMailDays",
    "E-mails envoyés ou abandonnés (jours ; le texte d'un e-mail est effacé dès son envoi)",
    "30 par défaut",
  ],
  ["retentionEventRegistrationsMonths", "Inscriptions aux événements (mois après l'événement)", "3 par défaut"],
  ["retentionGardenersYears", "Fiches des anciens jardiniers (ans après leur départ)", "3 par défaut"],
  [
    "retentionPaymentsYears",
    "Cotisations et paiements, pour la comptabilité (ans après l'année concernée ; sans le nom une fois la fiche effacée)",
    "10 par défaut",
  ],
];

/** 'Données personnelles': how long each kind of personal data is kept; the legal notice states the same figures. */
export function RetentionSettings({ values }: { values: Record<RetentionField, number> }) {
  return (
    <SettingsForm
      intent="retention"
      title="Données personnelles"
      description="Durées de conservation, appliquées chaque jour par le serveur et annoncées dans les mentions légales. Les documents de l'association (statuts, procès-verbaux…) n'en dépendent pas : ce sont ses archives, gardées jusqu'à ce que le bureau les supprime."
      stored={values}
      submit="Enregistrer les durées"
      after={
        <p className="mt-4 text-sm">
          <Link to="/admin/donnees-personnelles" className="font-semibold text-brand-800 underline underline-offset-2">
            Exporter ou effacer les données d'une personne
          </Link>
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(([name, label, hint]) => (
          <TextInput key={name} label={label} hint={hint} name={name} inputMode="numeric" autoComplete="off" />
        ))}
      </div>
    </SettingsForm>
  );
}
