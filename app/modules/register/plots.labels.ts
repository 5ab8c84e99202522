import { de } from "~/lib/text";
import type { PlotSize } from "~/lib/constants";
import { MEANS_LABELS } from "~/modules/treasury/treasury.labels";

// What the plots' screens, exports and e-mails say, in the browser and on the server alike.

export const PLOT_STATES = ["libre", "attribuee", "reservee", "remise_en_etat"] as const;
export type PlotState = (typeof PLOT_STATES)[number];
export const PLOT_STATE_LABELS: Record<PlotState, string> = {
  libre: "Libre",
  attribuee: "Attribuée",
  reservee: "Réservée",
  remise_en_etat: "En remise en état",
};

export const PLOT_KINDS = ["familiale", "partagee"] as const;
export type PlotKind = (typeof PLOT_KINDS)[number];
export const PLOT_KIND_LABELS: Record<PlotKind, string> = { familiale: "Familiale", partagee: "Partagée" };

export const PLOT_SIZE_SHORT_LABELS: Record<PlotSize, string> = {
  petite: "petite",
  moyenne: "moyenne",
  grande: "grande",
};

/** The size class of an area in m², by the spec's thresholds: petite < 150, moyenne 150 to 200, grande > 200. */
export function plotSize(area: number): PlotSize {
  if (area < 150) return "petite";
  return area <= 200 ? "moyenne" : "grande";
}

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

/** « du Jardin des Brosses », « de la Thibaude », « d'Émile Zola »: a site's name after « parcelle 12 ». */
export function ofSite(name: string) {
  if (/^le\s/i.test(name)) return `du ${name.slice(3)}`;
  if (/^les\s/i.test(name)) return `des ${name.slice(4)}`;
  if (/^(jardins|potagers|vergers)\b/i.test(name)) return `des ${name}`;
  if (/^(jardin|potager|clos|verger|square|parc)\b/i.test(name)) return `du ${name}`;
  return de(name);
}

/** How history, e-mails and screens name a plot: « parcelle 12 du Jardin des Brosses ». */
export const plotName = (plot: { number: number }, site: { name: string }) =>
  `parcelle ${plot.number} ${ofSite(site.name)}`;
