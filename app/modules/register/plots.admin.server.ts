import { parisToday } from "~/lib/paris-time";
import { redirect } from "react-router";
import { compareFamilyFirst, counted, familyFirst, parseId, withTown } from "~/lib/text";
import { VILLE_LABELS, type Ville } from "~/lib/constants";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { recentWarnings } from "~/modules/register/gardeners.server";
import { formatCalendarDate } from "~/lib/dates";
import { ofSite, plotName, plotSize } from "./plots.labels";
import { bulkPlotsSchema, plotFormSchema, PLOT_GONE_MESSAGE, siteFormSchema } from "./plots.schema";
import {
  createPlotRange,
  createSite,
  deleteEmptySite,
  deletePlotWithoutHistory,
  getPlot,
  holdersOf,
  getSite,
  listSites,
  PlotNumberTakenError,
  PlotStateLockedError,
  plotsOfSite,
  SiteNameTakenError,
  updatePlot,
  updateSite,
} from "./plots.server";
import { importPlotsCsv, PlotsCsvError } from "./plots-import.server";
import { assertSiteAccess, wholeRegister, refuse, scopedSiteIds } from "./access.server";
import type { AccountAccess } from "~/modules/auth/roles";

export const townLabel = (town: string) => VILLE_LABELS[town as Ville] ?? town;
const SITE_NAME_TAKEN = "Un jardin porte déjà ce nom.";

const SITES_REFUSED = "Seul un administrateur crée, supprime un jardin ou importe ses parcelles.";

/** /admin/parcelles: the sites with their counts (a referent: theirs). */
export async function sitesScreen(access: AccountAccess) {
  const sites = await listSites(scopedSiteIds(access));
  return {
    sites: sites.map((s) => ({ ...s, town: townLabel(s.town), createdAt: undefined })),
    role: access.role,
    wholeRegister: wholeRegister(access),
  };
}

/** « Ajouter un jardin »: administrators only. */
export async function addSite(form: FormData, actor: Actor, access: AccountAccess) {
  if (!wholeRegister(access)) refuse(SITES_REFUSED);
  const { data, refusal } = parseAdminForm(siteFormSchema, form, "Le jardin n'a pas été ajouté :");
  if (refusal) return refusal;
  try {
    const site = await withHistory(
      actor,
      (tx) => createSite(data, tx),
      (row) => ({ kind: "jardin.creation", target: row.name }),
    );
    return redirect(`/admin/parcelles/jardins/${site.id}`);
  } catch (error) {
    if (error instanceof SiteNameTakenError)
      return refusedForm(form, "Le jardin n'a pas été ajouté :", { name: SITE_NAME_TAKEN }, 409);
    throw error;
  }
}

async function siteOf(idParam: string | undefined, access: AccountAccess) {
  const site = await getSite(parseId(idParam) ?? 0);
  if (!site) throw redirect("/admin/parcelles");
  assertSiteAccess(access, site.id);
  return site;
}

/** A site's screen: its tiles, its details to edit. */
export async function siteScreen(idParam: string | undefined, access: AccountAccess) {
  const site = await siteOf(idParam, access);
  const list = await plotsOfSite(site.id);
  return {
    role: access.role,
    wholeRegister: wholeRegister(access),
    site: { ...site, fullAddress: withTown(site.address, townLabel(site.town)), createdAt: undefined },
    plots: list.map((p) => ({
      id: p.id,
      number: p.number,
      area: p.area,
      size: p.size,
      kind: p.kind,
      state: p.state,
      holder: p.holder?.name ?? null,
      phones: phonesOf(p.holder),
      warnings: p.warnings,
    })),
  };
}

const phonesOf = (holder: { mobile: string; landline: string } | null) =>
  holder ? [holder.mobile, holder.landline].filter(Boolean) : [];

/** A site's printed list: every plot with its holder and their phone, by holder's family name. */
export async function sitePrintList(idParam: string | undefined, access: AccountAccess) {
  const site = await siteOf(idParam, access);
  // By holder's family name (a person looks for their name on the sheet), then the plots nobody holds, by number.
  const list = (await plotsOfSite(site.id)).toSorted(
    (a, b) =>
      Number(a.holder === null) - Number(b.holder === null) ||
      (a.holder && b.holder ? compareFamilyFirst(a.holder, b.holder) : 0) ||
      a.number - b.number,
  );
  return {
    site: { id: site.id, name: site.name, address: withTown(site.address, townLabel(site.town)) },
    printedOn: formatCalendarDate(parisToday()),
    plots: list.map((p) => ({
      id: p.id,
      number: p.number,
      area: p.area,
      kind: p.kind,
      state: p.state,
      holder: p.holder ? familyFirst(p.holder) : "",
      // Whichever number exists, both when both do: the paper list is for those who call a landline.
      phones: phonesOf(p.holder),
      since: formatCalendarDate(p.holdingStart),
    })),
  };
}

/**
 * The forms of a site's screen: bulk creation, CSV import, the site's details, its deletion. A referent creates
 * plots on their site and edits its details; importing a file and deleting the site are an administrator's.
 */
