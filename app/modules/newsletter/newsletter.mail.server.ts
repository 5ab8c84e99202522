import { associationName, linkMail, type MailAssociation } from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";

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
  return linkMail(to, association, {
    subject: "Confirmez votre inscription à la lettre d'information",
    intro,
    link: confirmLink,
    linkLabel: "Confirmer mon inscription",
    after,
  });
}
