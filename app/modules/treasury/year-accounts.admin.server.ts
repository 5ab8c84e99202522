import { parisYear } from "~/lib/paris-time";
import { euros, eurosField } from "~/lib/money";
import { formatCalendarDate, formatDateTime } from "~/lib/dates";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { recordHistory, withHistory, type Actor } from "~/modules/history/history.server";
import { getDb } from "~/db/client.server";
import { getContent } from "~/modules/content/content.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import {
  allCategories,
  budgetOf,
  budgetScreenData,
  closeYear,
  entriesCsv,
  saveBudget,
  saveVolunteerHours,
  statementSide,
  yearAccounts,
  type BudgetChange,
} from "./year-accounts.server";
import { budgetFieldName, budgetFormSchema, closeYearFormSchema, volunteerFormSchema } from "./year-accounts.schema";
import { yearAccountsPdf } from "./year-accounts.pdf.server";
import { receiptSettings } from "./receipts.server";

/** The year of `?annee=` (2000 to 2100), or the current one. */
export function treasuryYearOf(url: URL) {
  const year = Number(url.searchParams.get("annee"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : parisYear();
}

/** /admin/tresorerie/comptes-annuels: the year's accounts, its volunteer hours' form, and whether it can be closed. */
export async function yearAccountsScreen(url: URL) {
  const year = treasuryYearOf(url);
  const accounts = await yearAccounts(year);
  const currentYear = parisYear();
  return {
    year,
    currentYear,
    accounts,
    closedOn: accounts.closed ? formatDateTime(accounts.closed.at) : null,
    closable: !accounts.closed && year < currentYear,
    volunteerValues: (accounts.volunteer
      ? { hours: String(accounts.volunteer.hours), hourValue: eurosField(accounts.volunteer.hourCents) }
      : {}) as Record<string, string>,
  };
}

/** The forms of the accounts' page: « Bénévolat valorisé » and « Clôturer l'exercice ». */
export async function yearAccountsAction(url: URL, form: FormData, actor: Actor) {
  const year = treasuryYearOf(url);
  switch (form.get("intent")) {
    case "benevolat": {
      const { data, refusal } = parseAdminForm(volunteerFormSchema, form, "Le bénévolat n'a pas été enregistré :");
      if (refusal) return refusal;
      try {
        await withHistory(
          actor,
          (tx) => saveVolunteerHours(tx, year, data.hours, data.hourValue),
          (before) => ({
            kind: "tresorerie.benevolat",
            target: `exercice ${year}`,
            detail: `${data.hours} h à ${euros(data.hourValue)} (avant : ${before.hours} h à ${euros(before.hourCents)})`,
          }),
        );
      } catch (error) {
        return refusedBy(form, error);
      }
      return doneForm(
        "benevolat",
        `Bénévolat ${year} enregistré : ${data.hours} h, ${euros(data.hours * data.hourValue)}.`,
      );
    }
    case "cloture": {
      const { data, refusal } = parseAdminForm(closeYearFormSchema, form, `L'exercice ${year} n'a pas été clôturé :`);
      if (refusal) return refusal;
      try {
        await withHistory(
          actor,
          (tx) => closeYear(tx, year, actor.username, parisYear(), data.approvedOn),
          () => ({
            kind: "tresorerie.cloture",
            target: `exercice ${year}`,
            detail: `comptes approuvés par l'assemblée générale du ${formatCalendarDate(data.approvedOn)}`,
          }),
        );
      } catch (error) {
        return refusedBy(form, error);
      }
      return doneForm("cloture", `L'exercice ${year} est clôturé.`);
    }
    default:
      return refusedForm(form, "Cette action n'existe pas.");
  }
}

/** /admin/tresorerie/budget: every category with its saved amount, and the totals. */
export async function budgetScreen(url: URL) {
  const year = treasuryYearOf(url);
  const data = await budgetScreenData(year);
  const total = (lines: { cents: number | null }[]) => lines.reduce((sum, l) => sum + (l.cents ?? 0), 0);
  const incomeCents = total(data.income);
  const expensesCents = total(data.expenses);
  const values: Record<string, string> = {};
  for (const line of [...data.income, ...data.expenses])
    if (line.cents !== null) values[budgetFieldName(line.id)] = eurosField(line.cents);
  return { year, currentYear: parisYear(), ...data, incomeCents, expensesCents, values };
}

const changeText = (c: BudgetChange) =>
  `${c.code} ${c.label} : ${c.before === null ? "—" : euros(c.before)} → ${c.after === null ? "—" : euros(c.after)}`;

/** « Enregistrer le budget »: every field checked, then all saved in one transaction with its history entry. */
export async function budgetAction(url: URL, form: FormData, actor: Actor) {
  const year = treasuryYearOf(url);
  const categories = await allCategories();
  const ids = categories.map((c) => c.id);
  const { data, refusal } = parseAdminForm(budgetFormSchema(ids), form, "Le budget n'a pas été enregistré :");
  if (refusal) return refusal;
  const amounts = new Map(ids.map((id) => [id, (data[budgetFieldName(id)] as number | null | undefined) ?? null]));
  let changes: BudgetChange[];
  try {
    changes = await withHistory(
      actor,
      (tx) => saveBudget(tx, year, amounts),
      (list) =>
        list.length > 0 && {
          kind: "tresorerie.budget",
          target: `budget ${year}`,
          detail: list.map(changeText).join(" ; "),
        },
    );
  } catch (error) {
    return refusedBy(form, error);
  }
  return doneForm(
    "budget",
    changes.length === 0
      ? `Le budget ${year} n'a pas changé.`
      : `Budget ${year} enregistré (${changes.length} montant${changes.length > 1 ? "s" : ""} modifié${changes.length > 1 ? "s" : ""}).`,
  );
}

/** The association's name, as the PDF's heading gives it. */
async function associationName() {
  const content = await getContent();
  return content?.nomAssociation?.trim() || CONTENT_DEFAULTS.nomAssociation;
}

/** « Comptes de l'exercice » as one A4 PDF for the assembly; `owedCents`: the register's fees not paid. */
export async function yearAccountsPdfFile(url: URL, owedCents: number) {
  const year = treasuryYearOf(url);
  const [accounts, categories, nextBudget, name] = await Promise.all([
    yearAccounts(year),
    allCategories(),
    budgetOf(year + 1),
    associationName(),
  ]);
  const none = new Map<number, number>();
  const budgetSide = (direction: "recette" | "depense") =>
    statementSide(categories, direction, { year: none, previous: none, budget: nextBudget });
  const budgetNext = nextBudget.size > 0 ? { income: budgetSide("recette"), expenses: budgetSide("depense") } : null;
  const pdf = await yearAccountsPdf({
    association: name,
    accounts,
    owedCents,
    nextBudget: budgetNext,
    madeAt: new Date(),
    treasurer: (await receiptSettings()).signatory.trim(),
  });
  return { year, pdf };
}

/** The entries of the year as a CSV (Paheko's simple import and the treasurer's columns), in the history. */
export async function entriesExport(url: URL, actor: Actor) {
  const year = treasuryYearOf(url);
  const csv = await entriesCsv(year);
  await recordHistory(getDb(), actor, { kind: "tresorerie.export", target: `écritures ${year}` });
  return { year, csv };
}
