import { and, eq, isNull } from "drizzle-orm";
import { getDb, readAll, type Executor, type Transaction } from "~/db/client.server";
import { gardeners, gardenSites, plannedAllotments, plotHoldings, plots } from "~/modules/register/register.tables";
import { formatCalendarDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { de, fullName, splitName } from "~/lib/text";
import { CsvUploadError, foldHeader, readCsvUpload } from "~/modules/forms/csv-upload.server";
import { allotToGardener, PlotUnavailableError } from "~/modules/register/allotment.server";
import { plotName } from "~/modules/register/plots.labels";
import { gardenerFormSchema, type GardenerForm } from "~/modules/register/plots.schema";
import { createGardener } from "./gardeners.server";
import { planAllotment, PlanRefusal } from "./planned-allotments.server";

const GARDENERS_CSV_MAX_LINES = 2000;

type Column =
  | "family"
  | "given"
  | "full"
  | "email"
  | "mobile"
  | "landline"
  | "phone"
  | "address"
  | "site"
  | "plots"
  | "start"
  | "end"
  | "notes";

/**
 * The columns read, by the folded headers a spreadsheet may give them; the gardeners' CSV export's own headers
 * (« Nom », « Prénom(s) », « Arrivée », « Départ », « Parcelles »…) among them, so an export comes back in.
 */
const COLUMNS: Record<string, Column> = {
  nom: "family",
  nomdefamille: "family",
  prenom: "given",
  prenoms: "given",
  nometprenom: "full",
  nomprenom: "full",
  prenometnom: "full",
  nomcomplet: "full",
  jardinier: "full",
  email: "email",
  mail: "email",
  courriel: "email",
  adresseemail: "email",
  adressemail: "email",
  portable: "mobile",
  mobile: "mobile",
  telephoneportable: "mobile",
  telportable: "mobile",
  fixe: "landline",
  telephonefixe: "landline",
  telfixe: "landline",
  telephone: "phone",
  tel: "phone",
  adresse: "address",
  adressepostale: "address",
  jardin: "site",
  site: "site",
  parcelle: "plots",
  parcelles: "plots",
  numero: "plots",
  numerodeparcelle: "plots",
  n: "plots",
  arrivee: "start",
  arriveele: "start",
  datedarrivee: "start",
  depuis: "start",
  depuisle: "start",
  debut: "start",
  depart: "end",
  partile: "end",
  notes: "notes",
  remarques: "notes",
};

/** What becomes of a line: a record to create, one already in the register (left alone), or a mistake to fix. */
export interface ImportLine {
  line: number;
  name: string;
  plots: string;
  outcome: "creer" | "ignorer" | "erreur";
  message: string;
}

interface Planned {
  form: GardenerForm;
  plotIds: number[];
}

const MOBILE = /^(?:\+33\s*|0)[67]/;

/** « 01/03/2024 », « 1/3/2024 », « 01-03-2024 », « 01.03.2024 » or « 2024-03-01 » → « 2024-03-01 »; else as typed. */
function isoDate(text: string) {
  const french = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/);
  if (french) return `${french[3]}-${french[2]!.padStart(2, "0")}-${french[1]!.padStart(2, "0")}`;
  return text;
}

/** « 12 », « 12, 14 » (in the line's garden) or the export's « n° 12 (Jardin des Brosses), n° 3 (…) ». */
function plotRefs(text: string, site: string) {
  const refs: { number: number; site: string }[] = [];
  for (const item of text.split(/[,;]\s*(?=n°|\d)/)) {
    const named = item.match(/^\s*(?:n°\s*)?(\d{1,4})\s*(?:\((.+)\))?\s*$/);
    if (!named) return null;
    refs.push({ number: Number(named[1]), site: named[2]?.trim() ?? site });
  }
  return refs;
}

