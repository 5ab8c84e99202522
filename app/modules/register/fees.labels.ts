import { euros } from "~/lib/money";
import { MEANS_LABELS } from "~/modules/treasury/treasury.labels";

// What a fee's figures say, on screens, in the CSV and in e-mails alike.

export type FeeStatus = "open" | "waived" | "cancelled";

export interface FeeFigures {
  amountCents: number;
  waivedCents: number;
  status: FeeStatus;
  paidCents: number;
  dueOn: string;
  /** A HelloAsso payment awaiting the bureau: not late meanwhile (optional where it does not matter). */
  onlineAnomaly?: string;
}

/** What is owed (called less waived; nothing once cancelled) and the balance (negative: overpaid). */
export function feeBalance(fee: FeeFigures) {
  const owed = fee.status === "cancelled" ? 0 : fee.amountCents - fee.waivedCents;
  return { owed, balance: owed - fee.paidCents };
}

/** Late: something left to pay after the due date. */
export const isLate = (fee: FeeFigures, today: string) =>
  fee.status !== "cancelled" && feeBalance(fee).balance > 0 && fee.dueOn < today && !fee.onlineAnomaly;

/** « Payée », « reste 25,00 € », « trop-perçu 5,00 € », « annulée »: a fee's state in words. */
export function feeStateText(fee: FeeFigures) {
  if (fee.status === "cancelled") return fee.paidCents > 0 ? `annulée, trop-perçu ${euros(fee.paidCents)}` : "annulée";
  const { balance } = feeBalance(fee);
  if (balance > 0) return `reste ${euros(balance)}`;
  if (balance < 0) return `trop-perçu ${euros(-balance)}`;
  return fee.status === "waived" && fee.paidCents === 0 ? "exonérée" : "payée";
}

/** « Annuler ce paiement » done: its receipt, if it had one, cancelled with it. */
export const paymentUndoneMessage = (receipt: string | null) =>
  receipt ? `Paiement annulé, et le reçu n° ${receipt} avec lui.` : "Paiement annulé.";

export const PAYMENT_MEANS = ["cheque", "virement", "especes", "helloasso", "autre"] as const;
export type PaymentMeans = (typeof PAYMENT_MEANS)[number];
/** Named as the book names them: the register's means are the book's, without card nor direct debit. */
export const PAYMENT_MEANS_LABELS: Record<PaymentMeans, string> = Object.fromEntries(
  PAYMENT_MEANS.map((means) => [means, MEANS_LABELS[means]]),
) as Record<PaymentMeans, string>;

export const PAYMENT_KINDS = ["cotisation", "droit_entree", "reprise_cabane"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  cotisation: "Cotisation",
  droit_entree: "Budget d'entrée",
  reprise_cabane: "Reprise de cabane",
};
