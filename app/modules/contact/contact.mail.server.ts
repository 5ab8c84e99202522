import {
  associationAddress,
  htmlParagraphs,
  htmlRows,
  inline,
  replyAddress,
  textRows,
  wrap,
  type Row,
} from "~/modules/mail/mail-templates.server";
import { escapeHtml } from "~/lib/html";
import type { MailMessage } from "~/modules/mail/mail.schema";

/** What a contact e-mail shows of the message a visitor sent (the stored row is contact.server's ContactMessage). */
interface ContactMailContent {
  name: string;
  email: string;
  subject: string;
  message: string;
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
