import { euros } from "~/lib/money";
import {
  associationReplyTo,
  greeting,
  htmlParagraphs,
  signature,
  tidyText,
  wrap,
} from "~/modules/mail/mail-templates.server";
import type { MailMessage } from "~/modules/mail/mail.schema";
import { receiptMessages } from "./receipts.labels";

/**
 * A receipt e-mailed to its payer, its PDF joined from the documents' store (read by the mail worker when it sends,
 * never copied into the outbox).
 */
export function receiptMail(
  to: string,
  receipt: { number: string; payerName: string; amountCents: number; hash: string; fileName: string },
  association: { name: string; email: string | null },
): MailMessage {
  const body = tidyText(
    `${greeting(receipt.payerName)}

Veuillez trouver ci-joint le reçu n° ${receipt.number} de votre paiement de ${euros(receipt.amountCents)}.

Conservez-le : il vous sera utile en cas de question sur ce paiement. ${receiptMessages.notTaxReceipt}.

${signature({ nomAssociation: association.name })}`,
  );
  return {
    to,
    replyTo: associationReplyTo({ email: association.email }),
    subject: `Votre reçu n° ${receipt.number} — ${association.name}`,
    text: body,
    html: wrap(htmlParagraphs(body.trim())),
    attachment: { hash: receipt.hash, format: "pdf", name: receipt.fileName },
  };
}

/** The payer of a receipt sent to them is told it is cancelled, and why; the receipt marked « ANNULÉ » is joined. */
export function receiptCancelledMail(
  to: string,
  receipt: { number: string; payerName: string; amountCents: number; reason: string; hash: string; fileName: string },
  association: { name: string; email: string | null },
): MailMessage {
  const body = tidyText(
    `${greeting(receipt.payerName)}

Le reçu n° ${receipt.number} de ${euros(receipt.amountCents)} que nous vous avions envoyé est annulé : ${receipt.reason}. Il ne vaut plus comme justificatif de ce paiement ; vous le trouverez ci-joint, marqué « ANNULÉ ».

Si un nouveau paiement a été enregistré à sa place, son reçu vous parviendra à part. Pour toute question, répondez simplement à ce message.

${signature({ nomAssociation: association.name })}`,
  );
  return {
    to,
    replyTo: associationReplyTo({ email: association.email }),
    subject: `Reçu n° ${receipt.number} annulé — ${association.name}`,
    text: body,
    html: wrap(htmlParagraphs(body.trim())),
    attachment: { hash: receipt.hash, format: "pdf", name: receipt.fileName },
  };
}
