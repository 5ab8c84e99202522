import { counted } from "~/lib/text";
import { parisToday, parisYear } from "~/lib/paris-time";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { errorsByField } from "~/modules/forms/public-form";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { euros, eurosField, PAYMENT_MEANS_LABELS, type PaymentMeans } from "~/modules/plots/plots.labels";
import { feeCallFormSchema, feesPaidFormSchema } from "~/modules/plots/plots.schema";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { callFees, feeProgress, feesOf, getFeeCall, lastFeeCall, markFeesPaid, remindUnpaidFees } from "./fees.server";

/** The year of `?annee=`, or this one. */
export function feeYear(url: URL) {
  const year = Number(url.searchParams.get("annee"));
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : parisYear();
}

/** /admin/cotisations: a year's call, its fees paid and unpaid, the forms to call, tick and remind. */
export async function feesScreen(request: Request) {
  const year = feeYear(new URL(request.url));
  const [call, last, fees, progress] = await Promise.all([
    getFeeCall(year),
    lastFeeCall(),
    feesOf(year),
    feeProgress(year),
  ]);
  const base = call ?? last;
  return {
    year,
    call: call
      ? {
          date: formatDate(call.calledAt),
          by: call.calledBy,
          amounts: [euros(call.smallCents), euros(call.mediumCents), euros(call.largeCents)],
        }
      : null,
    amounts: {
      year: String(year),
      small: base ? eurosField(base.smallCents) : "",
      medium: base ? eurosField(base.mediumCents) : "",
      large: base ? eurosField(base.largeCents) : "",
    },
    progress,
    today: parisToday(),
    fees: fees.map((f) => ({
      id: f.id,
      gardenerId: f.gardenerId,
      name: f.name,
      hasEmail: f.email !== "",
      plots: f.plots,
      amount: euros(f.amountCents),
      paidOn: formatCalendarDate(f.paidOn),
      means: f.means ? (PAYMENT_MEANS_LABELS[f.means as PaymentMeans] ?? f.means) : "",
      reminded: f.remindedAt ? formatDate(f.remindedAt) : "",
    })),
  };
}

/** The forms of /admin/cotisations: « Appeler les cotisations », the ticks, « Envoyer un rappel ». */
export async function feesAction(url: URL, form: FormData, actor: Actor) {
  const year = feeYear(url);
  switch (form.get("intent")) {
    case "call": {
      const { data, refusal } = parseAdminForm(feeCallFormSchema, form, "L'appel n'a pas été envoyé :");
      if (refusal) return refusal;
      const result = await withHistory(
        actor,
        (tx) =>
          callFees(
            tx,
            data.year,
            { smallCents: data.small, mediumCents: data.medium, largeCents: data.large },
            actor.username,
          ),
        (r) =>
          r.called > 0 && {
            kind: "cotisation.appel",
            target: `cotisation ${data.year}`,
            detail: counted(r.called, "jardinier appelé", "jardiniers appelés"),
          },
      );
      if (result.called === 0)
        return doneForm("call", `Tous les jardiniers actuels ont déjà reçu l'appel à cotisation ${data.year}.`);
      return doneForm(
        "call",
        `Appel à cotisation ${data.year} : ${result.called} cotisation${result.called > 1 ? "s" : ""} à régler, ${result.mailed} e-mail${result.mailed > 1 ? "s" : ""} en cours d'envoi.`,
      );
    }
    case "paid": {
      const parsed = feesPaidFormSchema.safeParse({ ...Object.fromEntries(form), fees: form.getAll("fees") });
      if (!parsed.success) {
        // The boxes ticked come back ticked.
        const typed = new FormData();
        for (const [name, value] of form) if (name !== "fees") typed.append(name, value);
        typed.set("fees", form.getAll("fees").join(","));
        return refusedForm(typed, "Rien n'a été enregistré :", errorsByField(parsed.error.issues));
      }
      const { fees, paidOn, means } = parsed.data;
      const count = await withHistory(
        actor,
        (tx) => markFeesPaid(tx, year, fees, paidOn, means),
        (n) =>
          n > 0 && { kind: "jardinier.paiement", target: `cotisation ${year}`, detail: counted(n, "payée", "payées") },
      );
      return doneForm(
        "paid",
        `${count} cotisation${count > 1 ? "s" : ""} marquée${count > 1 ? "s" : ""} payée${count > 1 ? "s" : ""}.`,
      );
    }
    case "remind": {
      const count = await withHistory(
        actor,
        (tx) => remindUnpaidFees(tx, year),
        (n) =>
          n > 0 && {
            kind: "cotisation.relance",
            target: `cotisation ${year}`,
            detail: counted(n, "rappel", "rappels"),
          },
      );
      return doneForm(
        "remind",
        count === 0
          ? "Aucun rappel à envoyer : tout est réglé, ou l'appel ou le dernier rappel date de moins d'une semaine."
          : `${count} rappel${count > 1 ? "s" : ""} en cours d'envoi.`,
      );
    }
    default:
      return refusedForm(form, "Action inconnue.");
  }
}
