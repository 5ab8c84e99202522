/**
 * What « Mon jardin » says when a gardener comes back from HelloAsso's page (`?paiement=…` on /mon-jardin and on a
 * payment link's page). Safe for the browser.
 */
export const PAYMENT_OUTCOMES = {
  recu: "Paiement reçu, merci. Votre reçu vous a été envoyé par e-mail et se télécharge ci-dessous.",
  attente:
    "Paiement en cours de confirmation par HelloAsso : la cotisation sera marquée payée dès qu'il sera confirmé.",
  abandonne: "Paiement abandonné : rien n'a été prélevé. Vous pouvez réessayer quand vous le souhaitez.",
  erreur: "Le paiement n'a pas abouti et rien n'a été prélevé. Vous pouvez réessayer.",
  indisponible:
    "Le paiement en ligne est momentanément indisponible. Merci de réessayer un peu plus tard, ou de régler par chèque ou virement.",
  deja: "Cette cotisation est déjà réglée : il n'y a rien à payer.",
  anomalie:
    "Votre paiement a bien été reçu par HelloAsso. Le bureau doit le vérifier avant de l'enregistrer : la cotisation sera marquée payée ensuite. Inutile de payer une seconde fois.",
  essai:
    "Paiement d'essai réussi : HelloAsso est en bac à sable, rien n'a été prélevé ni enregistré, et la cotisation reste à régler.",
} as const;
export type PaymentOutcome = keyof typeof PAYMENT_OUTCOMES;

/**
 * What the payment link's page says (no sign-in there, so no receipts below): where the receipt is, rather than
 * « ci-dessous ».
 */
export const LINK_OUTCOMES: Record<PaymentOutcome, string> = {
  ...PAYMENT_OUTCOMES,
  recu: "Paiement reçu, merci. Votre reçu vous a été envoyé par e-mail ; il se télécharge aussi dans « Mon jardin », où vous entrez avec votre adresse e-mail.",
};

/** The outcome named by a URL's `paiement` parameter, if it is one. */
export function paymentOutcomeOf(url: URL): PaymentOutcome | null {
  const value = url.searchParams.get("paiement");
  return value !== null && Object.hasOwn(PAYMENT_OUTCOMES, value) ? (value as PaymentOutcome) : null;
}

/** Whether an outcome is good news (shown as a success) or not. */
export const isGoodOutcome = (outcome: PaymentOutcome) =>
  outcome === "recu" || outcome === "attente" || outcome === "essai" || outcome === "anomalie";

/** The button's words, and its form's target for a signed-in gardener: POST /mon-jardin/cotisations/:feeId/payer. */
export const PAY_ONLINE_LABEL = "Payer en ligne";
export const payOnlinePath = (feeId: number) => `/mon-jardin/cotisations/${feeId}/payer`;
