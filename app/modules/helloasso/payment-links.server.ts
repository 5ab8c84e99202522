import { publicUrl } from "~/db/association.server";
import { keyedHash } from "~/server/server-secret.server";

/**
 * An id signed for one purpose: « 12-<keyed hash> ». It cannot be guessed from another id's, so the next number typed
 * by anyone leads nowhere.
 */
function signedIds(purpose: string) {
  const tag = (id: number) => keyedHash(`${purpose}:${id}`).slice(0, 24);
  return {
    sign: (id: number) => `${id}-${tag(id)}`,
    /** The id a token names, or null for a token altered or made up. */
    read(token: string | undefined): number | null {
      const match = /^(\d{1,9})-([A-Za-z0-9_-]{24})$/.exec(token ?? "");
      if (!match) return null;
      const id = Number(match[1]);
      return tag(id) === match[2] ? id : null;
    },
  };
}

/**
 * « Envoyer un lien de paiement »: a link to pay one fee's balance without signing in, put in fee calls and reminders.
 * It names the fee signed, and shows only the fee's year, amount and plot, and leads to HelloAsso's page, where the
 * gardener types their card.
 */
const feeTokens = signedIds("paiement");

export const feePaymentToken = feeTokens.sign;

/** The link of a fee's payment, absolute (it goes in e-mails). */
export function feePaymentLink(feeId: number, origin = publicUrl()) {
  return `${origin.replace(/\/+$/, "")}/mon-jardin/payer/${feePaymentToken(feeId)}`;
}

/** The fee a payment link names, or null for a link altered or made up. */
export const feeOfPaymentToken = feeTokens.read;

/**
 * The return addresses HelloAsso sends the payer back to name the online payment signed: they lead to the fee's payment
 * link, which only the payer may see.
 */
const returnTokens = signedIds("retour");

export const paymentReturnToken = returnTokens.sign;

/** The online payment a return address names, or null for one altered, made up, or of the old kind (a bare id). */
export const paymentOfReturnToken = returnTokens.read;
