import type { z } from "zod";
import { euros, eurosField } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import type { Transaction } from "~/db/client.server";
import { doneForm, parseAdminForm, refusedBy, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor, type HistoryInput } from "~/modules/history/history.server";
import { createAccount, createCategory, deleteAccount, deleteCategory, updateAccount } from "./chart.server";
import { entriesByAccount, listAccounts, listCategories, type Category } from "./entries.server";
import {
  accountCreateSchema,
  accountMessages,
  accountUpdateSchema,
  categoryCreateSchema,
  categoryMessages,
  idFormSchema,
} from "./entries.schema";
import {
  ACCOUNT_KIND_CODES,
  ACCOUNT_KIND_LABELS,
  categoryName,
  DIRECTION_LABELS,
  type AccountKind,
} from "./treasury.labels";

/** A category of the tree, with those under it. */
export interface CategoryNode {
  id: number;
  code: string;
  label: string;
  direction: string;
  builtIn: boolean;
  children: CategoryNode[];
}

function tree(categories: Category[], parentId: number | null): CategoryNode[] {
  return categories
    .filter((c) => c.parentId === parentId)
    .map((c) => ({
      id: c.id,
      code: c.code,
      label: c.label,
      direction: DIRECTION_LABELS[c.direction],
      builtIn: c.builtIn,
      children: tree(categories, c.id),
    }));
}

/** /admin/tresorerie/parametres: the accounts (with how many entries each has) and the chart of accounts as a tree. */
export async function settingsScreen() {
  const [accounts, categories, used] = await Promise.all([listAccounts(), listCategories(), entriesByAccount()]);
  return {
    year: Number(parisToday().slice(0, 4)),
    kindCodes: ACCOUNT_KIND_CODES,
    kinds: Object.entries(ACCOUNT_KIND_LABELS) as [AccountKind, string][],
    accounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      kind: ACCOUNT_KIND_LABELS[a.kind],
      code: a.code,
      opening: euros(a.openingCents),
      openingYear: a.openingYear,
      iban: a.iban,
      entries: used.get(a.id) ?? 0,
      values: {
        id: String(a.id),
        name: a.name,
        code: a.code,
        opening: (a.openingCents < 0 ? "-" : "") + eurosField(Math.abs(a.openingCents)),
        openingYear: String(a.openingYear),
        iban: a.iban,
        position: String(a.position),
      },
    })),
    tree: tree(categories, null),
  };
}

const accountDetail = (a: { name: string; code: string; openingCents: number; openingYear: number; iban: string }) =>
  `${a.name} (${a.code}), solde d'ouverture ${euros(a.openingCents)} au 1er janvier ${a.openingYear}${a.iban ? `, IBAN ${a.iban}` : ""}`;

/**
 * One form of the screen: read with its schema, written with its history in one transaction, answered with what it
 * did, or sent back with the refusal (on its field, under `refused`).
 */
function settingsIntent<Schema extends z.ZodType, Result>(
  schema: Schema,
  refused: string,
  write: (tx: Transaction, data: z.output<Schema>) => Promise<Result>,
  history: (result: Result) => HistoryInput,
  done: (result: Result) => string,
  unreadable = refused,
) {
  return async (form: FormData, actor: Actor) => {
    const { data, refusal } = parseAdminForm(schema, form, unreadable);
    if (refusal) return refusal;
    try {
      const result = await withHistory(actor, (tx) => write(tx, data), history);
      return doneForm(String(form.get("intent")), done(result));
    } catch (error) {
      return refusedBy(form, error, refused);
    }
  };
}

const accountTarget = (a: { id: number }) => `compte n° ${a.id}`;

/** « Comptes et catégories »: add, change and delete an account; add and delete a sub-category. */
const SETTINGS_INTENTS = {
  "account-create": settingsIntent(
    accountCreateSchema,
    accountMessages.refused,
    createAccount,
    (a) => ({ kind: "tresorerie.compte", target: accountTarget(a), detail: `Ouvert : ${accountDetail(a)}` }),
    (a) => `Compte « ${a.name} » ajouté.`,
  ),
  "account-update": settingsIntent(
    accountUpdateSchema,
    accountMessages.refused,
    updateAccount,
    ({ before, after }) => ({
      kind: "tresorerie.compte",
      target: accountTarget(after),
      detail: `Modifié : ${accountDetail(after)}, rang ${after.position} (avant : ${accountDetail(before)}, rang ${before.position})`,
    }),
    ({ after }) => `Compte « ${after.name} » enregistré.`,
  ),
  "account-delete": settingsIntent(
    idFormSchema(accountMessages.gone),
    accountMessages.refused,
    deleteAccount,
    (a) => ({ kind: "tresorerie.compte", target: accountTarget(a), detail: `Supprimé : ${accountDetail(a)}` }),
    (a) => `Compte « ${a.name} » supprimé.`,
    accountMessages.gone,
  ),
  "category-create": settingsIntent(
    categoryCreateSchema,
    categoryMessages.refused,
    createCategory,
    ({ row, parent }) => ({
      kind: "tresorerie.categorie",
      target: `catégorie ${row.code}`,
      detail: `Ajoutée : ${categoryName(row)}, sous ${categoryName(parent)} (${DIRECTION_LABELS[row.direction].toLowerCase()})`,
    }),
    ({ row }) => `Catégorie « ${categoryName(row)} » ajoutée.`,
  ),
  "category-delete": settingsIntent(
    idFormSchema(categoryMessages.gone),
    categoryMessages.refused,
    deleteCategory,
    (c) => ({ kind: "tresorerie.categorie", target: `catégorie ${c.code}`, detail: `Supprimée : ${categoryName(c)}` }),
    (c) => `Catégorie « ${categoryName(c)} » supprimée.`,
    categoryMessages.gone,
  ),
};

/** The forms of « Comptes et catégories », one handler per intent (`SETTINGS_INTENTS`). */
export async function settingsAction(form: FormData, actor: Actor) {
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(SETTINGS_INTENTS, intent)) return refusedForm(form, "Action inconnue.", {}, 400);
  return SETTINGS_INTENTS[intent as keyof typeof SETTINGS_INTENTS](form, actor);
}