export async function siteAction(idParam: string | undefined, form: FormData, actor: Actor, access: AccountAccess) {
  const site = await siteOf(idParam, access);
  const intent = form.get("intent");
  if ((intent === "import" || intent === "delete-site") && !wholeRegister(access)) refuse(SITES_REFUSED);
  switch (intent) {
    case "bulk": {
      const { data, refusal } = parseAdminForm(bulkPlotsSchema, form, "Les parcelles n'ont pas été créées :");
      if (refusal) return refusal;
      const result = await withHistory(
        actor,
        (tx) => createPlotRange(site.id, data, tx),
        (r) =>
          r.created > 0 && {
            kind: "parcelle.creation",
            target: `parcelles ${data.from} à ${data.to} ${ofSite(site.name)}`,
            detail: `${r.created} créées`,
          },
      );
      const created = `${result.created} parcelle${result.created > 1 ? "s" : ""} créée${result.created > 1 ? "s" : ""}`;
      const existing = result.existing ? ` ; ${result.existing} existai${result.existing > 1 ? "ent" : "t"} déjà` : "";
      return doneForm("bulk", `${created}${existing}.`);
    }
    case "import": {
      const text = String(form.get("file") ?? "");
      try {
        const result = await withHistory(
          actor,
          (tx) => importPlotsCsv(site.id, text, tx),
          (r) =>
            r.created + r.updated > 0 && {
              kind: "parcelle.import",
              target: site.name,
              detail: `${r.created} créées, ${r.updated} mises à jour`,
            },
        );
        return doneForm(
          "import",
          `Import terminé : ${counted(result.created, "parcelle créée", "parcelles créées")}, ${counted(result.updated, "mise à jour", "mises à jour")}.`,
        );
      } catch (error) {
        if (error instanceof PlotsCsvError) {
          form.delete("file");
          return refusedForm(form, error.message, { file: error.message }, 400);
        }
        throw error;
      }
    }
    case "site": {
      const { data, refusal } = parseAdminForm(siteFormSchema, form, "Le jardin n'a pas été enregistré :");
      if (refusal) return refusal;
      try {
        await withHistory(
          actor,
          (tx) => updateSite(site.id, data, tx),
          (row) => row && { kind: "jardin.modification", target: row.name },
        );
      } catch (error) {
        if (error instanceof SiteNameTakenError)
          return refusedForm(form, "Le jardin n'a pas été enregistré :", { name: SITE_NAME_TAKEN }, 409);
        throw error;
      }
      return doneForm("site", "Jardin enregistré.");
    }
    case "delete-site": {
      const removed = await withHistory(
        actor,
        (tx) => deleteEmptySite(site.id, tx),
        (row) => row && { kind: "jardin.suppression", target: row.name },
      );
      if (!removed) return refusedForm(form, "Seul un jardin sans parcelle peut être supprimé.", {}, 409);
      return redirect("/admin/parcelles");
    }
    default:
      return refusedForm(form, "Action inconnue.");
  }
}

async function plotOf(idParam: string | undefined, access: AccountAccess) {
  const row = await getPlot(parseId(idParam) ?? 0);
  if (!row) throw redirect("/admin/parcelles");
  assertSiteAccess(access, row.site.id);
  return row;
}

/** A plot's screen: its details, who holds it and who held it, its recent warnings. */
export async function plotScreen(idParam: string | undefined, access: AccountAccess) {
  const { plot, site } = await plotOf(idParam, access);
  const holdings = await holdersOf(plot.id);
  const holder = holdings.find((h) => h.holding.endDate === null)?.gardenerId;
  const warnings = holder ? await recentWarnings({ gardenerId: holder, plotId: plot.id }) : [];
  return {
    role: access.role,
    plot: {
      ...plot,
      size: plotSize(plot.area),
      name: plotName(plot, site),
      createdAt: undefined,
      updatedAt: undefined,
    },
    site: { id: site.id, name: site.name },
    holdings: holdings.map((h) => ({
      id: h.holding.id,
      gardener: h.gardenerId ? { id: h.gardenerId, name: h.gardenerName! } : null,
      from: formatCalendarDate(h.holding.startDate),
      to: formatCalendarDate(h.holding.endDate),
      current: h.holding.endDate === null,
      // Dated after today by an earlier version (decision 025): shown as to come.
      upcoming: h.holding.endDate === null && h.holding.startDate > parisToday(),
    })),
    warnings: warnings.map((w) => ({
      id: w.id,
      date: formatCalendarDate(w.date),
      note: w.note,
      inspector: w.inspector,
      withdrawn: w.withdrawn ? (w.withdrawalReason ?? "") : null,
    })),
  };
}

/** A plot's forms: « Enregistrer », « Supprimer la parcelle ». */
export async function plotAction(idParam: string | undefined, form: FormData, actor: Actor, access: AccountAccess) {
  const { plot, site } = await plotOf(idParam, access);
  if (form.get("intent") === "delete") {
    const removed = await withHistory(
      actor,
      (tx) => deletePlotWithoutHistory(plot.id, tx),
      (row) => row && { kind: "parcelle.suppression", target: plotName(row, site) },
    );
    if (!removed)
      return refusedForm(
        form,
        "Seule une parcelle que personne n'a cultivée peut être supprimée : l'historique de ses occupants et de ses visites est gardé.",
        {},
        409,
      );
    return redirect(`/admin/parcelles/jardins/${site.id}`);
  }
  const { data, refusal } = parseAdminForm(plotFormSchema, form, "La parcelle n'a pas été enregistrée :");
  if (refusal) return refusal;
  try {
    const saved = await withHistory(
      actor,
      (tx) => updatePlot(plot.id, data, tx),
      (row) => row && { kind: "parcelle.modification", target: plotName(row, site) },
    );
    if (!saved) return refusedForm(form, PLOT_GONE_MESSAGE, {}, 404);
  } catch (error) {
    if (error instanceof PlotNumberTakenError)
      return refusedForm(form, "La parcelle n'a pas été enregistrée :", { number: error.message }, 409);
    if (error instanceof PlotStateLockedError)
      return refusedForm(
        form,
        "Une parcelle attribuée le reste jusqu'au départ de son jardinier (sur sa fiche).",
        { state: "Une parcelle attribuée le reste jusqu'au départ de son jardinier (sur sa fiche)." },
        409,
      );
    throw error;
  }
  return doneForm("save", "Parcelle enregistrée.");
}
