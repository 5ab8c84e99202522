import { data, redirect } from "react-router";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { euros, eurosField } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import { counted, parseId } from "~/lib/text";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { CsvUploadError } from "~/modules/forms/csv-upload.server";
import type { Actor } from "~/modules/history/history.server";
import { isOfx, parseBankCsv, parseBankOfx, suggestTicks } from "./statement-import.server";
import { ACCOUNT_KIND_LABELS, DIRECTION_LABELS, MEANS_LABELS } from "./treasury.labels";
import { formTicks, statementBalanceFormSchema, statementFormSchema } from "./reconciliation.schema";
import {
  changeStatementBalance,
  createStatement,
  isReceivedCheque,
  reconcilableAccounts,
  saveTicks,
  statementDetail,
  statementsOf,
  validateStatement,
} from "./reconciliation.server";

// The screens of bank reconciliation: /admin/tresorerie/rapprochement (an account's statements, a new one) and one
// statement (its entries to tick, the difference, the validation).

/** « Écart : 12,40 € ». */
export const differenceLabel = (cents: number) => `Écart : ${euros(cents)}`;

/** /admin/tresorerie/rapprochement?compte=: the accounts to choose from, the chosen one's statements, the form. */
export async function reconciliationScreen(request: Request) {
  const accounts = await reconcilableAccounts();
  const asked = parseId(new URL(request.url).searchParams.get("compte"));
  const account = accounts.find((a) => a.id === asked) ?? accounts[0];
  const statements = account ? await statementsOf(account.id) : [];
  return {
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, kind: ACCOUNT_KIND_LABELS[a.kind] })),
    account: account ? { id: account.id, name: account.name } : null,
    statements: statements.map((st) => ({
      id: st.id,
      date: formatCalendarDate(st.statementDate),
      balance: euros(st.balanceCents),
      state: st.closedAt ? `rapproché le ${formatDate(st.closedAt)}` : "en cours",
      open: st.closedAt === null,
    })),
    defaults: { accountId: account ? String(account.id) : "", statementDate: parisToday(), balance: "" },
  };
}

const STATEMENT_REFUSED = "Le relevé n'a pas été ajouté. Corrigez les champs indiqués.";

function refusal(form: FormData, error: unknown) {
  return refusedBy(form, error);
}

/** « Nouveau relevé »: then its page, to tick its entries. */
export async function reconciliationAction(form: FormData, actor: Actor) {
  if (form.get("intent") !== "statement") return refusedForm(form, "Action inconnue.", {}, 400);
  const { data: input, refusal: refused } = parseAdminForm(statementFormSchema, form, STATEMENT_REFUSED);
  if (refused) return refused;
  try {
    const { statement } = await createStatement(actor, {
      accountId: input.accountId,
      statementDate: input.statementDate,
      balanceCents: input.balance,
    });
    return redirect(`/admin/tresorerie/rapprochement/${statement.id}`);
  } catch (error) {
    return refusal(form, error);
  }
}

async function detailOr404(id: string | undefined) {
  const statementId = parseId(id);
  const detail = statementId === null ? undefined : await statementDetail(statementId);
  if (!detail) throw data("Ce relevé n'existe pas.", { status: 404 });
  return detail;
}

type Detail = NonNullable<Awaited<ReturnType<typeof statementDetail>>>;

/**
 * The lines to tick, by date: an entry each, but a deposit of cheques as one line of its total on its date, as the bank
 * shows it (its box ticks all its cheques).
 */
function statementLines(lines: Detail["lines"]) {
  const deposits = new Map<number, { on: string; cents: number; count: number; ticked: boolean }>();
  const shown: { name: string; on: string; label: string; detail: string; cents: number; ticked: boolean }[] = [];
  for (const { entry, cents, ticked } of lines) {
    if (isReceivedCheque(entry) && entry.depositId !== null && entry.depositedOn) {
      const deposit = deposits.get(entry.depositId);
      if (deposit)
        Object.assign(deposit, {
          cents: deposit.cents + cents,
          count: deposit.count + 1,
          ticked: deposit.ticked && ticked,
        });
      else deposits.set(entry.depositId, { on: entry.depositedOn, cents, count: 1, ticked });
      continue;
    }
    shown.push({
      name: `entry-${entry.id}`,
      on: entry.date,
      label: entry.label,
      detail: [
        entry.direction === "virement" ? DIRECTION_LABELS.virement : MEANS_LABELS[entry.means],
        entry.chequeNumber ? `n° ${entry.chequeNumber}` : "",
        entry.payer,
      ]
        .filter(Boolean)
        .join(" · "),
      cents,
      ticked,
    });
  }
  for (const [id, deposit] of deposits)
    shown.push({
      name: `remise-${id}`,
      on: deposit.on,
      label: `Remise de chèques du ${formatCalendarDate(deposit.on)}`,
      detail: counted(deposit.count, "chèque", "chèques"),
      cents: deposit.cents,
      ticked: deposit.ticked,
    });
  return shown
    .sort((a, b) => a.on.localeCompare(b.on))
    .map((line) => ({ ...line, date: formatCalendarDate(line.on), amount: euros(line.cents) }));
}

