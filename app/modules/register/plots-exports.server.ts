import { asc, desc, eq, isNull, and } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gardenerPayments, gardeners, gardenSites, plotHoldings, plots } from "~/modules/register/register.tables";
import { spreadsheetCsv } from "~/server/spreadsheet.server";
import { eurosPlain } from "~/lib/money";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { feeBalance, feeStateText } from "~/modules/register/fees.labels";
import { feesOf, receivedByMeans, sumFees } from "~/modules/register/fees.server";
import { listGardeners } from "~/modules/register/gardeners.server";
import { siteCondition, type SiteScope } from "./access.server";
import { PLOT_KIND_LABELS, PLOT_SIZE_SHORT_LABELS, PLOT_STATE_LABELS, plotSize } from "./plots.labels";
import { PAYMENT_KIND_LABELS, PAYMENT_MEANS, PAYMENT_MEANS_LABELS, type PaymentMeans } from "./fees.labels";

// The register as a French spreadsheet opens it (spreadsheetCsv: UTF-8 with BOM, semicolons).

const day = (date: string | null) => (date ? date.split("-").reverse().join("/") : "");
const amount = (cents: number | null) => (cents === null ? "" : eurosPlain(cents));

/** Current gardeners (or all, former ones after), with their plots and the fee of `year`; a referent's, theirs. */
export async function gardenersCsv(year: number, scope: SiteScope = "all") {
  const rows = [
    ...(await listGardeners("actuels", year, { scope })),
    ...(await listGardeners("anciens", year, { scope })),
  ];
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
      `Cotisation ${year} (€)`,
      `Cotisation ${year} : état`,
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
      amount(r.fee?.amountCents ?? null),
      r.fee ? feeStateText({ ...r.fee, paidCents: r.feePaidCents }) : "",
    ]),
  );
}

/** Every plot (a referent: of their sites), by site and number, with its state and its holder. */
export async function plotsCsv(scope: SiteScope = "all") {
  const rows = await getDb()
    .select({ plot: plots, site: gardenSites, holder: gardeners.name, since: plotHoldings.startDate })
    .from(plots)
    .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
    .leftJoin(plotHoldings, and(eq(plotHoldings.plotId, plots.id), isNull(plotHoldings.endDate)))
    .leftJoin(gardeners, eq(gardeners.id, plotHoldings.gardenerId))
    .where(siteCondition(scope, plots.siteId))
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

/**
 * The fees of `year`, by gardener: called, waived, cancelled, paid (and by which means), what remains or was overpaid,
 * and state; then a « Total » line, each amount the sum of its column, and what was received by means.
 */
export async function feesCsv(year: number) {
  const [rows, byMeans] = await Promise.all([feesOf(year), receivedByMeans(year)]);
  const totals = { ...sumFees(rows), byMeans };
  const means = (list: string) =>
    list
      .split(",")
      .filter(Boolean)
      .map((m) => PAYMENT_MEANS_LABELS[m as PaymentMeans] ?? m)
      .join(", ");
  // Each amount column adds up to its « Total » line: a cancelled fee's call is under « Annulé », not « Exonéré »;
  // « Reste » and « Trop-perçu » part a balance by its sign.
  const amounts = (called: number, waived: number, cancelled: number, paid: number, rest: number, over: number) =>
    [called, waived, cancelled, paid, rest, over].map(amount);
  const blank = ["", "", "", ""];
  return spreadsheetCsv(
    [
      "Jardinier",
      "Parcelles",
      "Appelé (€)",
      "Exonéré (€)",
      "Annulé (€)",
      "Payé (€)",
      "Reste (€)",
      "Trop-perçu (€)",
      "État",
      "À régler avant le",
      "Payée le",
      "Moyen de paiement",
    ],
    [
      ...rows.map((r) => {
        const { balance } = feeBalance(r);
        const cancelled = r.status === "cancelled";
        return [
          r.name,
          r.plots,
          ...amounts(
            r.amountCents,
            cancelled ? 0 : r.waivedCents,
            cancelled ? r.amountCents : 0,
            r.paidCents,
            Math.max(balance, 0),
            Math.max(-balance, 0),
          ),
          feeStateText(r) + (r.reason ? ` (${r.reason})` : ""),
          day(r.dueOn),
          day(r.lastPaidOn),
          means(r.means),
        ];
      }),
      [
        "Total",
        "",
        ...amounts(
          totals.called,
          totals.waived,
          totals.cancelled,
          totals.received,
          totals.outstanding,
          totals.overpaid,
        ),
        ...blank,
      ],
      // What was received, by means, under « Payé ».
      ...PAYMENT_MEANS.map((m) => [
        `Reçu : ${m === "helloasso" ? "HelloAsso" : PAYMENT_MEANS_LABELS[m].toLowerCase()}`,
        "",
        "",
        "",
        "",
        amount(totals.byMeans.get(m) ?? 0),
        "",
        "",
        ...blank,
      ]),
    ],
  );
}

/** Entry budgets and cabin takeovers, every year, latest first: what no fee list shows. */
export async function otherPaymentsCsv() {
  const rows = await getDb()
    .select({ payment: gardenerPayments, name: gardeners.name })
    .from(gardenerPayments)
    .leftJoin(gardeners, eq(gardeners.id, gardenerPayments.gardenerId))
    .where(isNull(gardenerPayments.feeId))
    .orderBy(desc(gardenerPayments.year), desc(gardenerPayments.paidOn), asc(gardenerPayments.id));
  return spreadsheetCsv(
    ["Année", "Jardinier", "Objet", "Montant (€)", "Payé le", "Moyen de paiement"],
    rows.map((r) => [
      r.payment.year,
      r.name ?? "Fiche effacée",
      PAYMENT_KIND_LABELS[r.payment.kind],
      amount(r.payment.amountCents),
      day(r.payment.paidOn),
      r.payment.means ? (PAYMENT_MEANS_LABELS[r.payment.means as PaymentMeans] ?? r.payment.means) : "",
    ]),
  );
}
