/** The ad form's messages (product §4, §5, §8), without zod: the page shows them before the schema is loaded. */
export const AD_REQUIRED_MESSAGE = "Les champs obligatoires (*) doivent être remplis.";
export const AD_SENT_MESSAGE = "Annonce envoyée, en attente de validation.";
export const AD_FAILURE_MESSAGE = "Erreur lors de l'envoi de l'annonce";
export const adCaptchaMessage = (secret: string) => `Captcha incorrect. Veuillez écrire : ${secret}`;
