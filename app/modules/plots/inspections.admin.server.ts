import { formatCalendarDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { redirect } from "react-router";
import { parseId } from "~/lib/text";
import { refusedForm } from "~/modules/forms/admin-form.server";
import { errorsByField } from "~/modules/forms/public-form";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { ofSite } from "./plots.labels";
import { inspectionFormSchema } from "./plots.schema";
import { getSite } from "./plots.server";
import { inspectionSheet, RoundExistsError, roundsOf, saveInspectionRound } from "./inspections.server";

async function siteOf(idParam: string | undefined) {
  const site = await getSite(parseId(idParam) ?? 0);
  if (!site) throw redirect("/admin/parcelles");
  return site;
}

/** /admin/parcelles/jardins/:id/visite: the attributed plots to mark, and the past rounds. */
export async function inspectionScreen(idParam: string | undefined, actor: Actor) {
  const site = await siteOf(idParam);
  const [sheet, rounds] = await Promise.all([inspectionSheet(site.id), roundsOf(site.id)]);
  return {
    site: { id: site.id, name: site.name },
    plots: sheet.map((p) => ({
      id: p.id,
      number: p.number,
      holder: p.holder?.name ?? null,
      hasEmail: Boolean(p.holder?.email),
      warnings: p.warnings,
    })),
    rounds: rounds.map((r) => ({ ...r, date: formatCalendarDate(r.date) })),
    defaults: { date: parisToday(), inspector: actor.username },
  };
}

/** « Enregistrer la visite »: the whole round at once, or the form back with its messages and what was typed. */
export async function inspectionAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const site = await siteOf(idParam);
  const sheet = await inspectionSheet(site.id);
  const parsed = inspectionFormSchema(sheet.map((p) => p.id)).safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return refusedForm(form, "La visite n'a pas été enregistrée :", errorsByField(parsed.error.issues));
  let saved;
  try {
    saved = await withHistory(
      actor,
      (tx) => saveInspectionRound(tx, site.id, parsed.data),
      (r) =>
        r && {
          kind: "visite.enregistrement",
          target: `visite du ${formatCalendarDate(parsed.data.date)} ${ofSite(site.name)}`,
          detail: `${r.warnings} avertissement${r.warnings > 1 ? "s" : ""}`,
        },
    );
  } catch (error) {
    if (error instanceof RoundExistsError)
      return refusedForm(
        form,
        `Une visite du ${formatCalendarDate(parsed.data.date)} est déjà enregistrée pour ce jardin.`,
        {},
        409,
      );
    throw error;
  }
  if (!saved) throw redirect("/admin/parcelles");
  const warned =
    saved.warnings === 0 ? "aucun avertissement" : `${saved.warnings} avertissement${saved.warnings > 1 ? "s" : ""}`;
  const mails =
    saved.mails > 0 ? `, ${saved.mails} e-mail${saved.mails > 1 ? "s" : ""} envoyé${saved.mails > 1 ? "s" : ""}` : "";
  return { ok: true as const, intent: "inspection", message: `Visite enregistrée : ${warned}${mails}.` };
}
