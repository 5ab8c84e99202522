import { redirect } from "react-router";
import { parseId } from "~/lib/text";
import { getFee } from "~/modules/register/fees.server";
import { feeBalance, feeStateText } from "~/modules/register/fees.labels";
import { limitAddress, reserveHit } from "~/modules/rate-limits/rate-limits.server";
import { checkOnlinePayment, getOnlinePayment, startFeePayment, type OnlinePayment } from "./online-payments.server";
import { feeOfPaymentToken, feePaymentToken, paymentOfReturnToken } from "./payment-links.server";
import { onlinePaymentReady } from "./helloasso.settings.server";
import type { PaymentOutcome } from "./payment.labels";

/**
 * The routes of a payment: « Payer en ligne » from « Mon jardin » (signed in, one's own fee) or from a payment link
 * (no sign-in: the link names the fee), and the gardener's way back from HelloAsso's page. Each answer is a redirect:
 * to HelloAsso's page, or back to where the gardener started, with `?paiement=…` saying what happened.
 */

const siteOrigin = (request: Request) => new URL(request.url).origin;

/** Where a gardener who started from « Mon jardin » comes back to. */
const spacePath = (outcome: PaymentOutcome) => `/mon-jardin?paiement=${outcome}#cotisations`;
const linkPath = (feeId: number, outcome: PaymentOutcome) =>
  `/mon-jardin/payer/${feePaymentToken(feeId)}?paiement=${outcome}`;

/** POST /mon-jardin/cotisations/:feeId/payer: the signed-in gardener's (`gardenerId`) own fee. */
export async function payOwnFee(request: Request, gardenerId: number | null, feeParam: string | undefined) {
  if (gardenerId === null) throw redirect("/mon-jardin");
  const feeId = parseId(feeParam);
  const fee = feeId === null ? undefined : await getFee(feeId);
  // Another gardener's fee is no business of this one: the same answer as a fee that does not exist.
  if (!fee || fee.gardenerId !== gardenerId) throw new Response("Cotisation introuvable.", { status: 404 });
  return startAndGo(request, fee.id, spacePath);
}

/** POST /mon-jardin/payer/:token: the fee a payment link names. */
export async function payLinkedFee(request: Request, token: string | undefined) {
  const feeId = feeOfPaymentToken(token);
  if (feeId === null) throw new Response("Ce lien de paiement n'est pas valable.", { status: 404 });
  return startAndGo(request, feeId, (outcome) => linkPath(feeId, outcome));
}

async function startAndGo(request: Request, feeId: number, back: (outcome: PaymentOutcome) => string) {
  const started = await startFeePayment(feeId, siteOrigin(request));
  return redirect("redirectUrl" in started ? started.redirectUrl : back(started.outcome), 303);
}

/** What a payment link's page shows: the fee's year, amount and state, never who the gardener is beyond a first name. */
export async function paymentLinkPage(token: string | undefined) {
  const feeId = feeOfPaymentToken(token);
  const fee = feeId === null ? undefined : await getFee(feeId);
  if (!fee || fee.gardenerId === null) throw new Response("Ce lien de paiement n'est pas valable.", { status: 404 });
  const { owed, balance } = feeBalance(fee);
  return {
    year: fee.year,
    owedCents: owed,
    paidCents: fee.paidCents,
    balanceCents: balance,
    dueOn: fee.dueOn,
    state: feeStateText(fee),
    payable: fee.status !== "cancelled" && balance > 0,
    ready: await onlinePaymentReady(),
  };
}

const ISSUES = { retour: "retour", abandon: "abandon", erreur: "erreur" } as const;
type Issue = keyof typeof ISSUES;

/** Returns HelloAsso is asked about: one a payment in 10 seconds, 20 a client address in 10 minutes (decision 032). */
export const RETURN_READS = { perPaymentMs: 10_000, perAddress: 20, perAddressMs: 10 * 60_000 } as const;

/** What the gardener reads on coming back: the payment's state as HelloAsso's last read-back left it. */
function outcomeOf(row: OnlinePayment, issue: Issue): PaymentOutcome {
  switch (row.state) {
    case "payee":
      return row.environment === "sandbox" ? "essai" : "recu";
    case "anomalie":
      return "anomalie";
    case "en_cours":
      // Nothing paid yet: the gardener who left HelloAsso's page by « back » or on an error reads that nothing was taken.
      return issue === "retour" ? "attente" : issue === "erreur" ? "erreur" : "abandonne";
    default:
      return issue === "erreur" ? "erreur" : "abandonne";
  }
}

/** Whether this return may ask HelloAsso: not the same payment twice within seconds, nor one address without end. */
async function mayReadBack(paymentId: number, clientIp: string) {
  const payment = await reserveHit(`paiement-retour:${paymentId}`, 1, RETURN_READS.perPaymentMs);
  if (payment === null) return false;
  const address = await reserveHit(
    `paiement-retour-adresse:${limitAddress(clientIp)}`,
    RETURN_READS.perAddress,
    RETURN_READS.perAddressMs,
  );
  return address !== null;
}

/**
 * GET /mon-jardin/paiement/:token/:issue: HelloAsso sends the payer back here (`retour` after paying, `abandon` from its
 * « back » link, `erreur` on a failure). The address names the payment signed, so only the payer has it; the query
 * HelloAsso adds and the issue itself are not believed: the payment is read back from HelloAsso's API, as for a
 * notification, so a lost notification still ends in the right state, and nothing else changes on a GET (a payment
 * left unpaid is abandoned by the periodic check). The gardener signed in (`signedInGardenerId`) and who started it
 * goes back to « Mon jardin », anyone else to the payment link's page.
 */
export async function paymentReturn(
  signedInGardenerId: number | null,
  clientIp: string,
  tokenParam: string | undefined,
  issue: string | undefined,
) {
  const id = paymentOfReturnToken(tokenParam);
  let row = id === null ? undefined : await getOnlinePayment(id);
  if (!row || !issue || !Object.hasOwn(ISSUES, issue)) throw redirect("/mon-jardin");
  if (await mayReadBack(row.id, clientIp)) row = (await checkOnlinePayment(row.id, "retour")).payment ?? row;
  const outcome = outcomeOf(row, issue as Issue);
  if (signedInGardenerId !== null && signedInGardenerId === row.gardenerId) return redirect(spacePath(outcome), 303);
  return redirect(row.feeId === null ? "/mon-jardin" : linkPath(row.feeId, outcome), 303);
}
