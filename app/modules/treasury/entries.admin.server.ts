import { Refusal } from "~/modules/forms/refusal.server";
import { data, redirect } from "react-router";
import { euros, eurosField } from "~/lib/money";
import { formatCalendarDate, formatDateTime } from "~/lib/dates";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import { pageCount } from "~/lib/pagination";
import { parisToday } from "~/lib/paris-time";
import { queryOf, queryPage, queryText } from "~/lib/query";
import { own } from "~/lib/records";
import { parseId } from "~/lib/text";
import { getDb } from "~/db/client.server";
import { gardenerPayments } from "~/modules/register/register.tables";
import { eq } from "drizzle-orm";
import { errorsByField } from "~/modules/forms/public-form";
import { FormError, readSubmittedForm, type SubmittedForm } from "~/modules/forms/multipart.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import {
  checkDocumentFile,
  DocumentFileError,
  removeUnusedDocumentFiles,
  storeDocumentFile,
  type CheckedFile,
} from "~/modules/documents/document-files.server";
import { documentMessages } from "~/modules/documents/documents.schema";
import { accountBalances, isYearClosed } from "./book.server";
import { cancelReceiptOfEntry } from "./receipts.server";
import {
  createEntry,
  deleteEntry,
  describeChanges,
  describedFields,
  entriesPage,
  entriesTotals,
  entryDetails,
  listAccounts,
  listCategories,
  namesOf,
  undepositedCheques,
  updateEntry,
  withDescendants,
  type Category,
  type EntryFilter,
  type EntryLine,
} from "./entries.server";
import { ENTRY_FIELDS, entryDeleteSchema, entryFormSchema, entryMessages } from "./entries.schema";
import {
  categoryName,
  MEANS_LABELS,
  TREASURY_DIRECTIONS,
  TREASURY_MEANS,
  type TreasuryDirection,
  type TreasuryMeans,
} from "./treasury.labels";

