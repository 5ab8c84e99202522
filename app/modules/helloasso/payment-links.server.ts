import { env } from "~/server/env.server";
import { keyedHash } from "~/server/server-secret.server";

/**
 * « Envoyer un lien de paiement »: a link to pay one fee's balance without signing in, put in fee calls and reminders.
 * It names the fee and carries a keyed hash of it, so it cannot be guessed from another fee's; it shows only the fee's
 * year, amount and plot, and leads to HelloAsso's page, where the gardener types their card.
 */
const tag = (feeId: number) => keyedHash(`paiement:${feeId}`).slice(0, 24);

export const feePaymentToken = (feeId: number) => `${feeId}-${tag(feeId)}`;

/** The link of a fee's payment, absolute (it goes in e-mails). */
export function feePaymentLink(feeId: number, origin = env.PUBLIC_URL) {
  return `${origin.replace(/\/+$/, "")}/mon-jardin/payer/${feePaymentToken(feeId)}`;
}

/** The fee a payment link names, or null for a link altered or made up. */
export function feeOfPaymentToken(token: string | undefined): number | null {
  const match = /^(\d{1,9})-([A-Za-z0-9_-]{24})$/.exec(token ?? "");
  if (!match) return null;
  const feeId = Number(match[1]);
  return tag(feeId) === match[2] ? feeId : null;
}
