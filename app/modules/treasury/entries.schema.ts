import { z } from "zod";
import { parseEuros } from "~/lib/money";
import {
  calendarDate,
  optionalIban,
  optionalLine,
  recordId,
  requiredLine,
  yearField,
} from "~/modules/forms/fields.schema";
import { ACCOUNT_KINDS, TREASURY_DIRECTIONS, TREASURY_MEANS } from "./treasury.labels";

// The forms of the book's screens (decision 031): an entry, an account, a sub-category. Safe for the browser: the
// forms check themselves with these before sending, and the actions check again.

export const entryMessages = {
  date: "Indiquez la date de l'écriture.",
  label: "Indiquez le libellé de l'écriture.",
  amount: "Indiquez un montant en euros supérieur à zéro (par exemple 184,30).",
  account: "Choisissez le compte.",
  toAccount: "Choisissez le compte qui reçoit le virement.",
  sameAccount: "Choisissez un autre compte que celui d'où part le virement.",
  category: "Choisissez la catégorie.",
  categoryDirection: "Cette catégorie ne convient pas à ce sens d'écriture : choisissez-en une de la liste.",
  means: "Choisissez le moyen de paiement.",
  accountGone: "Ce compte n'existe plus : choisissez-en un de la liste.",
  refused: "L'écriture n'a pas été enregistrée :",
  gone: "Cette écriture n'existe plus : elle a peut-être été supprimée entre-temps.",
  confirmDelete: "Cochez la case pour confirmer la suppression.",
  fromRegister:
    "Cette écriture vient d'un paiement du registre : son montant, sa date, son compte, sa catégorie et son moyen de paiement se corrigent depuis le registre.",
  registerDelete:
    "Cette écriture vient d'un paiement du registre : elle ne se supprime pas ici. Annulez le paiement depuis le registre.",
  locked: "Ce champ ne peut plus changer :",
} as const;

/** An amount as typed, in cents, strictly positive. */
const positiveAmount = () =>
  z
    .string({ error: entryMessages.amount })
    .trim()
    .refine((v) => (parseEuros(v) ?? 0) > 0, { error: entryMessages.amount })
    .transform((v) => parseEuros(v)!);

/** An id from a `<select>`, optional (empty: none). */
const optionalId = z
  .string()
  .optional()
  .transform((v) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null));

/**
 * An entry, new or corrected: its direction (fixed by the button that opened the form), date, label, amount, account,
 * the transfer's destination or the category, the means (with a cheque's number and bank), the third party, the
 * invoice's number.
 */
export const entryFormSchema = z
  .object({
    direction: z.enum(TREASURY_DIRECTIONS, { error: "Choisissez le sens de l'écriture." }),
    date: calendarDate(entryMessages.date),
    label: requiredLine(200, entryMessages.label),
    amount: positiveAmount(),
    accountId: recordId(entryMessages.account),
    toAccountId: optionalId,
    categoryId: optionalId,
    means: z.enum(TREASURY_MEANS, { error: entryMessages.means }),
    chequeNumber: optionalLine(20, ""),
    chequeBank: optionalLine(60, ""),
    payer: optionalLine(120, ""),
    reference: optionalLine(60, ""),
    removeAttachment: z.string().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.direction === "virement") {
      if (entry.toAccountId === null)
        ctx.addIssue({ code: "custom", path: ["toAccountId"], message: entryMessages.toAccount });
      else if (entry.toAccountId === entry.accountId)
        ctx.addIssue({ code: "custom", path: ["toAccountId"], message: entryMessages.sameAccount });
    } else if (entry.categoryId === null)
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: entryMessages.category });
  });
export type EntryForm = z.output<typeof entryFormSchema>;

/** The fields in the order the form shows them. */
export const ENTRY_FIELDS = [
  "date",
  "label",
  "amount",
  "accountId",
  "toAccountId",
  "categoryId",
  "means",
  "chequeNumber",
  "chequeBank",
  "payer",
  "reference",
  "attachment",
] as const;

/** « Supprimer »: the box ticked. */
export const entryDeleteSchema = z.object({
  confirm: z.literal("on", { error: entryMessages.confirmDelete }),
});

export const accountMessages = {
  name: "Indiquez le nom du compte.",
  kind: "Choisissez le type de compte.",
  code: "Indiquez le numéro du plan comptable : 2 à 8 chiffres (par exemple 512).",
  opening: "Indiquez le solde d'ouverture en euros (par exemple 1250,40, ou -35 pour un découvert).",
  position: "Indiquez un rang : un nombre entier de 0 à 99.",
  taken: "Un compte porte déjà ce nom : choisissez-en un autre.",
  used: "Ce compte a des écritures : il ne peut pas être supprimé.",
  gone: "Ce compte n'existe plus : il a peut-être été supprimé entre-temps.",
  refused: "Le compte n'a pas été enregistré :",
} as const;

/** A balance, which may be negative (an overdraft): « -35,20 ». */
const signedAmount = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const negative = /^[-−]/.test(v);
      const cents = parseEuros(negative ? v.slice(1) : v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return negative ? -cents : cents;
    });

const chartCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{2,8}$/, { error: message });

/**
 * « Ajouter un compte »: name, kind, chart number (the kind's when left empty), opening balance and its year, and a bank
 * account's IBAN for its deposit slips.
 */
export const accountCreateSchema = z.object({
  name: requiredLine(80, accountMessages.name),
  kind: z.enum(ACCOUNT_KINDS, { error: accountMessages.kind }),
  code: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), chartCode(accountMessages.code)])),
  opening: signedAmount(accountMessages.opening),
  openingYear: yearField(),
  iban: optionalIban(""),
});

/** A known account's name, chart number, opening balance and its year, IBAN, and its rank in the lists. */
export const accountUpdateSchema = z.object({
  id: recordId(accountMessages.gone),
  name: requiredLine(80, accountMessages.name),
  code: chartCode(accountMessages.code),
  opening: signedAmount(accountMessages.opening),
  openingYear: yearField(),
  iban: optionalIban(""),
  position: z
    .string({ error: accountMessages.position })
    .trim()
    .regex(/^\d{1,2}$/, { error: accountMessages.position })
    .transform(Number),
});

export const categoryMessages = {
  code: "Indiquez un numéro de 2 à 8 chiffres.",
  under: (parent: string) => `Le numéro doit commencer par ${parent} et être plus long (par exemple ${parent}1).`,
  taken: (code: string) => `Le numéro ${code} est déjà pris : choisissez-en un autre.`,
  label: "Indiquez le libellé de la catégorie.",
  gone: "Cette catégorie n'existe plus : elle a peut-être été supprimée entre-temps.",
  builtIn: "Cette catégorie fait partie du plan comptable : elle ne peut pas être supprimée.",
  used: "Cette catégorie est utilisée par des écritures ou le budget : elle ne peut pas être supprimée.",
  hasChildren: "Cette catégorie a des sous-catégories : supprimez-les d'abord.",
  refused: "La catégorie n'a pas été ajoutée :",
} as const;

/** « Ajouter une sous-catégorie »: under which category, its number and label. */
export const categoryCreateSchema = z.object({
  parentId: recordId(categoryMessages.gone),
  code: chartCode(categoryMessages.code),
  label: requiredLine(100, categoryMessages.label),
});

export const idFormSchema = (message: string) => z.object({ id: recordId(message) });
