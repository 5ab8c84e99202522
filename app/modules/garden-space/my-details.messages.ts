/** « Mes coordonnées »'s texts the pages show as well as the server: no zod, no server code. */

export const EMAIL_TAKEN =
  "Cette adresse est déjà celle d'un autre jardinier de l'association : indiquez-en une autre, ou écrivez au bureau.";

export const LINK_GONE =
  "Ce lien n'est plus valable : il a déjà servi, ou ses 15 minutes sont passées. Demandez-en un autre depuis « Mes coordonnées ».";
