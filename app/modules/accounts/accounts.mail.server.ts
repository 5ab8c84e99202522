import type { MailMessage } from "~/modules/mail/mail.server";

/** The invitation to become an administrator: a link to choose one's own password, valid 48 h. */
export function invitationMail(to: string, username: string, link: string, invitedBy: string): MailMessage {
  const text =
    `Bonjour,\n\n${invitedBy} vous invite à administrer le site de l'association, avec l'identifiant « ${username} ».\n\n` +
    `Pour choisir votre mot de passe, ouvrez ce lien dans les 48 heures :\n${link}\n\n` +
    "Ce lien ne sert qu'une fois. Si vous n'attendiez pas cette invitation, ignorez ce message.\n";
  const escape = (value: string) =>
    value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
  return {
    to,
    subject: "Invitation à administrer le site de l'association",
    text,
    html: `<!doctype html><html lang="fr"><body style="font-family:sans-serif;color:#14532d"><p>Bonjour,</p><p>${escape(invitedBy)} vous invite à administrer le site de l'association, avec l'identifiant « ${escape(username)} ».</p><p><a href="${escape(link)}">Choisir mon mot de passe</a> (lien valable 48 heures, utilisable une fois)</p><p>Si vous n'attendiez pas cette invitation, ignorez ce message.</p></body></html>`,
  };
}
