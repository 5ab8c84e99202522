import { z } from "zod";
import { EMAIL_MAX } from "~/modules/forms/limits";

/** « Mon jardin »'s sign-in: its form, its answers. Safe for the browser. */

const SIGN_IN_EMAIL_MESSAGE = "Indiquez une adresse e-mail valide, par exemple prenom.nom@exemple.fr.";

// The same answer whoever the address is: the form must not tell who is a gardener.
export const SIGN_IN_LINK_SENT_MESSAGE =
  "Si cette adresse est celle d'un jardinier de l'association, un lien de connexion vient d'y être envoyé. Il est valable 15 minutes.";

export const SIGN_IN_LINK_LIMITED_MESSAGE =
  "Trop de liens de connexion ont été demandés pour cette adresse ou depuis cette connexion. Merci de réessayer dans une heure, ou de vous servir du dernier lien reçu.";

export const SIGN_IN_LINK_FAILED_MESSAGE =
  "Le lien n'a pas pu être envoyé, à cause d'un problème technique. Merci de réessayer dans quelques minutes.";

export const LINK_INVALID_MESSAGE =
  "Un lien de connexion ne sert qu'une fois, pendant 15 minutes. Demandez-en un autre : il arrive en quelques instants.";

export const LINK_THROTTLED_MESSAGE =
  "Trop d'essais de connexion depuis cette connexion. Merci de réessayer dans un quart d'heure.";

/** The sign-in form of /mon-jardin: the gardener's address. */
export const signInLinkSchema = z.object({
  intent: z.literal("lien", { error: SIGN_IN_EMAIL_MESSAGE }),
  email: z
    .string({ error: SIGN_IN_EMAIL_MESSAGE })
    .trim()
    .min(1, { error: SIGN_IN_EMAIL_MESSAGE })
    .max(EMAIL_MAX, { error: SIGN_IN_EMAIL_MESSAGE })
    .pipe(z.email({ error: SIGN_IN_EMAIL_MESSAGE })),
});

/** The sign-out form of the signed-in page: this browser, or every device. */
export const signOutSchema = z.object({
  intent: z.enum(["ici", "partout"], { error: "Choisissez comment vous déconnecter." }),
});

/** What the sign-in form's action answers: sent (always the same message), refused, limited or failed. */
export type SignInLinkAnswer =
  | { status: "sent"; message: string; email: string }
  | { status: "invalid" | "limited" | "failed"; message: string; email: string };

/**
 * Every page of « Mon jardin »'s sign-in and space: the reader's alone, never kept by a cache, never indexed, and a
 * link's token never sent on in a Referer.
 */
export const GARDEN_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
} as const;
