import type { annonces, applications } from "~/db/schema";
import { env } from "~/server/env.server";
import { z } from "zod";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import type { MailMessage } from "./mail.schema";
import { withFirstOfMonth } from "~/lib/dates";

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

type Ad = Pick<typeof annonces.$inferSelect, "nom" | "email" | "telephone" | "type" | "contenu" | "photo1" | "photo2">;

/** What a contact e-mail shows of the message a visitor sent (the stored row is contact.server's ContactMessage). */
interface ContactMailContent {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function escapeHtml(value: string) {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Visitor text placed in a subject: any run of spaces or line breaks becomes one space. */
export function inline(value: string) {
  return value.replace(/\s+/g, " ").trim();
}

/** Names quoted to an address nobody confirmed are cut to this length. */
export const GREETING_NAME_MAX = 40;

/**
 * A visitor's name as mail to an address nobody has confirmed may quote it: anyone can type someone else's address
 * in a public form, so the name must not carry a message or a link to them. Letters, spaces, hyphens and apostrophes
 * only (nothing a mail client could turn into a link), at most GREETING_NAME_MAX characters, cut between words.
 */
export function greetingName(value: string): string {
  const letters = inline(value.normalize("NFC").replace(/[^\p{L}\p{M}'’ -]+/gu, " "));
  if (letters.length <= GREETING_NAME_MAX) return letters;
  const cut = letters.slice(0, GREETING_NAME_MAX + 1);
  return (cut.includes(" ") ? cut.slice(0, cut.lastIndexOf(" ")) : cut.slice(0, GREETING_NAME_MAX)).trim();
}

/** "Bonjour Karim Benali," or "Bonjour," when nothing of the name is left. */
export function greeting(name: string) {
  const quoted = greetingName(name);
  return `Bonjour${quoted ? ` ${quoted}` : ""},`;
}

function addressOf(mailbox: string) {
  return /<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
}

/**
 * The association's address: CONTACT_TO when set, else the one given by the caller (the content's
 * e-mail), else the sender address, so a notification is never dropped for want of a recipient.
 */
function associationAddress(to?: string | null) {
  return env.CONTACT_TO || to?.trim() || addressOf(env.MAIL_FROM);
}

/** What an e-mail needs of the site content: the association's name (its signature) and contact address. */
export interface MailAssociation {
  nomAssociation?: string | null;
  email?: string | null;
}

/** The association's name as its e-mails give it: the content's, else the site's default name. */
export function associationName(association?: MailAssociation | null) {
  return inline(association?.nomAssociation ?? "") || CONTENT_DEFAULTS.nomAssociation;
}

/** How every e-mail to a person ends, the same everywhere: the association's name and its site. */
export function signature(association?: MailAssociation | null) {
  return `Bien cordialement,\n${associationName(association)}\n${new URL("/", env.PUBLIC_URL).toString()}`;
}

/**
 * Where a person's answer goes: the association's contact address (CONTACT_TO, else the content's e-mail), not the
 * sender's, which may be a mailbox nobody reads; undefined when neither is set.
 */
export function associationReplyTo(association?: MailAssociation | null) {
  return env.CONTACT_TO || replyAddress(association?.email);
}

/** A text part as it should read: no spaces at the ends of lines, never more than one blank line in a row. */
export function tidyText(text: string) {
  return `${text
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

function adminLink(path: string) {
  return new URL(path, env.PUBLIC_URL).toString();
}

function absolute(url: string) {
  return new URL(url, env.PUBLIC_URL).toString();
}

/** A visitor's address as Reply-To only when it is a valid one: a typo must not block the notification. */
function replyAddress(value: string | null | undefined) {
  const address = value?.trim();
  return address && z.email().safeParse(address).success ? address : undefined;
}

const yesNo = (value: boolean) => (value ? "oui" : "non");

type Row = [label: string, value: string];

function textRows(rows: Row[]) {
  return rows.map(([label, value]) => `${label} : ${value}`).join("\n");
}

function htmlRows(rows: Row[]) {
  return `<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replaceAll("\n", "<br>")}</td></tr>`,
    )
    .join("")}</table>`;
}

export function htmlParagraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

export function htmlLink(url: string, label: string) {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

export function wrap(body: string) {
  return `<!doctype html><html lang="fr"><body style="font-family:sans-serif;color:#14532d">${body}</body></html>`;
}

/** Contact form message to the association; Reply-To is the visitor, whose text is sent as plain text. */
export function contactMessageMail(message: ContactMailContent, to?: string | null): MailMessage {
  const rows: Row[] = [
    ["Nom", message.name],
    ["E-mail", message.email],
    ["Objet", message.subject],
  ];
  const footer = `Répondez directement à ce message pour écrire à ${inline(message.name)}.`;
  return {
    to: associationAddress(to),
    replyTo: replyAddress(message.email),
    subject: `[Contact] ${inline(message.subject)}`,
    text: `Nouveau message reçu par le formulaire de contact du site.\n\n${textRows(rows)}\n\nMessage :\n${message.message}\n\n${footer}\n`,
    html: wrap(
      `<p>Nouveau message reçu par le formulaire de contact du site.</p>${htmlRows(rows)}<h2 style="font-size:1em">Message</h2>${htmlParagraphs(message.message)}<p>${escapeHtml(footer)}</p>`,
    ),
  };
}

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
  const link = adminLink("/admin/applications");
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

/** Notification to the association of a new classified ad waiting for validation. */
export function newAdMail(ad: Ad, to?: string | null): MailMessage {
  const link = adminLink("/admin/annonces");
  const photos = [ad.photo1, ad.photo2].filter((p): p is string => Boolean(p)).map(absolute);
  const rows: Row[] = [
    ["Nom", ad.nom],
    ["E-mail", ad.email?.trim() || "—"],
    ["Téléphone", ad.telephone],
    ["Type", ad.type],
    ...photos.map((url, i): Row => [`Photo ${i + 1}`, url]),
  ];
  const content = ad.contenu?.trim() || "(aucun texte)";
  return {
    to: associationAddress(to),
    replyTo: replyAddress(ad.email),
    subject: `Nouvelle annonce à valider : ${inline(ad.nom)}`,
    text: `Une nouvelle petite annonce attend votre validation.\n\n${textRows(rows)}\n\nAnnonce :\n${content}\n\nValider les annonces : ${link}\n`,
    html: wrap(
      `<p>Une nouvelle petite annonce attend votre validation.</p>${htmlRows(rows)}<h2 style="font-size:1em">Annonce</h2>${htmlParagraphs(content)}${htmlLink(link, "Valider les annonces")}`,
    ),
  };
}

/** To the person who posted an ad (when they left a valid address): it is now public, with its link. */
export function adPublishedMail(
  ad: Pick<typeof annonces.$inferSelect, "id" | "nom" | "email">,
  association?: MailAssociation | null,
): MailMessage | null {
  const email = replyAddress(ad.email);
  if (!email) return null;
  const link = absolute(`/annonces#annonce-${ad.id}`);
  const lead = `${greeting(ad.nom)}\n\nVotre petite annonce a été validée par les bénévoles de l'association : elle est maintenant visible sur le site.`;
  const after = `Pour la retirer ou la modifier, il suffit de répondre à ce message.\n\n${signature(association)}`;
  return {
    to: email,
    replyTo: associationReplyTo(association),
    subject: "Votre petite annonce est en ligne",
    text: `${lead}\n\nVoir votre annonce : ${link}\n\n${after}\n`,
    html: wrap(`${htmlParagraphs(lead)}${htmlLink(link, "Voir votre annonce")}${htmlParagraphs(after)}`),
  };
}

/** To the association: an applicant withdrew their application from their own page (it is archived). */
export function applicationWithdrawnMail(
  application: Pick<Application, "nom"> & { id: number },
  to?: string | null,
): MailMessage {
  const link = adminLink("/admin/applications");
  const text = `${inline(application.nom)} a retiré sa demande de jardin (demande n° ${application.id}) depuis son lien personnel. Elle est archivée.\n\nVoir les demandes : ${link}\n`;
  return {
    to: associationAddress(to),
    subject: `Demande de jardin retirée : ${inline(application.nom)}`,
    text,
    html: wrap(`${htmlParagraphs(text.split("\n\n")[0]!)}${htmlLink(link, "Voir les demandes")}`),
  };
}

/**
 * The double opt-in e-mail of the newsletter. It goes to an address nobody has confirmed yet: it quotes nothing the
 * visitor typed (not even the address), and its only link is the site's own confirmation link.
 */
export function newsletterConfirmationMail(
  to: string,
  association: MailAssociation | null | undefined,
  confirmLink: string,
): MailMessage {
  const intro =
    "Bonjour,\n\n" +
    `Quelqu'un, sans doute vous, a demandé à recevoir la lettre d'information de ${associationName(association)} à cette adresse.\n\n` +
    "Pour la recevoir, confirmez votre inscription avec ce lien, valable 48 heures :";
  const after =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : sans confirmation, votre adresse est effacée dans 7 jours et ne recevra rien d'autre.";
  const closing = signature(association);
  return {
    to,
    replyTo: associationReplyTo(association),
    subject: "Confirmez votre inscription à la lettre d'information",
    text: `${intro}\n${confirmLink}\n\n${after}\n\n${closing}\n`,
    html: wrap(
      `${htmlParagraphs(intro)}${htmlLink(confirmLink, "Confirmer mon inscription")}${htmlParagraphs(after)}${htmlParagraphs(closing)}`,
    ),
  };
}
