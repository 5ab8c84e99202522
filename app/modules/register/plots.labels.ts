import { de } from "~/lib/text";
import type { PlotSize } from "~/lib/constants";

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
