import { data as answer, redirect } from "react-router";
import { counted, de, parseId } from "~/lib/text";
import { addMonths, parisToday } from "~/lib/paris-time";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { errorsByField } from "~/modules/forms/public-form";
import { getContent } from "~/modules/content/content.server";
import { CONTENT_DEFAULTS } from "~/modules/content/content.defaults";
import { receiptLinksOf } from "~/modules/treasury/receipts.server";
import { paymentReceiptMessage } from "~/modules/treasury/receipts.labels";
import { depositDatesOfPayments } from "~/modules/treasury/deposits.server";
import { bouncedChequeAction, bouncedChequesOf } from "./bounced-cheques.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { euros, eurosField } from "~/lib/money";
import {
  feeBalance,
  feeStateText,
  isLate,
  PAYMENT_MEANS,
  PAYMENT_MEANS_LABELS,
  paymentUndoneMessage,
  type PaymentMeans,
} from "./fees.labels";
import {
  FEE_CONFIRM_MESSAGE,
  feeCallFormSchema,
  feeCancelFormSchema,
  feePaymentFormSchema,
  feeRemindFormSchema,
  feesPaidFormSchema,
  feeWaiveFormSchema,
  type FeeCallForm,
} from "./fees.schema";
import {
  allFeeRates,
  callFees,
  cancelFee,
  countRemindable,
  currentFeeYear,
  feeCallPreview,
  feesOf,
  receivedByMeans,
  sumFees,
  getFee,
  getFeeCall,
  lastFeeCall,
  printableCalls,
  remindUnpaidFees,
  waiveFee,
  type PayLink,
} from "./fees.server";
import { markFeesPaid, receivePayment, undoPayment } from "./payments.server";

