import { publicUrl } from "~/db/association.server";
import { formatDateTime } from "~/lib/dates";
import type { MailMessage } from "~/modules/mail/mail.schema";
import {
  associationName,
  associationReplyTo,
  htmlLink,
  htmlParagraphs,
  signature,
  wrap,
  type MailAssociation,
} from "~/modules/mail/mail-templates.server";

/**
 * The invitation to a back-office account, with its role: who invites, to which association's site (its address), what the link
 * does and until when, so that it cannot be taken for a phishing message. The link is valid 48 h, once.
 */
export function invitationMail(invitation: {
  to: string;
  username: string;
  /** The role the account will have, as the accounts screen names it. */
  role: string;
  link: string;
  /** How the site names the administrator who invites: their display name, or their identifier. */
  invitedBy: string;
  expiresAt: Date;
  association: MailAssociation | null | undefined;
}): MailMessage {
  const name = associationName(invitation.association);
  const site = new URL("/", publicUrl());
  const intro =
    `Bonjour,\n\n${invitation.invitedBy} vous invite à rejoindre l'équipe qui gère le site de ${name} (${site.host}), ` +
    `comme ${invitation.role}, avec l'identifiant « ${invitation.username} ».\n\n` +
    `Le lien ci-dessous ouvre une page du site ${site.host} où vous choisirez votre mot de passe ; votre compte est créé à ce moment-là. ` +
    `Il ne sert qu'une fois et expire le ${formatDateTime(invitation.expiresAt)} (48 heures après l'invitation).`;
  const replyTo = associationReplyTo(invitation.association);
  const after =
    "Si vous n'attendiez pas cette invitation, ignorez ce message : sans mot de passe choisi, aucun compte n'est créé." +
    (replyTo ? ` Pour toute question, répondez à ce message : il parviendra à ${name}.` : "") +
    `\n\n${signature(invitation.association)}`;
  return {
    to: invitation.to,
    replyTo,
    subject: `Invitation à rejoindre l'équipe du site de ${name}`,
    text: `${intro}\n${invitation.link}\n\n${after}\n`,
    html: wrap(
      `${htmlParagraphs(intro)}${htmlLink(invitation.link, "Choisir mon mot de passe")}${htmlParagraphs(after)}`,
    ),
  };
}
