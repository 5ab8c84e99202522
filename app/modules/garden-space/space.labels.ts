/** « Mon jardin »'s addresses and words, shared by its screens and their routes. Safe for the browser. */

export const MY_GARDEN_PATH = "/mon-jardin";
export const MY_DETAILS_PATH = "/mon-jardin/coordonnees";
export const MY_DATA_PATH = "/mon-jardin/mes-donnees";
/** Where the space's answer to the general assembly's convocation posts. */
export const MY_ASSEMBLY_PATH = "/mon-jardin/assemblee";

export const myReceiptPath = (receiptId: number) => `/mon-jardin/recus/${receiptId}`;
export const myDocumentPath = (documentId: number) => `/mon-jardin/documents/${documentId}`;

/** The notice the space shows after an answer to the convocation (`?reponse=assemblee`), from the answer's route. */
export const ASSEMBLY_ANSWER_NOTICE = "assemblee";

export const spaceMessages = {
  answerSaved: "Votre réponse à la convocation est enregistrée.",
  noAssembly: "Vous n'êtes convoqué(e) à aucune assemblée générale à venir.",
  noPlot: "Vous n'avez pas de parcelle en ce moment.",
  noFee: "Aucune cotisation ne vous a encore été appelée.",
  noInstructions: "Pour régler votre cotisation, adressez-vous au bureau de l'association.",
  receiptNotFound: "Reçu introuvable.",
  statementNotFound: "Attestation introuvable.",
} as const;