/** /admin/tresorerie/rapprochement/:id: the statement, its entries to tick with their signed amounts, the figures. */
export async function statementScreen(id: string | undefined) {
  const detail = await detailOr404(id);
  const { statement, account } = detail;
  return {
    id: statement.id,
    accountId: account.id,
    account: account.name,
    date: formatCalendarDate(statement.statementDate),
    open: statement.closedAt === null,
    closedOn: statement.closedAt ? formatDate(statement.closedAt) : "",
    balanceCents: statement.balanceCents,
    balance: euros(statement.balanceCents),
    balanceField: `${statement.balanceCents < 0 ? "-" : ""}${eurosField(Math.abs(statement.balanceCents))}`,
    beforeCents: detail.beforeCents,
    before: euros(detail.beforeCents),
    reconciled: euros(detail.reconciledCents),
    differenceCents: detail.differenceCents,
    difference: differenceLabel(detail.differenceCents),
    lines: statementLines(detail.lines),
  };
}

/** « Enregistrer les pointages », « Valider le rapprochement », « Corriger le solde ». */
export async function statementAction(id: string | undefined, form: FormData, actor: Actor) {
  const statementId = parseId(id);
  if (statementId === null) throw data("Ce relevé n'existe pas.", { status: 404 });
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "ticks") {
      const done = await saveTicks(actor, statementId, formTicks(form));
      return doneForm(
        intent,
        done.differenceCents === 0
          ? "Pointages enregistrés : l'écart est nul, vous pouvez valider le rapprochement."
          : `Pointages enregistrés. ${differenceLabel(done.differenceCents)}.`,
      );
    }
    if (intent === "validate") {
      await validateStatement(actor, statementId, formTicks(form));
      return doneForm(intent, "Rapprochement validé : les écritures pointées sur ce relevé ne changent plus.");
    }
    if (intent === "import") {
      const text = String(form.get("file") ?? "");
      form.delete("file");
      let bank;
      try {
        bank = isOfx(text) ? parseBankOfx(text) : parseBankCsv(text);
      } catch (error) {
        if (error instanceof CsvUploadError) return refusedForm(form, error.message, { file: error.message }, 400);
        throw error;
      }
      const detail = await detailOr404(id);
      const { suggested, unmatched } = suggestTicks(bank.lines, statementLines(detail.lines));
      const found = counted(suggested.length, "ligne du relevé retrouvée", "lignes du relevé retrouvées");
      const left = bank.skipped.length;
      return {
        ...doneForm(
          intent,
          `${found} dans le livre : ${suggested.length > 0 ? "leurs cases sont cochées, vérifiez-les puis enregistrez les pointages" : "aucune case cochée"}.${
            unmatched.length > 0
              ? ` ${counted(unmatched.length, "ligne", "lignes")} sans écriture correspondante, listée${unmatched.length > 1 ? "s" : ""} sous le pointage.`
              : ""
          }${left > 0 ? ` ${counted(left, "ligne laissée", "lignes laissées")} de côté (soldes, totaux), listée${left > 1 ? "s" : ""} sous le pointage.` : ""}`,
        ),
        suggested,
        skipped: bank.skipped,
        unmatched: unmatched.map((line) => ({
          date: formatCalendarDate(line.on),
          label: line.label,
          amount: euros(line.cents),
        })),
      };
    }
    if (intent === "balance") {
      const { data: input, refusal: refused } = parseAdminForm(
        statementBalanceFormSchema,
        form,
        "Le solde n'a pas été corrigé.",
      );
      if (refused) return refused;
      await changeStatementBalance(actor, statementId, input.balance);
      return doneForm(intent, "Solde du relevé corrigé.");
    }
  } catch (error) {
    return refusal(form, error);
  }
  return refusedForm(form, "Action inconnue.", {}, 400);
}