/**
 * Every line's outcome, nothing written: the dry run the bureau reads before importing, and the check the import
 * itself makes again (in its transaction, so a plot taken meanwhile is seen). A line is created, or left alone when
 * its person is already a current gardener (same e-mail, or same name), or refused with the reason.
 */
export async function checkGardenersCsv(text: string, executor: Executor = getDb()) {
  const rows = readCsvUpload(text, GARDENERS_CSV_MAX_LINES, "jardiniers");
  const header = rows[0]!.cells.map((h) => COLUMNS[foldHeader(h)]);
  if (!header.includes("family") && !header.includes("full"))
    throw new CsvUploadError("La première ligne doit nommer les colonnes, dont « Nom » (ou « Nom et prénom »).");
  // « Nom » without a « Prénom » column holds the whole name, as the application's « Nom et prénom ».
  const nameInOne = !header.includes("given") && !header.includes("full");

  const [sites, siteHolders, current] = await readAll(executor, [
    () => executor.select().from(gardenSites),
    () =>
      executor
        .select({
          plot: plots,
          siteName: gardenSites.name,
          held: plotHoldings.id,
          promised: plannedAllotments.id,
        })
        .from(plots)
        .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
        .leftJoin(plotHoldings, and(eq(plotHoldings.plotId, plots.id), isNull(plotHoldings.endDate)))
        .leftJoin(plannedAllotments, eq(plannedAllotments.plotId, plots.id)),
    () =>
      executor
        .select({ id: gardeners.id, name: gardeners.name, email: gardeners.email })
        .from(gardeners)
        .where(isNull(gardeners.endDate)),
  ]);
  const siteByName = new Map(sites.map((s) => [foldHeader(s.name), s]));
  const plotByKey = new Map(siteHolders.map((r) => [`${r.plot.siteId}:${r.plot.number}`, r]));
  const byEmail = new Map(current.filter((g) => g.email).map((g) => [g.email.toLowerCase(), g]));
  const byName = new Map(current.map((g) => [foldHeader(g.name), g]));

  const lines: ImportLine[] = [];
  const planned: Planned[] = [];
  const inFile = { emails: new Set<string>(), names: new Set<string>(), plots: new Set<number>() };
  for (const { cells: row, line } of rows.slice(1)) {
    const cell = (column: Column) => row[header.indexOf(column)]?.trim() ?? "";
    const parts = nameInOne
      ? splitName(cell("family"))
      : cell("full") && !cell("family")
        ? splitName(cell("full"))
        : { familyName: cell("family"), givenNames: cell("given") };
    const name = fullName(parts.givenNames, parts.familyName);
    const result = (outcome: ImportLine["outcome"], message: string) =>
      lines.push({ line, name, plots: cell("plots"), outcome, message });
    if (cell("end")) {
      result("ignorer", `ancien jardinier (départ le ${cell("end")}).`);
      continue;
    }
    const phone = cell("phone");
    // An arrival up to a year ahead is accepted: the plots are then planned from that day (decision 036).
    const parsed = gardenerFormSchema.safeParse({
      ...parts,
      email: cell("email"),
      mobile: cell("mobile") || (MOBILE.test(phone) ? phone : ""),
      landline: cell("landline") || (MOBILE.test(phone) ? "" : phone),
      address: cell("address"),
      startDate: isoDate(cell("start")),
      notes: cell("notes"),
    });
    if (!parsed.success) {
      result("erreur", [...new Set(parsed.error.issues.map((i) => i.message))].join(" "));
      continue;
    }
    const form = parsed.data;
    const email = form.email.toLowerCase();
    const same = (email && byEmail.get(email)) || byName.get(foldHeader(name));
    if (same) {
      result("ignorer", `déjà au registre (fiche ${de(same.name)}), laissée telle quelle.`);
      continue;
    }
    if ((email && inFile.emails.has(email)) || inFile.names.has(foldHeader(name))) {
      result("erreur", "Cette personne apparaît deux fois dans le fichier.");
      continue;
    }
    inFile.names.add(foldHeader(name));
    if (email) inFile.emails.add(email);

    const refs = cell("plots") ? plotRefs(cell("plots"), cell("site")) : [];
    if (!refs) {
      result("erreur", "Parcelle illisible : indiquez son numéro (par exemple 12, ou « 12, 14 »).");
      continue;
    }
    const plotIds: number[] = [];
    const plotNames: string[] = [];
    let refused = "";
    for (const ref of refs) {
      const site = ref.site ? siteByName.get(foldHeader(ref.site)) : sites.length === 1 ? sites[0] : undefined;
      if (!site) {
        refused = ref.site
          ? `Jardin inconnu : « ${ref.site} » (jardins : ${sites.map((s) => s.name).join(", ") || "aucun"}).`
          : "Indiquez le jardin de la parcelle (colonne « Jardin »).";
        break;
      }
      const found = plotByKey.get(`${site.id}:${ref.number}`);
      const named = plotName({ number: ref.number }, site);
      if (!found) refused = `Pas de ${named} : créez-la d'abord (import des parcelles).`;
      else if (found.held !== null || found.plot.state !== "libre") refused = `La ${named} n'est pas libre.`;
      else if (found.promised !== null)
        refused = `La ${named} est déjà promise à une autre personne (attribution prévue).`;
      else if (inFile.plots.has(found.plot.id)) refused = `La ${named} est donnée à une autre ligne du fichier.`;
      if (refused) break;
      plotIds.push(found!.plot.id);
      plotNames.push(named);
    }
    if (refused) {
      result("erreur", refused);
      continue;
    }
    for (const id of plotIds) inFile.plots.add(id);
    planned.push({ form, plotIds });
    const later =
      form.startDate > parisToday() ? ` à partir du ${formatCalendarDate(form.startDate)} (attribution prévue)` : "";
    result("creer", plotNames.length > 0 ? `avec la ${plotNames.join(" et la ")}${later}.` : "sans parcelle.");
  }
  return {
    lines,
    planned,
    counts: {
      creer: planned.length,
      ignorer: lines.filter((l) => l.outcome === "ignorer").length,
      erreur: lines.filter((l) => l.outcome === "erreur").length,
    },
  };
}

