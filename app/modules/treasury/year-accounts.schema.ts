import { z } from "zod";
import { parseEuros } from "~/lib/money";
import { calendarDate } from "~/modules/forms/fields.schema";

// The forms of the year's accounts: the budget (one amount per category), the volunteer hours, the closing.
// Safe for the browser: the forms check themselves with these before they are sent.

export const BUDGET_AMOUNT_MESSAGE = "Indiquez un montant en euros, par exemple 120 ou 45,50.";
export const HOURS_MESSAGE = "Indiquez un nombre d'heures entier, par exemple 350.";
export const HOUR_VALUE_MESSAGE = "Indiquez la valeur d'une heure en euros, par exemple 15,20.";
export const CLOSE_CONFIRM_MESSAGE = "Cochez la case pour confirmer la clôture.";

/** The budget field of a category. */
export const budgetFieldName = (categoryId: number) => `c${categoryId}`;

/** An amount that may be left empty (null: no budget for the category). */
const optionalAmount = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || parseEuros(v) !== null, { error: BUDGET_AMOUNT_MESSAGE })
  .transform((v) => (v === "" ? null : parseEuros(v)!));

/** « Budget prévisionnel »: one amount field per category of the chart. */
export const budgetFormSchema = (categoryIds: readonly number[]) =>
  z.object(Object.fromEntries(categoryIds.map((id) => [budgetFieldName(id), optionalAmount])));

/** « Bénévolat valorisé »: the hours given in the year, and the value of one hour. */
export const volunteerFormSchema = z.object({
  hours: z
    .string({ error: HOURS_MESSAGE })
    .trim()
    .regex(/^\d{1,6}$/, { error: HOURS_MESSAGE })
    .transform(Number),
  hourValue: z
    .string({ error: HOUR_VALUE_MESSAGE })
    .trim()
    .refine((v) => parseEuros(v) !== null, { error: HOUR_VALUE_MESSAGE })
    .transform((v) => parseEuros(v)!),
});

/** « Clôturer l'exercice »: the day the assembly approved the accounts, and the box that confirms it. */
export const closeYearFormSchema = z.object({
  approvedOn: calendarDate("Indiquez la date de l'assemblée générale qui a approuvé les comptes."),
  confirm: z.literal("on", { error: CLOSE_CONFIRM_MESSAGE }),
});
