import { z } from "zod";
import { parseId } from "~/lib/text";
import { addDays, parisToday } from "~/lib/paris-time";
import { tooLongMessage, VILLES } from "~/lib/constants";
import {
  civilityField,
  calendarDate,
  optionalEmail,
  optionalLine,
  optionalText,
  recordId,
  requiredLine,
  wholeNumber,
} from "~/modules/forms/fields.schema";

// Dates, amounts and years are the forms module's, shared with the treasury: the register's forms read them from here.
export { calendarDate, euroAmount, yearField } from "~/modules/forms/fields.schema";
import { isFrenchPhone } from "~/modules/applications/applications.schema";
import { PLOT_KINDS } from "./plots.labels";

// The forms of the « Parcelles » area: sites, plots, gardeners, payments, allotment, departure, inspections.

export const PLOT_NUMBER_MAX = 9999;
export const BULK_PLOTS_MAX = 300;
export const PLOT_GONE_MESSAGE = "Cette parcelle n'existe plus : elle a peut-être été supprimée entre-temps.";
export const GARDENER_GONE_MESSAGE = "Ce jardinier n'existe plus : sa fiche a peut-être été effacée entre-temps.";
/**
 * A date of what happened: a calendar date, today at the latest (decision 025). The register records allotments,
 * departures and arrivals when they happen, because the plot's state, the rounds, the counts and the home page all
 * read « today ».
 */
export const pastDate = (what: string) =>
  calendarDate(`Indiquez ${what}.`).refine((v) => v <= parisToday(), {
    error: `${what.charAt(0).toUpperCase()}${what.slice(1)} ne peut pas être après aujourd'hui : le registre note ce qui a déjà eu lieu.`,
  });

export const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

const optionalPhone = (message: string) =>
  z
    .string()
    .trim()
    .max(30, { error: tooLongMessage(30) })
    .optional()
    .transform((v) => v || "")
    .refine((v) => v === "" || isFrenchPhone(v), { error: message });

export const siteFormSchema = z.object({
  name: requiredLine(100, "Indiquez le nom du jardin."),
  town: choice(VILLES, "Choisissez la ville du jardin."),
  address: optionalLine(300, ""),
  accessNotes: optionalText(1000, ""),
});
export type SiteForm = z.output<typeof siteFormSchema>;

const PLOT_NUMBER_MESSAGE = `Indiquez un numéro de parcelle entre 1 et ${PLOT_NUMBER_MAX}.`;
const AREA_MESSAGE = "Indiquez une surface en m², un nombre entier entre 1 et 10 000.";
const CABIN_VALUE_MESSAGE = "Indiquez la valeur de reprise de la cabane, de 0 à 300 €.";

const cabinFields = {
  cabin: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  cabinValue: z.string().trim().optional(),
};

/** The cabin: none, or its takeover value in whole euros (0 to 300). */
const withCabin = <T extends { cabin: boolean; cabinValue?: string }>(fields: T, ctx: z.RefinementCtx) => {
  if (!fields.cabin) return null;
  const value = fields.cabinValue ?? "";
  if (!/^\d{1,3}$/.test(value) || Number(value) > 300) {
    ctx.addIssue({ code: "custom", path: ["cabinValue"], message: CABIN_VALUE_MESSAGE });
    return z.NEVER;
  }
  return Number(value);
};

export const plotFormSchema = z
  .object({
    number: wholeNumber(1, PLOT_NUMBER_MAX, PLOT_NUMBER_MESSAGE),
    area: wholeNumber(1, 10_000, AREA_MESSAGE),
    kind: choice(PLOT_KINDS, "Choisissez le type de parcelle."),
    // « attribuée » comes only with a gardener (« Attribuer »), and goes only with a departure.
    state: choice(["libre", "reservee", "remise_en_etat"] as const, "Choisissez l'état de la parcelle.").optional(),
    notes: optionalText(2000, ""),
    ...cabinFields,
  })
  .transform((fields, ctx) => ({
    number: fields.number,
    area: fields.area,
    kind: fields.kind,
    state: fields.state,
    notes: fields.notes,
    cabinValue: withCabin(fields, ctx),
  }));
export type PlotForm = z.output<typeof plotFormSchema>;

export const bulkPlotsSchema = z
  .object({
    from: wholeNumber(1, PLOT_NUMBER_MAX, PLOT_NUMBER_MESSAGE),
    to: wholeNumber(1, PLOT_NUMBER_MAX, PLOT_NUMBER_MESSAGE),
    area: wholeNumber(1, 10_000, AREA_MESSAGE),
    kind: choice(PLOT_KINDS, "Choisissez le type de parcelle."),
  })
  .refine((f) => f.to >= f.from, { path: ["to"], error: "Le dernier numéro doit suivre le premier." })
  .refine((f) => f.to - f.from < BULK_PLOTS_MAX, {
    path: ["to"],
    error: `Au plus ${BULK_PLOTS_MAX} parcelles à la fois.`,
  });

/** How far ahead an allotment may be planned (decision 036). */
export const PLAN_MAX_DAYS = 366;

/**
 * The day an allotment starts (or a gardener arrives): today or before (recorded), or later, within a year (planned,
 * decision 036: the plot stays free until then, promised).
 */
export const allotmentDate = (message = "Indiquez la date d'attribution.") =>
  calendarDate(message).refine((v) => v <= addDays(parisToday(), PLAN_MAX_DAYS), {
    error: "Une attribution se prévoit au plus un an à l'avance.",
  });

// The name in two parts, as lists sort by family name; a gardener may have a single name (no given names).
export const gardenerFormSchema = z.object({
  familyName: requiredLine(120, "Indiquez le nom de famille du jardinier."),
  givenNames: optionalLine(120, ""),
  civility: civilityField(),
  email: optionalEmail("Format d'email invalide").transform((v) => v ?? ""),
  mobile: optionalPhone("Format de téléphone invalide (ex: 0612345678)"),
  landline: optionalPhone("Format de téléphone invalide (ex: 0412345678)"),
  address: optionalText(300, ""),
  // A newcomer may be recorded before the day their plots start (decision 036).
  startDate: allotmentDate("Indiquez la date d'arrivée du jardinier."),
  notes: optionalText(2000, ""),
});
export type GardenerForm = z.output<typeof gardenerFormSchema>;

/** « Envoyer le courriel de bienvenue dès maintenant », for a planned allotment. */
const welcomeNow = z
  .literal("on", { error: "Cochez ou décochez la case." })
  .optional()
  .transform((v) => v === "on");

/** « Attribuer une parcelle » from an application. */
export const allotmentFormSchema = z.object({
  plotId: recordId("Choisissez une parcelle libre."),
  startDate: allotmentDate(),
  welcomeNow,
});

/** A gardener leaves a plot (or all of theirs): the date, and what becomes of the plot. */
export const departureFormSchema = z.object({
  endDate: pastDate("la date de départ"),
  plotState: choice(["remise_en_etat", "libre"] as const, "Choisissez ce que devient la parcelle."),
  // Empty: all of the gardener's plots.
  holdingId: z
    .string({ error: "Choisissez la parcelle quittée." })
    .optional()
    .transform((v, ctx) =>
      v
        ? (parseId(v) ?? (ctx.addIssue({ code: "custom", message: "Choisissez la parcelle quittée." }), z.NEVER))
        : null,
    ),
});

/** A free plot given to an existing gardener (a second plot, a move). */
export const holdingFormSchema = z.object({
  plotId: recordId("Choisissez une parcelle libre."),
  startDate: allotmentDate(),
});
