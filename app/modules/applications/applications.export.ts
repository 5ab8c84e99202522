import type { applications } from "~/modules/applications/applications.tables";

/** A stored application, as the admin screens receive it (dates may arrive as ISO strings). */
export type ApplicationRecord = Omit<
  typeof applications.$inferSelect,
  "date" | "archivedDate" | "engagementsAcceptesLe" | "isDemo" | "accessTokenHash"
> & {
  date: Date | string;
  archivedDate: Date | string | null;
  engagementsAcceptesLe: Date | string | null;
};

export const APPLICATION_MAIL_SUBJECT = "nouvelle demande d'adhesion";

/** Export keys are the table's column names (product §3), in column order; id and processed are left out. */
const EXPORT_KEYS: [string, keyof ApplicationRecord][] = [
  ["nom", "nom"],
  ["email", "email"],
  ["adresse", "adresse"],
  ["ville", "ville"],
  ["telephoneportable", "telephonePortable"],
  ["telephonefixe", "telephoneFixe"],
  ["taillejardin", "tailleJardin"],
  ["experience", "experience"],
  ["budgetconnu", "budgetConnu"],
  ["tempsdisponible", "tempsDisponible"],
  ["inspectionconnu", "inspectionConnu"],
  ["engagementcharte", "engagementCharte"],
  ["engagementreglement", "engagementReglement"],
  ["engagementlieupublic", "engagementLieuPublic"],
  ["motivations", "motivations"],
  // What the applicant committed to: the versions of the texts shown, and when.
  ["charte_version", "charteVersion"],
  ["reglement_version", "reglementVersion"],
  ["engagements_acceptes_le", "engagementsAcceptesLe"],
  ["date", "date"],
  ["archived", "archived"],
  ["archived_date", "archivedDate"],
];

// Whatever an editor or a mail client may take for the end of a line: CR LF, LF, CR, VT, FF, NEL, U+2028, U+2029.
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
// oxlint-disable-next-line no-control-regex -- control characters are exactly what must go
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * One field as one record: each line after the first is indented by two spaces (like a folded mail header), so a
 * typed "\nemail: …" can never start a line of its own; other control characters are dropped.
 */
function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return String(value).replace(LINE_BREAK, "\n").replace(CONTROL, "").replaceAll("\n", "\n  ");
}

/** 'key: value' lines of an application, without id and processed; a value of several lines continues indented. */
export function applicationToText(application: ApplicationRecord): string {
  return EXPORT_KEYS.map(([key, field]) => `${key}: ${formatValue(application[field])}`).join("\n");
}

/** 'demande-{nom}.txt', with characters that file systems refuse replaced by '_'. */
export function applicationExportFileName(application: Pick<ApplicationRecord, "nom">): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must go
  const nom = application.nom.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_").trim();
  return `demande-${nom}.txt`;
}

/** The mailto link to `to` with subject 'nouvelle demande d'adhesion' and the application's fields as body. */
export function applicationMailto(application: ApplicationRecord, to: string): string {
  const query = `subject=${encodeURIComponent(APPLICATION_MAIL_SUBJECT)}&body=${encodeURIComponent(applicationToText(application))}`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?${query}`;
}
