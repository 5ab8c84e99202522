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
  noEntry: "Cette écriture n'existe plus.",
  noReceipt: "Ce reçu n'existe pas.",
  notIncome: "Un reçu ne s'établit que pour une recette : ni pour une dépense, ni pour un virement entre comptes.",
  noPayer: "Indiquez d'abord sur l'écriture le nom de qui a payé : le reçu est établi à son nom.",
  erased: "Ce reçu a été effacé avec la fiche de la personne : il ne peut plus être envoyé.",
  noAddress: "Indiquez l'adresse e-mail à laquelle envoyer le reçu.",
  cancelled: "annulé (paiement annulé)",
} as const;
