import {
  associationName,
  associationReplyTo,
  greeting,
  htmlParagraphs,
  linkMail,
  signature,
  wrap,
  type MailAssociation,
} from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";

/**
 * The link that confirms a new address for « Mon jardin », to that address only. The greeting names the gardener from
 * the register (through `greeting`, which keeps a name from carrying a link); the only link is the site's own.
 */
export function emailChangeLinkMail(
  gardener: { name: string },
  to: string,
  association: MailAssociation | null | undefined,
  link: string,
): MailMessage {
  const intro =
    `${greeting(gardener.name)}\n\n` +
    `Vous avez demandé que cette adresse devienne celle de votre espace « Mon jardin » sur le site de ${associationName(association)}.\n\n` +
    "Pour confirmer, ouvrez ce lien, valable 15 minutes, une seule fois :";
  const after = "Si vous n'avez rien demandé, ignorez ce message : rien ne changera.";
  return linkMail(to, association, {
    subject: "Confirmez votre nouvelle adresse pour Mon jardin",
    intro,
    link,
    linkLabel: "Confirmer ma nouvelle adresse",
    after,
  });
}

/**
 * The short notice to the address in use that a change was asked: it names neither the new address nor a link, so a
 * stranger who got into the space learns nothing from it, and the gardener knows whom to tell.
 */
export function emailChangeNoticeMail(
  gardener: { name: string; email: string },
  association: MailAssociation | null | undefined,
): MailMessage {
  const body =
    `${greeting(gardener.name)}\n\n` +
    "Un changement de l'adresse e-mail de votre espace « Mon jardin » vient d'être demandé. L'adresse ne changera que lorsque le lien envoyé à la nouvelle adresse aura été ouvert.\n\n" +
    `Si vous n'êtes pas à l'origine de cette demande, prévenez le bureau de ${associationName(association)} en répondant à ce message.`;
  const closing = signature(association);
  return {
    to: gardener.email,
    replyTo: associationReplyTo(association),
    subject: "Changement d'adresse demandé pour Mon jardin",
    text: `${body}\n\n${closing}\n`,
    html: wrap(`${htmlParagraphs(body)}${htmlParagraphs(closing)}`),
  };
}
