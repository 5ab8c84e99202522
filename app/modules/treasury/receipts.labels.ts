import { formatDate } from "~/lib/dates";

/** How receipts are numbered and what their screens and PDFs say (decision 031). Safe for the browser. */

/** « 2027-0007 ». */
export const receiptNumber = (year: number, number: number) => `${year}-${String(number).padStart(4, "0")}`;

export interface ReceiptSettings {
  siret: string;
  signatory: string;
  place: string;
}

export const receiptMessages = {
  notTaxReceipt: "Ce reçu n'ouvre pas droit à réduction d'impôt",
  statementNotTaxReceipt: "Cette attestation n'ouvre pas droit à réduction d'impôt.",
  noEntry: "Cette écriture n'existe plus.",
  noReceipt: "Ce reçu n'existe pas.",
  notIncome: "Un reçu ne s'établit que pour une recette : ni pour une dépense, ni pour un virement entre comptes.",
  bounced: (day: string) =>
    `Ce chèque a été rejeté par la banque le ${day} : aucun reçu ne s'établit pour un paiement que l'association n'a pas reçu.`,
  noPayer: "Indiquez d'abord sur l'écriture le nom de qui a payé : le reçu est établi à son nom.",
  erased: "Ce reçu a été effacé avec la fiche de la personne : il ne peut plus être envoyé.",
  cancelledNotSent: "Ce reçu est annulé : il ne peut plus être envoyé comme justificatif.",
  noAddress: "Indiquez l'adresse e-mail à laquelle envoyer le reçu.",
  cancelled: "annulé (paiement annulé)",
  erasedState: "effacé avec la fiche",
  mailed: (number: string) => `Le reçu n° ${number} part par e-mail.`,
  notMailedNoAddress: (number: string) =>
    `Le reçu n° ${number} est établi, mais le jardinier n'a pas d'adresse e-mail : téléchargez-le pour le remettre.`,
  notMailedNoEntry: "Le reçu n'a pas été envoyé : ce paiement n'a pas d'écriture dans la trésorerie.",
  notMailed: (reason: string) =>
    `Le reçu n'a pas été envoyé (${reason}) : envoyez-le depuis la page « Reçu » du paiement.`,
} as const;

/** What became of a new payment's receipt when « Envoyer le reçu par e-mail » was ticked. */
export type PaymentReceipt =
  | { state: "mailed"; number: string }
  | { state: "no-address"; number: string }
  | { state: "no-entry" }
  | { state: "refused"; reason: string };

/** The notice's sentence for it. */
export function paymentReceiptMessage(receipt: PaymentReceipt) {
  switch (receipt.state) {
    case "mailed":
      return receiptMessages.mailed(receipt.number);
    case "no-address":
      return receiptMessages.notMailedNoAddress(receipt.number);
    case "no-entry":
      return receiptMessages.notMailedNoEntry;
    case "refused":
      return receiptMessages.notMailed(receipt.reason);
  }
}

/**
 * What the lists say of a receipt: « ANNULÉ le 28 novembre 2026 : paiement annulé par le bureau »; a receipt whose
 * entry went before receipts were cancelled, « annulé (paiement annulé) »; « effacé avec la fiche »; "" while valid.
 */
export function receiptState(receipt: {
  cancelledAt: Date | null;
  cancelReason: string;
  entryId: number | null;
  hash: string | null;
}) {
  if (receipt.cancelledAt)
    return `ANNULÉ le ${formatDate(receipt.cancelledAt)}${receipt.cancelReason ? ` : ${receipt.cancelReason}` : ""}`;
  if (receipt.entryId === null) return receiptMessages.cancelled;
  return receipt.hash === null ? receiptMessages.erasedState : "";
}