/** The year of `?annee=`, or the latest one called (this one before any call). */
export async function feeYear(url: URL) {
  const year = Number(url.searchParams.get("annee"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : currentFeeYear();
}

const meansText = (list: string) =>
  list
    .split(",")
    .filter(Boolean)
    .map((m) => PAYMENT_MEANS_LABELS[m as PaymentMeans] ?? m)
    .join(", ");

/** A payment of the fee came through HelloAsso (online, or recorded by hand with that means). */
const paidOnline = (means: string) => means.split(",").includes("helloasso");

/** Something left to pay: listed to tick, and counted « à régler ». */
const owes = (f: Parameters<typeof feeBalance>[0]) => f.status !== "cancelled" && feeBalance(f).balance > 0;

/** A month after today: the due date a call proposes. */
const aMonthAfter = (today: string) => addMonths(today, 1);

/** /admin/cotisations: a year's call, its totals, its fees with their balance, and the forms. */
export async function feesScreen(request: Request) {
  const url = new URL(request.url);
  const year = await feeYear(url);
  // The settled fees are listed on demand: a year of 600 gardeners stays a light page.
  const showSettled = url.searchParams.get("reglees") === "1";
  const today = parisToday();
  const [call, last, fees, byMeans, remindable, rates] = await Promise.all([
    getFeeCall(year),
    lastFeeCall(),
    feesOf(year),
    receivedByMeans(year),
    countRemindable(year),
    allFeeRates(),
  ]);
  const base = call ?? last;
  const totals = { ...sumFees(fees), byMeans };
  return {
    year,
    call: call
      ? {
          date: formatDate(call.calledAt),
          by: call.calledBy,
          due: formatCalendarDate(call.dueOn),
          amounts: [euros(call.smallCents), euros(call.mediumCents), euros(call.largeCents)],
        }
      : null,
    amounts: {
      year: String(year),
      small: base ? eurosField(base.smallCents) : "",
      medium: base ? eurosField(base.mediumCents) : "",
      large: base ? eurosField(base.largeCents) : "",
      dueOn: call?.dueOn && call.dueOn >= today ? call.dueOn : aMonthAfter(today),
    },
    progress: {
      called: totals.owed,
      paid: totals.settled,
      online: fees.filter((f) => f.status !== "cancelled" && !owes(f) && paidOnline(f.means)).length,
    },
    settledCount: fees.filter((f) => !owes(f)).length,
    showSettled,
    remindable,
    totals: {
      called: euros(totals.called),
      received: euros(totals.received),
      byMeans: PAYMENT_MEANS.filter((m) => totals.byMeans.has(m)).map(
        (m) => [PAYMENT_MEANS_LABELS[m], euros(totals.byMeans.get(m)!)] as const,
      ),
      waived: euros(totals.waived),
      cancelled: euros(totals.cancelled),
      outstanding: euros(totals.outstanding),
      overpaid: totals.overpaid > 0 ? euros(totals.overpaid) : "",
    },
    rates: rates.map((r) => ({
      id: r.id,
      gardenerId: r.gardenerId,
      who: [r.gardener, r.plot ? `parcelle ${r.plot}` : ""].filter(Boolean).join(", ") || "Parcelle libre",
      amount: euros(r.amountCents),
      reason: r.reason,
    })),
    today,
    fees: fees
      .filter((f) => showSettled || owes(f))
      .map((f) => {
        return {
          id: f.id,
          gardenerId: f.gardenerId,
          name: f.name,
          left: f.left !== null,
          hasEmail: f.email !== "",
          plots: f.plots,
          called: euros(f.amountCents),
          owes: owes(f),
          state: feeStateText(f),
          late: isLate(f, today),
          /** A payment HelloAsso received awaits the bureau on the fee's page. */
          anomaly: f.onlineAnomaly !== "",
          due: formatCalendarDate(f.dueOn),
          reason: f.reason,
          means: meansText(f.means),
          online: paidOnline(f.means),
          reminded: f.remindedAt ? formatDate(f.remindedAt) : "",
        };
      }),
  };
}

const callAmounts = (data: FeeCallForm) => ({
  smallCents: data.small,
  mediumCents: data.medium,
  largeCents: data.large,
});

/** What the preview shows: how many, the e-mail one of them gets, those on paper, and what is missing. */
async function previewOf(data: FeeCallForm) {
  const preview = await feeCallPreview(data.year, callAmounts(data), data.dueOn);
  return {
    recipients: preview.recipients,
    mailed: preview.mailed,
    withoutEmail: preview.withoutEmail,
    mail: preview.mail && { to: preview.mail.to, subject: preview.mail.subject, text: preview.mail.text },
    missing: preview.missing,
    due: formatCalendarDate(data.dueOn),
    values: {
      year: String(data.year),
      small: eurosField(preview.amounts.smallCents),
      medium: eurosField(preview.amounts.mediumCents),
      large: eurosField(preview.amounts.largeCents),
      dueOn: data.dueOn,
    },
  };
}
export type FeeCallPreview = Awaited<ReturnType<typeof previewOf>>;

/** The call sent back with its preview, what was typed and why it did not go. */
const refusedPreview = (form: FormData, message: string, preview: FeeCallPreview, errors = {}) =>
  answer({ ...refusedForm(form, message, errors).data, preview }, { status: 409 });

/** The box « Envoyer un lien de paiement » ticked while online payment was turned off meanwhile. */
const ONLINE_OFF =
  "le paiement en ligne n'est plus actif. Décochez « Envoyer un lien de paiement », ou réactivez-le dans Trésorerie › Paramètres.";

/** What an intent of /admin/cotisations is given: the form, who acts, the year shown, the online payment's links. */
interface FeesIntent {
  form: FormData;
  actor: Actor;
  year: number;
  payLink: PayLink | null;
}

/** « Prévisualiser l'appel » and « Envoyer l'appel »: the preview, then the call for the count it showed. */
async function callIntent({ form, actor, payLink }: FeesIntent) {
  const { data, refusal } = parseAdminForm(feeCallFormSchema, form, "L'appel n'a pas été préparé :");
  if (refusal) return refusal;
  const preview = await previewOf(data);
  if (form.get("intent") === "preview") return { ok: true as const, intent: "preview", message: "", preview };
  if (preview.missing.length > 0)
    return refusedPreview(
      form,
      `L'appel n'a pas été envoyé : ${preview.missing.join(" ; ")}. Complétez les moyens de paiement dans les Paramètres.`,
      preview,
    );
  if (data.confirm !== "on")
    return refusedPreview(form, "L'appel n'a pas été envoyé :", preview, { confirm: FEE_CONFIRM_MESSAGE });
  if (data.expected !== String(preview.recipients))
    return refusedPreview(
      form,
      `L'appel n'a pas été envoyé : il concerne maintenant ${counted(preview.recipients, "jardinier", "jardiniers")}. Vérifiez l'aperçu et confirmez de nouveau.`,
      preview,
    );
  if (data.paymentLink && !payLink) return refusedPreview(form, `L'appel n'a pas été envoyé : ${ONLINE_OFF}`, preview);
  const links = data.paymentLink ? payLink! : undefined;
  const result = await withHistory(
    actor,
    (tx) => callFees(tx, data.year, callAmounts(data), data.dueOn, actor.username, undefined, links),
    (r) =>
      r.called > 0 && {
        kind: "cotisation.appel",
        target: `cotisation ${data.year}`,
        detail: `${counted(r.called, "jardinier appelé", "jardiniers appelés")}, à régler avant le ${formatCalendarDate(data.dueOn)}${links && r.mailed > 0 ? ", avec un lien de paiement en ligne" : ""}`,
      },
  );
  if (result.called === 0)
    return doneForm("call", `Tous les jardiniers actuels ont déjà reçu l'appel à cotisation ${data.year}.`);
  return {
    ...doneForm(
      "call",
      `Appel à cotisation ${data.year} : ${counted(result.called, "cotisation appelée", "cotisations appelées")}, ${counted(result.mailed, "e-mail en cours d'envoi", "e-mails en cours d'envoi")}${links && result.mailed > 0 ? ", chacun avec son lien de paiement en ligne" : ""}.`,
    ),
    withoutEmail: result.withoutEmail,
  };
}

/** « Marquer comme réglées »: the fees ticked, paid in full on one day by one means. */
async function paidIntent({ form, actor, year }: FeesIntent) {
  const parsed = feesPaidFormSchema.safeParse({ ...Object.fromEntries(form), fees: form.getAll("fees") });
  if (!parsed.success) {
    // The boxes ticked come back ticked.
    const typed = new FormData();
    for (const [name, value] of form) if (name !== "fees") typed.append(name, value);
    typed.set("fees", form.getAll("fees").join(","));
    return refusedForm(typed, "Rien n'a été enregistré :", errorsByField(parsed.error.issues));
  }
  const { fees, paidOn, means } = parsed.data;
  let count;
  try {
    count = await withHistory(
      actor,
      (tx) => markFeesPaid(tx, year, fees, paidOn, means, actor),
      (n) =>
        n > 0 && {
          kind: "jardinier.paiement",
          target: `cotisation ${year}`,
          detail: `${counted(n, "réglée", "réglées")} (${PAYMENT_MEANS_LABELS[means]})`,
        },
    );
  } catch (error) {
    return refusedBy(form, error);
  }
  return doneForm("paid", `${counted(count, "cotisation réglée", "cotisations réglées")} en entier.`);
}

/** « Envoyer les rappels »: to those late, at most once a week each. */
async function remindIntent({ form, actor, year, payLink }: FeesIntent) {
  const { data, refusal } = parseAdminForm(feeRemindFormSchema, form, "Aucun rappel n'a été envoyé :");
  if (refusal) return refusal;
  if (data.paymentLink && !payLink) return refusedForm(form, `Aucun rappel n'a été envoyé : ${ONLINE_OFF}`, {}, 409);
  const links = data.paymentLink ? payLink! : undefined;
  const count = await withHistory(
    actor,
    (tx) => remindUnpaidFees(tx, year, undefined, links),
    (n) =>
      n > 0 && {
        kind: "cotisation.relance",
        target: `cotisation ${year}`,
        detail: `${counted(n, "rappel", "rappels")}${links ? ", avec un lien de paiement en ligne" : ""}`,
      },
  );
  return doneForm(
    "remind",
    count === 0
      ? "Aucun rappel à envoyer : personne n'est en retard, ou le dernier rappel date de moins d'une semaine."
      : `${counted(count, "rappel", "rappels")} en cours d'envoi${links ? ", chacun avec son lien de paiement en ligne" : ""}.`,
  );
}

const FEES_INTENTS = { preview: callIntent, call: callIntent, paid: paidIntent, remind: remindIntent };
/** Every answer of the intents, kept whole (a union of the handlers' results would drop the call's extra fields). */
type FeesResult =
  | Awaited<ReturnType<typeof callIntent>>
  | Awaited<ReturnType<typeof paidIntent>>
  | Awaited<ReturnType<typeof remindIntent>>;

/**
 * The forms of /admin/cotisations, one handler per intent (`FEES_INTENTS`): the call's preview and its sending, the
 * ticks, « Envoyer un rappel ». `payLink` is how a fee's link to pay online is made while online payment is on (null
 * otherwise).
 */
export async function feesAction(
  url: URL,
  form: FormData,
  actor: Actor,
  payLink: PayLink | null = null,
): Promise<FeesResult | ReturnType<typeof refusedForm>> {
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(FEES_INTENTS, intent)) return refusedForm(form, "Action inconnue.");
  const year = await feeYear(url);
  return FEES_INTENTS[intent as keyof typeof FEES_INTENTS]({ form, actor, year, payLink });
}

async function feeOf(idParam: string | undefined) {
  const fee = await getFee(parseId(idParam) ?? 0);
  if (!fee) throw redirect("/admin/cotisations");
  return fee;
}

/** /admin/cotisations/:id: one fee, its payments and balance, and the forms to pay, waive or cancel it. */
export async function feeScreen(idParam: string | undefined) {
  const fee = await feeOf(idParam);
  const today = parisToday();
  const paymentIds = fee.payments.map((p) => p.id);
  const [receipts, deposited, bounced] = await Promise.all([
    receiptLinksOf(paymentIds),
    depositDatesOfPayments(paymentIds),
    bouncedChequesOf({ feeId: fee.id }),
  ]);
  const { owed, balance } = feeBalance(fee);
  return {
    fee: {
      id: fee.id,
      year: fee.year,
      gardenerId: fee.gardenerId,
      name: fee.name,
      left: fee.left !== null,
      called: euros(fee.amountCents),
      owed: euros(owed),
      paid: euros(fee.paidCents),
      state: feeStateText(fee),
      status: fee.status,
      late: isLate(fee, today),
      due: formatCalendarDate(fee.dueOn),
      rate: fee.rate,
      reason: fee.reason,
      calledOn: fee.calledAt ? formatDate(fee.calledAt) : "",
      reminded: fee.remindedAt ? formatDate(fee.remindedAt) : "",
      balanceField: balance > 0 ? eurosField(balance) : "",
      owedField: eurosField(owed),
      hasEmail: fee.email !== "",
    },
    payments: fee.payments.map((p) => ({
      id: p.id,
      amount: euros(p.amountCents),
      paidOn: formatCalendarDate(p.paidOn),
      means: meansText(p.means ?? ""),
      reference: p.reference,
      receipt: receipts.get(p.id) ?? null,
      /** A cheque in a deposit: « Chèque impayé » rather than « Annuler ce paiement ». */
      depositedOn: p.means === "cheque" && deposited.has(p.id) ? formatCalendarDate(deposited.get(p.id)!) : null,
    })),
    bounced,
    today,
  };
}

/** The forms of a fee's page: a payment (whole or partial), undoing one, « Exonérer », « Annuler l'appel ». */
export async function feeAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const fee = await feeOf(idParam);
  const target = `cotisation ${fee.year} ${de(fee.name)}`;
  switch (form.get("intent")) {
    case "pay": {
      const { data, refusal } = parseAdminForm(feePaymentFormSchema, form, "Le paiement n'a pas été enregistré :");
      if (refusal) return refusal;
      let paid;
      try {
        paid = await withHistory(
          actor,
          (tx) =>
            receivePayment(tx, { feeId: fee.id }, { ...data, amountCents: data.amount }, actor, {
              receipt: data.sendReceipt === "on",
            }),
          () => ({
            kind: "jardinier.paiement",
            target,
            detail: `${euros(data.amount)} (${PAYMENT_MEANS_LABELS[data.means]})`,
          }),
        );
      } catch (error) {
        return refusedBy(form, error);
      }
      if (!paid) return refusedForm(form, "Cette cotisation n'existe plus.", {}, 404);
      const { balance } = feeBalance({ ...fee, paidCents: fee.paidCents + data.amount });
      const receipt = paid.receipt ? ` ${paymentReceiptMessage(paid.receipt)}` : "";
      return doneForm(
        "pay",
        `Paiement enregistré : ${euros(data.amount)}. ${balance > 0 ? `Reste ${euros(balance)}.` : balance < 0 ? `Trop-perçu ${euros(-balance)}.` : "La cotisation est réglée."}${receipt}`,
      );
    }
    case "undo-payment": {
      let undone;
      try {
        undone = await withHistory(
          actor,
          async (tx) => {
            const payment = fee.payments.find((p) => p.id === parseId(form.get("paymentId")));
            return payment
              ? undoPayment(tx, payment.id, undefined, { actor, reason: "paiement annulé par le bureau" })
              : undefined;
          },
          (row) => row && { kind: "jardinier.paiement-annule", target, detail: euros(row.amountCents) },
        );
      } catch (error) {
        return refusedBy(form, error);
      }
      if (!undone) return refusedForm(form, "Ce paiement n'existe plus.", {}, 404);
      return doneForm("undo-payment", paymentUndoneMessage(undone.receipt));
    }
    case "bounced-cheque":
      return bouncedChequeAction(form, { feeId: fee.id }, actor, target);
    case "waive": {
      const { data, refusal } = parseAdminForm(feeWaiveFormSchema, form, "L'exonération n'a pas été enregistrée :");
      if (refusal) return refusal;
      // What is left to pay without a waiver: the call less what was paid.
      const unpaid = fee.amountCents - fee.paidCents;
      if (fee.status !== "cancelled" && unpaid <= 0)
        return refusedForm(form, "Cette cotisation est déjà réglée : rien à exonérer.", {}, 409);
      if (data.remaining > unpaid)
        return refusedForm(form, "L'exonération n'a pas été enregistrée :", {
          remaining: `Indiquez au plus ce qui reste à payer sans exonération, ${euros(unpaid)}.`,
        });
      const waived = await withHistory(
        actor,
        (tx) => waiveFee(tx, fee.id, data.remaining, data.reason),
        (row) =>
          row && {
            kind: "cotisation.exoneration",
            target,
            detail: `${euros(row.waivedCents)} exonérés, reste à payer ${euros(data.remaining)} : ${data.reason}`,
          },
      );
      if (!waived) return refusedForm(form, "Cette cotisation est annulée : rien à exonérer.", {}, 409);
      return doneForm(
        "waive",
        data.remaining === 0
          ? `Exonération enregistrée : ${euros(waived.waivedCents)} exonérés, plus rien à payer.`
          : `Exonération enregistrée : ${euros(waived.waivedCents)} exonérés, ${euros(data.remaining)} restent à payer.`,
      );
    }
    case "cancel": {
      const { data, refusal } = parseAdminForm(feeCancelFormSchema, form, "L'appel n'a pas été annulé :");
      if (refusal) return refusal;
      const cancelled = await withHistory(
        actor,
        (tx) => cancelFee(tx, fee.id, data.reason),
        (row) => row && { kind: "cotisation.annulation", target, detail: data.reason },
      );
      if (!cancelled) return refusedForm(form, "Cette cotisation est déjà annulée.", {}, 409);
      return doneForm("cancel", "Appel annulé : rien n'est plus dû pour cette cotisation.");
    }
    default:
      return refusedForm(form, "Action inconnue.");
  }
}

/** The printable calls of `?annee=`: one letter each, with the association as sender. */
export async function feesPrintScreen(request: Request) {
  const year = await feeYear(new URL(request.url));
  const [letters, content] = await Promise.all([printableCalls(year), getContent()]);
  return {
    year,
    letters,
    sender: [content?.nomAssociation || CONTENT_DEFAULTS.nomAssociation, content?.adresse ?? ""]
      .filter(Boolean)
      .join("\n"),
    printedOn: formatCalendarDate(parisToday()),
  };
}
