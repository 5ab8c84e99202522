import { associationName, greeting, linkMail, type MailAssociation } from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";

/**
 * The sign-in link of « Mon jardin », to a current gardener's address as the register holds it (never the address
 * typed): the greeting names them from the register, and the only link is the site's own.
 */
export function gardenerSignInMail(
  gardener: { name: string; email: string },
  association: MailAssociation | null | undefined,
  link: string,
): MailMessage {
  const intro =
    `${greeting(gardener.name)}\n\n` +
    `Vous avez demandé à vous connecter à « Mon jardin », votre espace sur le site de ${associationName(association)}.\n\n` +
    "Pour vous connecter, ouvrez ce lien, valable 15 minutes, une seule fois :";
  const after =
    "Si vous n'avez rien demandé, ignorez ce message : sans ce lien, personne ne peut se connecter à votre espace.";
  return linkMail(gardener.email, association, {
    subject: "Votre lien de connexion à Mon jardin",
    intro,
    link: link,
    linkLabel: "Se connecter à Mon jardin",
    after,
  });
}
