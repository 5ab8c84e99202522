import { formatCalendarDate } from "~/lib/dates";
import { euros } from "~/lib/money";
import { parisToday } from "~/lib/paris-time";
import { counted, parseId } from "~/lib/text";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import type { Actor } from "~/modules/history/history.server";
import { bankAccounts } from "./deposits.server";
import { payoutFormInput, payoutFormSchema } from "./payouts.schema";
import { cancelPayout, listPayouts, paymentsAwaitingPayout, recordPayout } from "./payouts.server";

// The screen of HelloAsso's payouts: /admin/tresorerie/helloasso.

const PAYOUT_REFUSED = "Le versement n'a pas été enregistré. Corrigez les champs indiqués.";

/** /admin/tresorerie/helloasso: what HelloAsso still owes, payment by payment, the form, and the payouts recorded. */
export async function payoutsScreen() {
  const [waiting, accounts, payouts] = await Promise.all([paymentsAwaitingPayout(), bankAccounts(), listPayouts()]);
  return {
    owed: euros(waiting.reduce((sum, p) => sum + p.amountCents, 0)),
    waiting: waiting.map((p) => ({
      id: p.id,
      date: formatCalendarDate(p.date),
      label: p.label,
      payer: p.payer,
      reference: p.reference,
      amount: euros(p.amountCents),
    })),
    accounts: accounts.map((a) => [String(a.id), a.name] as const),
    defaults: { accountId: accounts[0] ? String(accounts[0].id) : "", paidOn: parisToday(), fees: "" },
    payouts: payouts.map((p) => ({
      id: p.id,
      date: formatCalendarDate(p.date),
      bank: p.bank,
      summary: `${counted(p.count, "paiement", "paiements")}, ${euros(p.amountCents)} versés${
        p.feesCents > 0 ? ` (frais retenus : ${euros(p.feesCents)})` : ""
      }`,
      ticked: p.ticked,
    })),
  };
}

/** « Enregistrer le versement » and « Annuler ce versement ». */
export async function payoutsAction(form: FormData, actor: Actor) {
  switch (form.get("intent")) {
    case "payout": {
      const { data, refusal } = parseAdminForm(payoutFormSchema, form, PAYOUT_REFUSED, payoutFormInput(form));
      if (refusal) return refusal;
      const { accountId, paidOn, fees, payments } = data;
      try {
        const done = await recordPayout(actor, {
          accountId,
          paidOn,
          entryIds: payments,
          feesCents: typeof fees === "number" ? fees : 0,
        });
        return doneForm(
          "payout",
          `Versement enregistré : ${counted(done.count, "paiement", "paiements")}, ${euros(done.transfer.amountCents)} sur ${done.bank} le ${formatCalendarDate(done.transfer.date)}. Pointez-le sur le relevé bancaire.`,
        );
      } catch (error) {
        return refusedBy(form, error);
      }
    }
    case "cancel-payout": {
      try {
        const done = await cancelPayout(actor, parseId(form.get("payoutId")) ?? 0);
        if (!done) return refusedForm(form, "Ce versement n'existe plus.", {}, 404);
        return doneForm(
          "cancel-payout",
          `Versement annulé : ${counted(done.count, "paiement", "paiements")} de nouveau à recevoir.`,
        );
      } catch (error) {
        return refusedBy(form, error);
      }
    }
    default:
      return refusedForm(form, "Action inconnue.");
  }
}
