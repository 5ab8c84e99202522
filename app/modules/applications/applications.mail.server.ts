import type { applications } from "~/modules/applications/applications.tables";
import { withFirstOfMonth } from "~/lib/dates";
import {
  associationAddress,
  associationReplyTo,
  greeting,
  htmlLink,
  htmlParagraphs,
  htmlRows,
  inline,
  replyAddress,
  signature,
  siteUrl,
  textRows,
  wrap,
  type MailAssociation,
  type Row,
} from "~/modules/mail/mail-templates.server";
import { escapeHtml } from "~/lib/html";
import type { MailMessage } from "~/modules/mail/mail.schema";

type Application = Pick<
  typeof applications.$inferSelect,
  | "nom"
  | "email"
  | "adresse"
  | "ville"
  | "telephonePortable"
  | "telephoneFixe"
  | "tailleJardin"
  | "experience"
  | "budgetConnu"
  | "tempsDisponible"
  | "inspectionConnu"
  | "engagementCharte"
  | "engagementReglement"
  | "engagementLieuPublic"
  | "motivations"
  | "charteVersion"
  | "reglementVersion"
  | "engagementsAcceptesLe"
>;

const yesNo = (value: boolean) => (value ? "oui" : "non");

function applicationRows(application: Application): Row[] {
  return [
    ["Nom", application.nom],
    ["E-mail", application.email],
    ["Adresse", application.adresse],
    ["Ville", application.ville?.trim() || "Non spécifiée"],
    ["Téléphone portable", application.telephonePortable],
    ["Téléphone fixe", application.telephoneFixe?.trim() || "—"],
    ["Taille de jardin", application.tailleJardin],
    ["Expérience", application.experience],
    ["Budget connu", yesNo(application.budgetConnu)],
    ["Temps disponible", application.tempsDisponible],
    ["Inspection mensuelle acceptée", yesNo(application.inspectionConnu)],
    ["Engagement charte", yesNo(application.engagementCharte)],
    ["Engagement règlement", yesNo(application.engagementReglement)],
    ["Engagement lieu public", yesNo(application.engagementLieuPublic)],
    ...commitmentRows(application),
  ];
}

const acceptedAt = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "medium",
  timeZone: "Europe/Paris",
});

/** Which versions of the charter and the rules the applicant accepted, and when: what settles a dispute later. */
function commitmentRows(
  application: Pick<Application, "charteVersion" | "reglementVersion" | "engagementsAcceptesLe">,
): Row[] {
  if (!application.engagementsAcceptesLe) return [];
  return [
    ["Version de la charte acceptée", application.charteVersion ?? "—"],
    ["Version du règlement accepté", application.reglementVersion ?? "—"],
    ["Engagements acceptés le", withFirstOfMonth(acceptedAt.format(application.engagementsAcceptesLe))],
  ];
}

/** Notification to the association of a new garden application, with a link to the admin list. */
export function newApplicationMail(application: Application, to?: string | null): MailMessage {
  const link = siteUrl("/admin/applications");
  const rows = applicationRows(application);
  return {
    to: associationAddress(to),
    replyTo: replyAddress(application.email),
    subject: `Nouvelle demande de jardin : ${inline(application.nom)}`,
    text: `Une nouvelle demande de jardin a été envoyée depuis le site.\n\n${textRows(rows)}\n\nMotivations :\n${application.motivations}\n\nVoir les demandes : ${link}\n`,
    html: wrap(
      `<p>Une nouvelle demande de jardin a été envoyée depuis le site.</p>${htmlRows(rows)}<h2 style="font-size:1em">Motivations</h2>${htmlParagraphs(application.motivations)}${htmlLink(link, "Voir les demandes")}`,
    ),
  };
}

/**
 * Acknowledgement to the applicant, with the versions of the charter and the rules they accepted and when; null
 * when the application has no valid e-mail address. Nobody has confirmed that address: of what was typed, only a
 * short, link-free name is quoted, and the only links are the site's own.
 */
export function applicationAckMail(
  application: Pick<Application, "nom" | "email" | "charteVersion" | "reglementVersion" | "engagementsAcceptesLe">,
  association?: MailAssociation | null,
  privateLink?: string,
): MailMessage | null {
  const email = replyAddress(application.email);
  if (!email) return null;
  const commitments = commitmentRows(application);
  const intro =
    `${greeting(application.nom)}\n\n` +
    "Nous avons bien reçu votre demande de jardin et nous vous en remercions.\n\n" +
    "Elle sera étudiée par les bénévoles de l'association, qui reviendront vers vous par e-mail ou par téléphone. " +
    "Les attributions dépendent des parcelles disponibles : merci de votre patience.";
  const closing = signature(association);
  const recap = "Pour mémoire, vous avez accepté les engagements suivants :";
  const follow = privateLink
    ? `Pour suivre votre demande (et votre place sur la liste d'attente), corriger votre téléphone ou votre adresse e-mail, ou la retirer, ouvrez ce lien personnel, à ne pas transmettre :\n${privateLink}`
    : "";
  const text = `${intro}\n\n${follow ? `${follow}\n\n` : ""}${commitments.length ? `${recap}\n${textRows(commitments)}\n\n` : ""}${closing}\n`;
  return {
    to: email,
    replyTo: associationReplyTo(association),
    subject: "Votre demande de jardin a bien été reçue",
    text,
    html: wrap(
      `${htmlParagraphs(intro)}${privateLink ? `${htmlParagraphs(follow.split("\n")[0]!)}${htmlLink(privateLink, "Suivre ma demande")}` : ""}${commitments.length ? `<p>${escapeHtml(recap)}</p>${htmlRows(commitments)}` : ""}${htmlParagraphs(closing)}`,
    ),
  };
}

/** To the association: an applicant withdrew their application from their own page (it is archived). */
export function applicationWithdrawnMail(
  application: Pick<Application, "nom"> & { id: number },
  to?: string | null,
): MailMessage {
  const link = siteUrl("/admin/applications");
  const text = `${inline(application.nom)} a retiré sa demande de jardin (demande n° ${application.id}) depuis son lien personnel. Elle est archivée.\n\nVoir les demandes : ${link}\n`;
  return {
    to: associationAddress(to),
    subject: `Demande de jardin retirée : ${inline(application.nom)}`,
    text,
    html: wrap(`${htmlParagraphs(text.split("\n\n")[0]!)}${htmlLink(link, "Voir les demandes")}`),
  };
}
