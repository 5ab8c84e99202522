import path from "node:path";
import { associationDir, mailFrom } from "~/db/association.server";
import { env } from "~/server/env.server";
import { AUTOMATIC_HEADERS, smtpTransport, writeMailFile } from "./transports.server";

/** Where mail goes: the SMTP server (its host, never its credentials), or the folder of .eml files. */
export function mailDestination(
  smtpUrl = env.SMTP_URL,
): { kind: "smtp"; host: string } | { kind: "files"; dir: string } {
  if (!smtpUrl) return { kind: "files", dir: path.join(associationDir(), "mail") };
  const url = new URL(smtpUrl);
  return { kind: "smtp", host: `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}` };
}

const SYSTEM_REASONS: Record<string, string> = {
  ECONNREFUSED: "la connexion est refusée (adresse ou port de SMTP_URL ?)",
  ENOTFOUND: "ce nom de serveur est introuvable",
  EAI_AGAIN: "ce nom de serveur est introuvable pour l'instant (DNS)",
  ETIMEDOUT: "le serveur ne répond pas (adresse, port ou pare-feu ?)",
};

const REASONS: Record<string, string> = {
  EAUTH: "l'identifiant ou le mot de passe de SMTP_URL est refusé",
  ECONNECTION: "la connexion est refusée (adresse ou port de SMTP_URL ?)",
  ETIMEDOUT: "le serveur ne répond pas (adresse, port ou pare-feu ?)",
  ESOCKET: "la connexion a échoué (TLS : smtps:// pour le port 465, smtp:// pour 587 ?)",
  EDNS: "ce nom de serveur est introuvable",
  EENVELOPE: "l'adresse de l'expéditeur ou du destinataire est refusée",
  EMESSAGE: "le message est refusé",
};

/**
 * Sends a test message at once, outside the outbox, and says in French what happened: the SMTP server's own answer
 * on success or refusal, or where the .eml file was written when no SMTP server is set (`toFile`).
 */
export async function sendTestMail(
  to: string,
  smtpUrl = env.SMTP_URL,
): Promise<{ ok: boolean; message: string; toFile?: true }> {
  const destination = mailDestination(smtpUrl);
  const mail = {
    from: mailFrom(),
    to,
    subject: "E-mail de test du site de l'association",
    text: "Bonjour,\n\nCe message de test a été envoyé depuis l'administration du site. S'il vous est parvenu, les e-mails du site partent bien.\n",
    headers: AUTOMATIC_HEADERS,
  };
  if (destination.kind === "files") {
    const file = await writeMailFile(destination.dir, "test", mail);
    return {
      ok: false,
      toFile: true,
      message: `Aucun serveur SMTP n'est réglé (SMTP_URL) : le message n'est pas parti, il a été écrit dans ${file}.`,
    };
  }
  const transport = smtpTransport(smtpUrl!, 20_000);
  try {
    const info = await transport.sendMail(mail);
    return {
      ok: true,
      message: `Le serveur ${destination.host} a accepté le message pour ${to} : « ${info.response} ». Vérifiez la boîte de réception (et les indésirables).`,
    };
  } catch (error) {
    const { code, response, message } = error as { code?: string; response?: string; message: string };
    // nodemailer files a refused or unknown host under ESOCKET: the system's own code says which.
    const systemCode = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT)\b/.exec(message)?.[1];
    const reason = (systemCode && SYSTEM_REASONS[systemCode]) ?? (code && REASONS[code]) ?? "l'envoi a échoué";
    return {
      ok: false,
      message: `Le serveur ${destination.host} n'a pas pris le message : ${reason}. Réponse : « ${(response ?? message).slice(0, 300)} ».`,
    };
  } finally {
    transport.close();
  }
}
