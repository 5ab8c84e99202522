/** The newsletter form's texts, without zod: every public page shows the form, and loads its schema only when used. */
export const NEWSLETTER_TITLE = "Recevoir les nouvelles du jardin";
export const NEWSLETTER_EMAIL_MESSAGE = "Indiquez une adresse e-mail valide.";
/** Its own wording (the answer is the contact form's, 7): both forms may share a page. */
export const NEWSLETTER_CAPTCHA_QUESTION = "Combien font 2 + 5 ?";
/** Said to everyone who subscribes, subscribed already or not: the form does not tell who subscribes. */
export const NEWSLETTER_SENT_MESSAGE =
  "Merci ! Un e-mail de confirmation vient de vous être envoyé : cliquez sur son lien (valable 48 heures) pour recevoir la lettre.";
export const NEWSLETTER_FAILURE_MESSAGE = "L'inscription n'a pas pu être enregistrée. Merci de réessayer plus tard.";

/** What the form says about the consent given by subscribing; stored with each address, as shown. */
export const consentWording = (association: string) =>
  `J'accepte de recevoir par e-mail la lettre d'information de ${association} (actualités, ateliers, événements). Je peux me désabonner à tout moment depuis chaque lettre.`;

/** How the back-office names each status of an address. */
export const SUBSCRIBER_STATUS_LABELS = {
  en_attente: "En attente de confirmation",
  abonne: "Abonné",
  desabonne: "Désabonné",
} as const;