/** The year of `?annee=`, this one by default. */
export function treasuryYear(params: URLSearchParams) {
  const year = Number(params.get("annee"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : Number(parisToday().slice(0, 4));
}

/** « + 25,00 € », « − 184,30 € », « ⇄ 200,00 € ». */
export const signedAmount = (direction: string, cents: number) =>
  `${direction === "recette" ? "+" : direction === "depense" ? "−" : "⇄"} ${euros(cents)}`;

/** A line of a list as the screens show it. */
function shownLine(line: EntryLine) {
  return {
    id: line.id,
    date: formatCalendarDate(line.date),
    label: line.label,
    payer: line.payer,
    direction: line.direction,
    category: line.categoryCode ? categoryName({ code: line.categoryCode, label: line.categoryLabel ?? "" }) : "",
    account: line.toAccount ? `${line.account} → ${line.toAccount}` : line.account,
    means: `${MEANS_LABELS[line.means as TreasuryMeans]}${line.chequeNumber ? ` n° ${line.chequeNumber}` : ""}`,
    amount: signedAmount(line.direction, line.amountCents),
    deposited: line.deposited,
    reconciled: line.reconciled,
    fromRegister: line.fromRegister,
    attached: line.attached,
  };
}
export type ShownLine = ReturnType<typeof shownLine>;

/** The chart as options grouped by their top category (`<optgroup>`), for one direction. */
export function categoryGroups(categories: Category[], direction: TreasuryDirection | null) {
  const shown = categories.filter((c) => direction === null || c.direction === direction);
  return shown
    .filter((c) => c.parentId === null)
    .map((top) => ({
      label: categoryName(top),
      options: [top, ...shown.filter((c) => c.id !== top.id && withDescendants(shown, top.id).includes(c.id))].map(
        (c) => [String(c.id), categoryName(c)] as const,
      ),
    }));
}

/** /admin/tresorerie: the year's accounts and their balances, income and expenses, cheques to deposit, latest entries. */
export async function overviewScreen(request: Request) {
  const year = treasuryYear(queryOf(request));
  const [balances, totals, cheques, latest, closed] = await Promise.all([
    accountBalances(year),
    entriesTotals({ year }),
    undepositedCheques(),
    entriesPage({ year }, 10, 0),
    isYearClosed(year),
  ]);
  const sum = (pick: (b: (typeof balances)[number]) => number) => balances.reduce((s, b) => s + pick(b), 0);
  return {
    year,
    closed,
    accounts: balances.map((b) => ({
      id: b.id,
      name: b.name,
      opening: euros(b.openingCents),
      in: euros(b.inCents),
      out: euros(b.outCents),
      closing: euros(b.closingCents),
      negative: b.closingCents < 0,
    })),
    total: {
      opening: euros(sum((b) => b.openingCents)),
      in: euros(sum((b) => b.inCents)),
      out: euros(sum((b) => b.outCents)),
      closing: euros(sum((b) => b.closingCents)),
    },
    income: euros(totals.income),
    expenses: euros(totals.expenses),
    result: euros(totals.income - totals.expenses),
    surplus: totals.income >= totals.expenses,
    cheques: { count: cheques.count, amount: euros(cheques.cents) },
    latest: latest.map(shownLine),
  };
}

export const ENTRIES_PAGE_SIZE = 50;

/** The filters of `?compte=&categorie=&sens=&moyen=&q=`, as the list reads them. */
async function filterOf(params: URLSearchParams, categories: Category[]): Promise<EntryFilter> {
  const direction = params.get("sens");
  const means = params.get("moyen");
  const category = parseId(params.get("categorie"));
  return {
    year: treasuryYear(params),
    accountId: parseId(params.get("compte")),
    categoryIds: category === null ? null : withDescendants(categories, category),
    direction: TREASURY_DIRECTIONS.includes(direction as TreasuryDirection) ? (direction as TreasuryDirection) : null,
    means: TREASURY_MEANS.includes(means as TreasuryMeans) ? (means as TreasuryMeans) : null,
    q: queryText(params, "q"),
  };
}

/** /admin/tresorerie/ecritures: the year's entries that match the filters, a page at a time, and their totals. */
export async function entriesScreen(request: Request) {
  const params = queryOf(request);
  const [accounts, categories] = await Promise.all([listAccounts(), listCategories()]);
  const filter = await filterOf(params, categories);
  const totals = await entriesTotals(filter);
  const pages = pageCount(totals.count, ENTRIES_PAGE_SIZE);
  const page = Math.min(queryPage(params), pages);
  const lines = await entriesPage(filter, ENTRIES_PAGE_SIZE, (page - 1) * ENTRIES_PAGE_SIZE);
  return {
    year: filter.year,
    search: params.toString(),
    filters: {
      compte: params.get("compte") ?? "",
      categorie: params.get("categorie") ?? "",
      sens: filter.direction ?? "",
      moyen: filter.means ?? "",
      q: filter.q ?? "",
    },
    accounts: accounts.map((a) => [String(a.id), a.name] as const),
    categories: categoryGroups(categories, null),
    page,
    pages,
    count: totals.count,
    totals: {
      income: euros(totals.income),
      expenses: euros(totals.expenses),
      balance: euros(totals.income - totals.expenses),
      transfers: totals.transferCount > 0 ? { count: totals.transferCount, amount: euros(totals.transfers) } : null,
    },
    lines: lines.map(shownLine),
    done: doneMessage(params.get("fait")),
  };
}

const DONE: Record<string, string> = {
  cree: "Écriture enregistrée.",
  supprimee: "Écriture supprimée.",
};
const doneMessage = (fait: string | null) => (fait ? (own(DONE, fait) ?? null) : null);

/** What the entry form needs: the accounts, the direction's categories, today. */
async function formChoices(direction: TreasuryDirection) {
  const [accounts, categories] = await Promise.all([listAccounts(), listCategories()]);
  return {
    accounts: accounts.map((a) => [String(a.id), a.name] as const),
    categories: direction === "virement" ? [] : categoryGroups(categories, direction),
  };
}

/** /admin/tresorerie/ecritures/nouvelle?sens=: the form of an expense, an income or a transfer. */
export async function newEntryScreen(request: Request) {
  const sens = queryOf(request).get("sens");
  const direction: TreasuryDirection = TREASURY_DIRECTIONS.includes(sens as TreasuryDirection)
    ? (sens as TreasuryDirection)
    : "depense";
  const choices = await formChoices(direction);
  const first = choices.accounts[0]?.[0] ?? "";
  return {
    direction,
    ...choices,
    values: {
      direction,
      date: parisToday(),
      accountId: first,
      toAccountId: choices.accounts.find(([id]) => id !== first)?.[0] ?? "",
      means: direction === "virement" ? "virement" : "",
    },
  };
}

/** One text field and one file, at most 10 MB. */
const FORM_LIMITS = {
  maxFiles: 1,
  maxFields: 30,
  maxFileSize: MAX_DOCUMENT_BYTES,
  fileFields: ["attachment"],
  tooLargeMessage: () => documentMessages.tooLarge,
};
const TEXT_FIELDS = [
  "intent",
  "direction",
  ...ENTRY_FIELDS.filter((f) => f !== "attachment"),
  "removeAttachment",
  "confirm",
] as const;

type Refused = {
  ok: false;
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};
const refusedEntry = (
  values: Record<string, string>,
  message: string,
  errors: Record<string, string>,
  status: number,
) => data<Refused>({ ok: false, intent: values.intent ?? "", message, errors, values }, { status });

/** The invoice sent with the form, checked by content; null when none was chosen. */
async function attachmentOf(form: SubmittedForm): Promise<CheckedFile | null | { refusal: string; status: number }> {
  const upload = form.file("attachment");
  if (!upload) return null;
  try {
    return await checkDocumentFile({ path: upload.path });
  } catch (error) {
    if (error instanceof DocumentFileError) return { refusal: error.message, status: error.status };
    throw error;
  }
}

/**
 * Reads an entry's form (multipart, with its invoice): its text fields, what the schema makes of them and the file.
 * `current`: the entry's values for the fields the form shows disabled (not sent).
 */
async function readEntryForm(request: Request, current: Record<string, string> = {}) {
  let form: SubmittedForm;
  try {
    form = await readSubmittedForm(request, FORM_LIMITS);
  } catch (error) {
    if (!(error instanceof FormError)) throw error;
    const tooLarge = error.status === 413 && error.message === documentMessages.tooLarge;
    return {
      refusal: refusedEntry(
        error.fields,
        tooLarge ? entryMessages.refused : error.message,
        tooLarge ? { attachment: error.message } : {},
        error.status,
      ),
    };
  }
  try {
    const typed: Record<string, string> = {};
    for (const name of TEXT_FIELDS) {
      const value = form.get(name);
      if (value !== undefined) typed[name] = value;
    }
    if (typed.intent === "delete") return { typed, form: null, file: null };
    const parsed = entryFormSchema.safeParse({ ...current, ...typed });
    const file = await attachmentOf(form);
    const errors = parsed.success ? {} : errorsByField(parsed.error.issues);
    if (file && "refusal" in file) errors.attachment = file.refusal;
    if (!parsed.success || (file && "refusal" in file)) {
      const status = parsed.success && file && "refusal" in file ? file.status : 400;
      return { refusal: refusedEntry(typed, entryMessages.refused, errors, status) };
    }
    if (file) await storeDocumentFile(file as CheckedFile);
    return { typed, form: parsed.data, file: file as CheckedFile | null };
  } finally {
    await form.cleanup();
  }
}

/** A refusal of the book (closed year, deposited, a field): 409 or 400, on its field when it has one. */
function bookRefusal(error: unknown, typed: Record<string, string>) {
  if (!(error instanceof Refusal)) throw error;
  return error.field
    ? refusedEntry(typed, entryMessages.refused, { [error.field]: error.message }, error.status)
    : refusedEntry(typed, error.message, {}, error.status);
}

const historyTarget = (id: number) => `écriture n° ${id}`;

/** « Enregistrer »: the entry written with its history, then its page. */
export async function newEntryAction(request: Request, actor: Actor) {
  const read = await readEntryForm(request);
  if ("refusal" in read) return read.refusal;
  const { form, file, typed } = read;
  try {
    const entry = await withHistory(
      actor,
      async (tx) => {
        const created = await createEntry(tx, form!, file, actor.username);
        return { created, names: await namesOf(tx) };
      },
      ({ created, names }) => ({
        kind: created.direction === "virement" ? "tresorerie.virement" : "tresorerie.ecriture",
        target: historyTarget(created.id),
        detail:
          created.direction === "virement"
            ? `${euros(created.amountCents)} de ${names.account(created.accountId)} vers ${names.account(created.toAccountId)} : ${created.label}`
            : `${created.direction === "recette" ? "Recette" : "Dépense"} de ${euros(created.amountCents)} : ${created.label}`,
      }),
    );
    return redirect(`/admin/tresorerie/ecritures/${entry.created.id}?fait=cree`);
  } catch (error) {
    if (file) await removeUnusedDocumentFiles({ hashes: [file.hash], graceMs: 60_000 });
    return bookRefusal(error, typed);
  }
}

/** The form's values of a stored entry. */
function formValues(entry: NonNullable<Awaited<ReturnType<typeof entryDetails>>>["entry"]): Record<string, string> {
  return {
    direction: entry.direction,
    date: entry.date,
    label: entry.label,
    amount: eurosField(entry.amountCents),
    accountId: String(entry.accountId),
    toAccountId: entry.toAccountId === null ? "" : String(entry.toAccountId),
    categoryId: entry.categoryId === null ? "" : String(entry.categoryId),
    means: entry.means,
    chequeNumber: entry.chequeNumber,
    chequeBank: entry.chequeBank,
    payer: entry.payer,
    reference: entry.reference,
  };
}

/** /admin/tresorerie/ecritures/:id: the entry, what it is linked to, and what may still change. */
export async function entryScreen(request: Request, rawId: string | undefined) {
  const id = parseId(rawId);
  const found = id === null ? undefined : await entryDetails(id);
  if (!found) throw data(entryMessages.gone, { status: 404 });
  const { entry } = found;
  const [closed, choices, payment] = await Promise.all([
    isYearClosed(entry.year),
    formChoices(entry.direction),
    entry.paymentId === null
      ? undefined
      : getDb()
          .select({ id: gardenerPayments.id, feeId: gardenerPayments.feeId, gardenerId: gardenerPayments.gardenerId })
          .from(gardenerPayments)
          .where(eq(gardenerPayments.id, entry.paymentId))
          .then((rows) => rows[0]),
  ]);
  const locked = entry.depositId !== null || entry.statementId !== null || entry.toStatementId !== null;
  return {
    entry: {
      id: entry.id,
      year: entry.year,
      direction: entry.direction,
      date: formatCalendarDate(entry.date),
      label: entry.label,
      amount: signedAmount(entry.direction, entry.amountCents),
      account: found.account,
      toAccount: found.toAccount,
      category: found.category ? categoryName(found.category) : "",
      means: MEANS_LABELS[entry.means],
      chequeNumber: entry.chequeNumber,
      chequeBank: entry.chequeBank,
      payer: entry.payer,
      reference: entry.reference,
      attachment: entry.attachmentHash ? (entry.attachmentFormat === "pdf" ? "PDF" : "image JPEG") : null,
      enteredBy: entry.enteredBy,
      enteredAt: formatDateTime(entry.createdAt),
      updatedAt: entry.updatedAt.getTime() - entry.createdAt.getTime() > 1000 ? formatDateTime(entry.updatedAt) : "",
      depositedOn: found.depositedOn ? formatCalendarDate(found.depositedOn) : "",
      depositId: entry.depositId,
      statementDate: found.statementDate ? formatCalendarDate(found.statementDate) : "",
    },
    payment: payment
      ? {
          link: payment.feeId
            ? `/admin/cotisations/${payment.feeId}`
            : payment.gardenerId
              ? `/admin/jardiniers/${payment.gardenerId}`
              : null,
          fee: payment.feeId !== null,
        }
      : entry.paymentId !== null
        ? { link: null, fee: false }
        : null,
    closed,
    locked,
    fromRegister: entry.paymentId !== null,
    values: formValues(entry),
    ...choices,
    done: doneMessage(queryOf(request).get("fait")),
  };
}

/** The forms of an entry's page: « Corriger » and « Supprimer ». */
export async function entryAction(request: Request, rawId: string | undefined, actor: Actor) {
  const id = parseId(rawId);
  const found = id === null ? undefined : await entryDetails(id);
  if (!found || id === null) return refusedEntry({}, entryMessages.gone, {}, 404);
  const read = await readEntryForm(request, formValues(found.entry));
  if ("refusal" in read) return read.refusal;
  const { typed, form, file } = read;
  if (typed.intent === "delete") {
    const confirmed = entryDeleteSchema.safeParse(typed);
    if (!confirmed.success)
      return refusedEntry(typed, entryMessages.refused, errorsByField(confirmed.error.issues), 400);
    try {
      const deleted = await withHistory(
        actor,
        async (tx) => {
          // Its receipt, if any, cannot outlive it: cancelled, its number kept (refused deletions roll it back).
          await cancelReceiptOfEntry(tx, id, "écriture supprimée du livre", actor);
          const entry = await deleteEntry(tx, id);
          return entry && { entry, names: await namesOf(tx) };
        },
        (removed) =>
          removed && {
            kind: "tresorerie.ecriture-supprimee",
            target: historyTarget(id),
            detail: describedFields(removed.entry, removed.names)
              .map(([k, v]) => `${k} : ${v}`)
              .join(" ; "),
          },
      );
      if (!deleted) return refusedEntry(typed, entryMessages.gone, {}, 404);
      if (deleted.entry.attachmentHash)
        await removeUnusedDocumentFiles({ hashes: [deleted.entry.attachmentHash], graceMs: 60_000 });
      return redirect(`/admin/tresorerie/ecritures?annee=${deleted.entry.year}&fait=supprimee`);
    } catch (error) {
      return bookRefusal(error, typed);
    }
  }
  try {
    const updated = await withHistory(
      actor,
      async (tx) => {
        const result = await updateEntry(tx, id, form!, file);
        return result && { ...result, names: await namesOf(tx) };
      },
      (result) => {
        const changes = result && describeChanges(result.before, result.after, result.names);
        return changes
          ? {
              kind: "tresorerie.ecriture-modifiee" as const,
              target: historyTarget(id),
              detail: `${result.after.label} — ${changes}`,
            }
          : null;
      },
    );
    if (!updated) return refusedEntry(typed, entryMessages.gone, {}, 404);
    const old = updated.before.attachmentHash;
    if (old && old !== updated.after.attachmentHash)
      await removeUnusedDocumentFiles({ hashes: [old], graceMs: 60_000 });
    return { ok: true as const, intent: "update", message: "Écriture corrigée." };
  } catch (error) {
    if (file) await removeUnusedDocumentFiles({ hashes: [file.hash], graceMs: 60_000 });
    return bookRefusal(error, { ...typed, intent: "update" });
  }
}
