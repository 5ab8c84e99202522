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
