import { Refusal } from "~/modules/forms/refusal.server";
import { and, eq, ne } from "drizzle-orm";
import { euros, eurosField } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import type { Transaction } from "~/db/client.server";
import { treasuryAccounts, treasuryCategories } from "~/modules/treasury/treasury.tables";
import { doneForm, parseAdminForm, refusedBy, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { categoryUsed, entriesByAccount, listAccounts, listCategories, type Category } from "./entries.server";
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

async function nameTaken(tx: Transaction, name: string, except?: number) {
  const [row] = await tx
    .select({ id: treasuryAccounts.id })
    .from(treasuryAccounts)
    .where(
      except === undefined
        ? eq(treasuryAccounts.name, name)
        : and(eq(treasuryAccounts.name, name), ne(treasuryAccounts.id, except)),
    );
  return Boolean(row);
}

const accountDetail = (a: { name: string; code: string; openingCents: number; openingYear: number; iban: string }) =>
  `${a.name} (${a.code}), solde d'ouverture ${euros(a.openingCents)} au 1er janvier ${a.openingYear}${a.iban ? `, IBAN ${a.iban}` : ""}`;

/** The forms of « Comptes et catégories »: add, change and delete an account; add and delete a sub-category. */
export async function settingsAction(form: FormData, actor: Actor) {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "account-create": {
      const { data, refusal } = parseAdminForm(accountCreateSchema, form, accountMessages.refused);
      if (refusal) return refusal;
      try {
        const account = await withHistory(
          actor,
          async (tx) => {
            if (await nameTaken(tx, data.name)) throw new Refusal(accountMessages.taken, 409, "name");
            const [row] = await tx
              .insert(treasuryAccounts)
              .values({
                name: data.name,
                kind: data.kind,
                code: data.code || ACCOUNT_KIND_CODES[data.kind],
                openingCents: data.opening,
                openingYear: data.openingYear,
                iban: data.iban,
                position: 99,
              })
              .returning();
            return row!;
          },
          (a) => ({ kind: "tresorerie.compte", target: `compte n° ${a.id}`, detail: `Ouvert : ${accountDetail(a)}` }),
        );
        return doneForm(intent, `Compte « ${account.name} » ajouté.`);
      } catch (error) {
        return refusedBy(form, error, accountMessages.refused);
      }
    }
    case "account-update": {
      const { data, refusal } = parseAdminForm(accountUpdateSchema, form, accountMessages.refused);
      if (refusal) return refusal;
      try {
        const account = await withHistory(
          actor,
          async (tx) => {
            const [before] = await tx
              .select()
              .from(treasuryAccounts)
              .where(eq(treasuryAccounts.id, data.id))
              .for("update");
            if (!before) throw new Refusal(accountMessages.gone, 404);
            if (await nameTaken(tx, data.name, data.id)) throw new Refusal(accountMessages.taken, 409, "name");
            const [after] = await tx
              .update(treasuryAccounts)
              .set({
                name: data.name,
                code: data.code,
                openingCents: data.opening,
                openingYear: data.openingYear,
                iban: data.iban,
                position: data.position,
              })
              .where(eq(treasuryAccounts.id, data.id))
              .returning();
            return { before, after: after! };
          },
          ({ before, after }) => ({
            kind: "tresorerie.compte",
            target: `compte n° ${after.id}`,
            detail: `Modifié : ${accountDetail(after)}, rang ${after.position} (avant : ${accountDetail(before)}, rang ${before.position})`,
          }),
        );
        return doneForm(intent, `Compte « ${account.after.name} » enregistré.`);
      } catch (error) {
        return refusedBy(form, error, accountMessages.refused);
      }
    }
    case "account-delete": {
      const { data, refusal } = parseAdminForm(idFormSchema(accountMessages.gone), form, accountMessages.gone);
      if (refusal) return refusal;
      try {
        const removed = await withHistory(
          actor,
          async (tx) => {
            const [account] = await tx
              .select()
              .from(treasuryAccounts)
              .where(eq(treasuryAccounts.id, data.id))
              .for("update");
            if (!account) throw new Refusal(accountMessages.gone, 404);
            if (((await entriesByAccount(tx)).get(account.id) ?? 0) > 0) throw new Refusal(accountMessages.used, 409);
            await tx.delete(treasuryAccounts).where(eq(treasuryAccounts.id, account.id));
            return account;
          },
          (a) => ({ kind: "tresorerie.compte", target: `compte n° ${a.id}`, detail: `Supprimé : ${accountDetail(a)}` }),
        );
        return doneForm(intent, `Compte « ${removed.name} » supprimé.`);
      } catch (error) {
        return refusedBy(form, error, accountMessages.refused);
      }
    }
    case "category-create": {
      const { data, refusal } = parseAdminForm(categoryCreateSchema, form, categoryMessages.refused);
      if (refusal) return refusal;
      try {
        const created = await withHistory(
          actor,
          async (tx) => {
            const [parent] = await tx.select().from(treasuryCategories).where(eq(treasuryCategories.id, data.parentId));
            if (!parent) throw new Refusal(categoryMessages.gone, 404);
            if (!data.code.startsWith(parent.code) || data.code.length <= parent.code.length)
              throw new Refusal(categoryMessages.under(parent.code), 400, "code");
            const [taken] = await tx
              .select({ id: treasuryCategories.id })
              .from(treasuryCategories)
              .where(eq(treasuryCategories.code, data.code));
            if (taken) throw new Refusal(categoryMessages.taken(data.code), 409, "code");
            const [row] = await tx
              .insert(treasuryCategories)
              .values({ code: data.code, label: data.label, direction: parent.direction, parentId: parent.id })
              .returning();
            return { row: row!, parent };
          },
          ({ row, parent }) => ({
            kind: "tresorerie.categorie",
            target: `catégorie ${row.code}`,
            detail: `Ajoutée : ${categoryName(row)}, sous ${categoryName(parent)} (${DIRECTION_LABELS[row.direction].toLowerCase()})`,
          }),
        );
        return doneForm(intent, `Catégorie « ${categoryName(created.row)} » ajoutée.`);
      } catch (error) {
        return refusedBy(form, error, categoryMessages.refused);
      }
    }
    case "category-delete": {
      const { data, refusal } = parseAdminForm(idFormSchema(categoryMessages.gone), form, categoryMessages.gone);
      if (refusal) return refusal;
      try {
        const removed = await withHistory(
          actor,
          async (tx) => {
            const [category] = await tx
              .select()
              .from(treasuryCategories)
              .where(eq(treasuryCategories.id, data.id))
              .for("update");
            if (!category) throw new Refusal(categoryMessages.gone, 404);
            if (category.builtIn) throw new Refusal(categoryMessages.builtIn, 409);
            const [child] = await tx
              .select({ id: treasuryCategories.id })
              .from(treasuryCategories)
              .where(eq(treasuryCategories.parentId, category.id))
              .limit(1);
            if (child) throw new Refusal(categoryMessages.hasChildren, 409);
            if (await categoryUsed(tx, category.id)) throw new Refusal(categoryMessages.used, 409);
            await tx.delete(treasuryCategories).where(eq(treasuryCategories.id, category.id));
            return category;
          },
          (c) => ({
            kind: "tresorerie.categorie",
            target: `catégorie ${c.code}`,
            detail: `Supprimée : ${categoryName(c)}`,
          }),
        );
        return doneForm(intent, `Catégorie « ${categoryName(removed)} » supprimée.`);
      } catch (error) {
        return refusedBy(form, error, categoryMessages.refused);
      }
    }
    default:
      return refusedForm(form, "Action inconnue.", {}, 400);
  }
}
