import { data, redirect } from "react-router";
import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import { cleanText, parseId } from "~/lib/text";
import { parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { getContent } from "~/modules/content/content.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import type { Actor } from "~/modules/history/history.server";
import { CHEQUE_BANK_MAX, CHEQUE_NUMBER_MAX, depositFormInput, depositFormSchema } from "./deposits.schema";
import {
  bankAccounts,
  cancelDeposit,
  chequesToDeposit,
  createDeposit,
  depositSummary,
  getDeposit,
  listDeposits,
} from "./deposits.server";

// The screens of cheque deposits: /admin/tresorerie/remises (to deposit, and the deposits made), one deposit, its slip.

const DEPOSIT_REFUSED = "La remise n'a pas été créée. Corrigez les champs indiqués.";

/** /admin/tresorerie/remises: the cheques to deposit, the form's defaults, and the deposits made. */
export async function depositsScreen(request: Request) {
  const [cheques, accounts, deposits] = await Promise.all([chequesToDeposit(), bankAccounts(), listDeposits()]);
  const done = new URL(request.url).searchParams.get("fait");
  return {
    notice: done === "annulee" ? "Remise annulée : ses chèques sont de nouveau à remettre." : null,
    cheques: cheques.map((c) => ({
      id: c.id,
      date: formatCalendarDate(c.date),
      payer: c.payer,
      label: c.label,
      amount: euros(c.amountCents),
    })),
    /** What the number and bank fields show before anything is typed. */
    values: Object.fromEntries(
      cheques.flatMap((c) => [
        [`numero-${c.id}`, c.chequeNumber],
        [`banque-${c.id}`, c.chequeBank],
      ]),
    ),
    accounts: accounts.map((a) => [String(a.id), a.name] as const),
    defaults: { accountId: accounts[0] ? String(accounts[0].id) : "", depositedOn: parisToday() },
    deposits: deposits.map((d) => ({
      id: d.id,
      date: formatCalendarDate(d.depositedOn),
      account: d.account,
      summary: depositSummary(d.count, d.totalCents),
    })),
  };
}

/** Each ticked cheque's number (required on the slip) and bank, trimmed, with the message of a field in error. */
function chequeDetails(ids: number[], numbers: Record<string, string>, banks: Record<string, string>) {
  const errors: Record<string, string> = {};
  const cheques = ids.map((id) => {
    const chequeNumber = cleanText(numbers[id] ?? "").trim();
    const chequeBank = cleanText(banks[id] ?? "").trim();
    if (!chequeNumber) errors[`numero-${id}`] = "Indiquez le numéro du chèque : il figure sur le bordereau.";
    else if (chequeNumber.length > CHEQUE_NUMBER_MAX)
      errors[`numero-${id}`] = `Le numéro du chèque tient en ${CHEQUE_NUMBER_MAX} caractères au plus.`;
    if (chequeBank.length > CHEQUE_BANK_MAX)
      errors[`banque-${id}`] = `Le nom de la banque tient en ${CHEQUE_BANK_MAX} caractères au plus.`;
    return { id, chequeNumber, chequeBank };
  });
  return { cheques, errors };
}

/** « Créer la remise »: checked with the form's schema, written in one transaction, then the deposit's page. */
export async function depositsAction(form: FormData, actor: Actor) {
  if (form.get("intent") !== "deposit") return refusedForm(form, "Action inconnue.", {}, 400);
  const parsed = parseAdminForm(depositFormSchema, form, DEPOSIT_REFUSED, depositFormInput(form));
  if (parsed.refusal) return parsed.refusal;
  const { cheques, errors } = chequeDetails(parsed.data.cheques, parsed.data.numbers, parsed.data.banks);
  if (Object.keys(errors).length > 0) return refusedForm(form, DEPOSIT_REFUSED, errors);
  try {
    const done = await createDeposit(actor, {
      accountId: parsed.data.accountId,
      depositedOn: parsed.data.depositedOn,
      cheques,
    });
    return redirect(`/admin/tresorerie/remises/${done.deposit.id}?fait=remise`);
  } catch (error) {
    return refusedBy(form, error);
  }
}

async function depositOr404(id: string | undefined) {
  const depositId = parseId(id);
  const deposit = depositId === null ? undefined : await getDeposit(depositId);
  if (!deposit) throw data("Cette remise n'existe pas, ou elle a été annulée.", { status: 404 });
  return deposit;
}

/** What the deposit's page and its slip show: the cheques, their count and total (the sum of the lines). */
function depositView(deposit: NonNullable<Awaited<ReturnType<typeof getDeposit>>>) {
  return {
    id: deposit.deposit.id,
    date: formatCalendarDate(deposit.deposit.depositedOn),
    account: deposit.account.name,
    summary: depositSummary(deposit.cheques.length, deposit.totalCents),
    count: deposit.cheques.length,
    total: euros(deposit.totalCents),
    cheques: deposit.cheques.map((c) => ({
      id: c.id,
      date: formatCalendarDate(c.date),
      number: c.chequeNumber,
      bank: c.chequeBank,
      payer: c.payer,
      label: c.label,
      amount: euros(c.amountCents),
    })),
  };
}

/** /admin/tresorerie/remises/:id: the deposit, and whether it can still be cancelled. */
export async function depositScreen(request: Request, id: string | undefined) {
  const deposit = await depositOr404(id);
  const done = new URL(request.url).searchParams.get("fait") === "remise";
  const view = depositView(deposit);
  return {
    ...view,
    notice: done ? `Remise enregistrée : ${view.summary}. Imprimez le bordereau pour la banque.` : null,
    locked: deposit.locked,
  };
}

/** « Annuler la remise ». */
export async function depositAction(id: string | undefined, form: FormData, actor: Actor) {
  const depositId = parseId(id);
  if (form.get("intent") !== "cancel" || depositId === null) return refusedForm(form, "Action inconnue.", {}, 400);
  try {
    await cancelDeposit(actor, depositId);
  } catch (error) {
    return refusedBy(form, error);
  }
  return redirect("/admin/tresorerie/remises?fait=annulee");
}

/** /admin/tresorerie/remises/:id/bordereau: the slip, with the association's name and address and the account's IBAN. */
export async function depositSlipScreen(id: string | undefined) {
  const [deposit, content] = await Promise.all([depositOr404(id), getContent()]);
  return {
    ...depositView(deposit),
    association: content?.nomAssociation || CONTENT_DEFAULTS.nomAssociation,
    address: content?.adresse ?? "",
    // The bank reads the account to credit from the slip: its IBAN, when the treasurer gave it.
    iban: deposit.account.iban,
  };
}
