import { counted } from "~/lib/text";

/** The sign-up form's texts, without zod: the event page shows them before any schema is loaded. */
export const REGISTRATION_NAME_MESSAGE = "Indiquez votre nom.";
export const REGISTRATION_EMAIL_MESSAGE = "Indiquez une adresse e-mail valide.";
export const REGISTRATION_PEOPLE_MESSAGE = (max: number) => `Indiquez un nombre de personnes entre 1 et ${max}.`;
export const REGISTRATION_CLOSED_MESSAGE = "Les inscriptions à cet événement sont closes.";
export const REGISTRATION_FAILURE_MESSAGE = "L'inscription n'a pas pu être enregistrée. Merci de réessayer plus tard.";
export const REGISTRATION_NAME_MAX = 100;
export const REGISTRATION_ANSWER_MAX = 300;

/**
 * What the page says once the form is accepted, to everyone alike: a place, the waiting list or an address signed up
 * already are told apart only in the e-mail, so the form does not tell who holds a place (decision 023).
 */
export const REGISTRATION_SENT_MESSAGE =
  "Merci, votre demande d'inscription est enregistrée. Un e-mail vous dira si vous avez une place ou si vous êtes sur la liste d'attente, avec un lien pour annuler si besoin.";

export const REGISTRATION_STATUS_LABELS = {
  inscrit: "Inscrit",
  attente: "Liste d'attente",
  annule: "Annulé",
} as const;

/** « 3 places restantes », « 1 place restante », « Complet ». */
export function placesLeftText(left: number | null) {
  if (left === null) return null;
  if (left <= 0) return "Complet";
  return `${left} place${left > 1 ? "s" : ""} restante${left > 1 ? "s" : ""}`;
}

/** « 6 inscriptions, 8 personnes »: how every screen and list counts sign-ups (one sign-up may bring several people). */
export const signupsAndPeople = (signups: number, people: number) =>
  `${counted(signups, "inscription", "inscriptions")}, ${counted(people, "personne", "personnes")}`;
