import { formatCalendarDate, formatDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { redirect } from "react-router";
import { parseId } from "~/lib/text";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { ofSite } from "./plots.labels";
import {
  roundAdditionSchema,
  roundCorrectionSchema,
  roundDeletionSchema,
  warningWithdrawalSchema,
  inspectionFormSchema,
} from "./inspections.schema";
import { getSite } from "./plots.server";
import { assertSiteAccess } from "./access.server";
import type { AccountAccess } from "~/modules/auth/roles";
import {
  addToRound,
  correctRound,
  deleteRound,
  getRound,
  inspectionSheet,
  RoundCorrectionError,
  RoundExistsError,
  roundsOf,
  saveInspectionRound,
  StaleRoundFormError,
  withdrawWarning,
} from "./inspections.server";

async function siteOf(idParam: string | undefined, access: AccountAccess) {
  const site = await getSite(parseId(idParam) ?? 0);
  if (!site) throw redirect("/admin/parcelles");
  assertSiteAccess(access, site.id);
  return site;
}

const warningsText = (n: number) => (n === 0 ? "aucun avertissement" : `${n} avertissement${n > 1 ? "s" : ""}`);
const roundPath = (siteId: number, roundId: number) => `/admin/parcelles/jardins/${siteId}/visites/${roundId}`;

/** /admin/parcelles/jardins/:id/visite: the plots held today to mark, and the past rounds. */
export async function inspectionScreen(idParam: string | undefined, actor: Actor, access: AccountAccess) {
  const site = await siteOf(idParam, access);
  const today = parisToday();
  const [sheet, rounds] = await Promise.all([inspectionSheet(site.id, today), roundsOf(site.id)]);
  return {
    role: access.role,
    site: { id: site.id, name: site.name },
    plots: sheet.map((p) => ({
      id: p.id,
      number: p.number,
      holder: p.holder.name,
      hasEmail: Boolean(p.holder.email),
      warnings: p.warnings,
    })),
    rounds: rounds.map((r) => ({
      ...r,
      day: r.date,
      date: formatCalendarDate(r.date),
      href: roundPath(site.id, r.id),
    })),
    defaults: { date: today, inspector: actor.username },
  };
}

/**
 * « Enregistrer la visite »: the whole round at once, or the form back with its messages and what was typed. A
 * round of that day already saved is not replaced: the answer leads to it, to add the forgotten plot there.
 */
export async function inspectionAction(
  idParam: string | undefined,
  form: FormData,
  actor: Actor,
  access: AccountAccess,
) {
  const site = await siteOf(idParam, access);
  // The form lists the plots held today; each mark is written with the plot's holder of the visit's day, and a
  // plot nobody held that day is left out (saveInspectionRound).
  const listed = (await inspectionSheet(site.id, parisToday())).map((p) => p.id);
  const parsed = parseAdminForm(inspectionFormSchema(listed), form, "La visite n'a pas été enregistrée :");
  if (parsed.refusal) return parsed.refusal;
  let saved;
  try {
    saved = await withHistory(
      actor,
      (tx) => saveInspectionRound(tx, site.id, parsed.data),
      (r) =>
        r && {
          kind: "visite.enregistrement",
          target: `visite du ${formatCalendarDate(parsed.data.date)} ${ofSite(site.name)}`,
          detail: warningsText(r.warnings),
        },
    );
  } catch (error) {
    // The screen links the refusal to the round of that day (in its list of rounds).
    if (error instanceof RoundExistsError)
      return refusedForm(
        form,
        `Une visite du ${formatCalendarDate(parsed.data.date)} est déjà enregistrée pour ce jardin : ouvrez-la pour la corriger ou y ajouter une parcelle oubliée.`,
        {},
        409,
      );
    throw error;
  }
  if (!saved) throw redirect("/admin/parcelles");
  const mails =
    saved.mails > 0 ? `, ${saved.mails} e-mail${saved.mails > 1 ? "s" : ""} envoyé${saved.mails > 1 ? "s" : ""}` : "";
  return {
    ok: true as const,
    intent: "inspection",
    message: `Visite enregistrée : ${warningsText(saved.warnings)}${mails}.`,
  };
}

async function roundOf(siteIdParam: string | undefined, roundIdParam: string | undefined, access: AccountAccess) {
  const site = await siteOf(siteIdParam, access);
  const found = await getRound(site.id, parseId(roundIdParam) ?? 0);
  if (!found) throw redirect(`/admin/parcelles/jardins/${site.id}/visite`);
  return { site, ...found };
}

/** /admin/parcelles/jardins/:id/visites/:roundId: a saved round, its marks, and what can still be corrected. */
export async function roundScreen(
  siteIdParam: string | undefined,
  roundIdParam: string | undefined,
  access: AccountAccess,
) {
  const { site, round, marks, addable } = await roundOf(siteIdParam, roundIdParam, access);
  const values: Record<string, string> = { token: round.formToken, inspector: round.inspector };
  for (const { mark } of marks) {
    values[`resultat_${mark.id}`] = mark.result;
    values[`remarque_${mark.id}`] = mark.note;
  }
  return {
    role: access.role,
    site: { id: site.id, name: site.name },
    round: { id: round.id, date: formatCalendarDate(round.date), inspector: round.inspector, token: round.formToken },
    marks: marks.map(({ mark, plotNumber, holder }) => ({
      id: mark.id,
      plotId: mark.plotId,
      number: plotNumber,
      holder: holder?.name ?? null,
      hasEmail: Boolean(holder?.email),
      result: mark.result,
      note: mark.note,
      mailed: mark.mailQueuedAt !== null,
      withdrawn: mark.withdrawnAt
        ? { on: formatDate(mark.withdrawnAt), by: mark.withdrawnBy ?? "", reason: mark.withdrawalReason ?? "" }
        : null,
    })),
    addable: addable.map((p) => ({
      id: p.id,
      number: p.number,
      holder: p.holder.name,
      hasEmail: Boolean(p.holder.email),
    })),
    values,
  };
}

/** The round's forms: « Corriger la visite », « Ajouter la parcelle », « Retirer l'avertissement », « Supprimer ». */
export async function roundAction(
  siteIdParam: string | undefined,
  roundIdParam: string | undefined,
  form: FormData,
  actor: Actor,
  access: AccountAccess,
) {
  const { site, round, marks } = await roundOf(siteIdParam, roundIdParam, access);
  const target = `visite du ${formatCalendarDate(round.date)} ${ofSite(site.name)}`;
  const intent = String(form.get("intent") ?? "");
  try {
    switch (intent) {
      case "correct": {
        const open = marks.filter((m) => !m.mark.withdrawnAt).map((m) => m.mark.id);
        const { data, refusal } = parseAdminForm(roundCorrectionSchema(open), form, "La visite n'a pas été corrigée :");
        if (refusal) return refusal;
        const done = await withHistory(
          actor,
          (tx) => correctRound(tx, site.id, round.id, data),
          (r) => r && r.changes.length > 0 && { kind: "visite.correction", target, detail: r.changes.join(", ") },
        );
        if (!done) break;
        if (done.changes.length === 0) return doneForm(intent, "Rien à corriger : la visite est inchangée.");
        const mails =
          done.mails > 0
            ? ` (${done.mails} e-mail${done.mails > 1 ? "s" : ""} envoyé${done.mails > 1 ? "s" : ""})`
            : "";
        return doneForm(intent, `Visite corrigée${mails}.`);
      }
      case "add": {
        const { data, refusal } = parseAdminForm(roundAdditionSchema, form, "La parcelle n'a pas été ajoutée :");
        if (refusal) return refusal;
        const done = await withHistory(
          actor,
          (tx) => addToRound(tx, site.id, round.id, data.token, data),
          (r) => r && { kind: "visite.ajout", target, detail: `n° ${r.number} ${data.result}` },
        );
        if (!done) break;
        return doneForm(
          intent,
          `Parcelle n° ${done.number} ajoutée à la visite${done.mail ? ", avertissement envoyé par e-mail" : ""}.`,
        );
      }
      case "withdraw": {
        const { data, refusal } = parseAdminForm(warningWithdrawalSchema, form, "L'avertissement n'a pas été retiré :");
        if (refusal) return refusal;
        const done = await withHistory(
          actor,
          (tx) => withdrawWarning(tx, site.id, round.id, data.token, { ...data, by: actor.username }),
          (r) => r && { kind: "visite.retrait-avertissement", target, detail: `n° ${r.number}` },
        );
        if (!done) break;
        return doneForm(
          intent,
          `Avertissement de la parcelle n° ${done.number} retiré${done.told ? " ; le jardinier en est informé par e-mail" : ""}.`,
        );
      }
      case "delete": {
        const { data, refusal } = parseAdminForm(roundDeletionSchema, form, "La visite n'a pas été supprimée :");
        if (refusal) return refusal;
        const done = await withHistory(
          actor,
          (tx) => deleteRound(tx, site.id, round.id, data.token),
          (r) => r && { kind: "visite.suppression", target },
        );
        if (!done) break;
        return redirect(`/admin/parcelles/jardins/${site.id}/visite`);
      }
      default:
        return refusedForm(form, "Action inconnue.");
    }
  } catch (error) {
    if (error instanceof StaleRoundFormError)
      return refusedForm(
        form,
        "Cette visite a changé depuis l'affichage de la page (formulaire envoyé deux fois, ou modifiée par un autre administrateur) : rien n'a été enregistré. Voici son état actuel.",
        {},
        409,
      );
    if (error instanceof RoundCorrectionError) return refusedForm(form, error.message, {}, 409);
    throw error;
  }
  throw redirect(`/admin/parcelles/jardins/${site.id}/visite`);
}
