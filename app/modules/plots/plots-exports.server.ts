import { asc, eq, isNull, and } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gardeners, gardenSites, plotHoldings, plots } from "~/db/schema";
import { spreadsheetCsv } from "~/server/spreadsheet.server";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { feesOf } from "~/modules/gardeners/fees.server";
import { listGardeners } from "~/modules/gardeners/gardeners.server";
import {
  PAYMENT_MEANS_LABELS,
  PLOT_KIND_LABELS,
  PLOT_SIZE_SHORT_LABELS,
  PLOT_STATE_LABELS,
  plotSize,
  type PaymentMeans,
} from "./plots.labels";

// The register as a French spreadsheet opens it (spreadsheetCsv: UTF-8 with BOM, semicolons).

const day = (date: string | null) => (date ? date.split("-").reverse().join("/") : "");
const amount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2).replace(".", ","));

/** Current gardeners (or all, former ones after), with their plots and the fee of `year`. */
export async function gardenersCsv(year: number) {
  const rows = [...(await listGardeners("actuels", year)), ...(await listGardeners("anciens", year))];
  return spreadsheetCsv(
    [
      "Nom",
      "Prénom(s)",
      "E-mail",
      "Portable",
      "Fixe",
      "Adresse",
      "Arrivée",
      "Départ",
      "Parcelles",
      `Cotisation ${year}`,
      `Payée le`,
    ],
    rows.map((r) => [
      r.gardener.familyName || r.gardener.name,
      r.gardener.familyName ? r.gardener.givenNames : "",
      r.gardener.email,
      r.gardener.mobile,
      r.gardener.landline,
      r.gardener.address,
      day(r.gardener.startDate),
      day(r.gardener.endDate),
      r.plots,
      amount(r.feeCents),
      day(r.feePaidOn),
    ]),
  );
}

/** Every plot, by site and number, with its state and its holder. */
export async function plotsCsv() {
  const rows = await getDb()
    .select({ plot: plots, site: gardenSites, holder: gardeners.name, since: plotHoldings.startDate })
    .from(plots)
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .leftJoin(plotHoldings, and(eq(plotHoldings.plotId, plots.id), isNull(plotHoldings.endDate)))
    .leftJoin(gardeners, eq(gardeners.id, plotHoldings.gardenerId))
    .orderBy(asc(gardenSites.name), asc(plots.number));
  return spreadsheetCsv(
    [
      "Jardin",
      "Ville",
      "Numéro",
      "Surface (m²)",
      "Taille",
      "Type",
      "Cabane (reprise €)",
      "État",
      "Jardinier",
      "Depuis le",
      "Notes",
    ],
    rows.map((r) => [
      r.site.name,
      VILLE_LABELS[r.site.town as Ville] ?? r.site.town,
      r.plot.number,
      r.plot.area,
      PLOT_SIZE_SHORT_LABELS[plotSize(r.plot.area)],
      PLOT_KIND_LABELS[r.plot.kind],
      r.plot.cabinValue === null ? "" : r.plot.cabinValue,
      PLOT_STATE_LABELS[r.plot.state],
      r.holder ?? "",
      day(r.since),
      r.plot.notes,
    ]),
  );
}

/** The fees of `year`, by gardener. */
export async function feesCsv(year: number) {
  const rows = await feesOf(year);
  return spreadsheetCsv(
    ["Jardinier", "Parcelles", "Montant (€)", "Payée le", "Moyen de paiement"],
    rows.map((r) => [
      r.name,
      r.plots,
      amount(r.amountCents),
      day(r.paidOn),
      r.means ? (PAYMENT_MEANS_LABELS[r.means as PaymentMeans] ?? r.means) : "",
    ]),
  );
}