/** The import refused: a line has a mistake (or a plot was taken since the dry run); nothing was written. */
export class GardenersImportRefused extends Error {
  constructor(readonly check: Awaited<ReturnType<typeof checkGardenersCsv>>) {
    super("Rien n'a été importé : corrigez les lignes en erreur.");
  }
}

/**
 * Imports the lines to create, all or nothing, in the caller's transaction: checked again first, then each gardener
 * created and their plots allotted (no e-mail: they are not newcomers). No welcome e-mail, no fee: the bureau calls
 * the year's fees as usual.
 */
export async function importGardenersCsv(text: string, tx: Transaction) {
  const check = await checkGardenersCsv(text, tx);
  if (check.counts.erreur > 0) throw new GardenersImportRefused(check);
  let allotted = 0;
  let promised = 0;
  for (const { form, plotIds } of check.planned) {
    const gardener = await createGardener(form, tx);
    for (const plotId of plotIds) {
      try {
        if (form.startDate > parisToday()) {
          await planAllotment(tx, { gardenerId: gardener.id }, plotId, form.startDate, {
            welcomeNow: false,
            createdBy: "import",
          });
          promised++;
          continue;
        }
        await allotToGardener(tx, gardener.id, plotId, form.startDate);
      } catch (error) {
        // Taken between the check and the lock: the whole import is refused, with the fresh dry run.
        if (error instanceof PlotUnavailableError || error instanceof PlanRefusal)
          throw new GardenersImportRefused(check);
        throw error;
      }
      allotted++;
    }
  }
  return { created: check.planned.length, allotted, promised, skipped: check.counts.ignorer };
}
