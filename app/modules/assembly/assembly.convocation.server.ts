import { data } from "react-router";
import { publicUrl } from "~/db/association.server";
import { formatDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { counted, familyFirst } from "~/lib/text";
import { mailAssociation } from "~/modules/content/content.server";
import { doneForm, refusedForm } from "~/modules/forms/admin-form.server";
import type { EventRow as Event } from "~/modules/events/events.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { convocationMail, convocationParts } from "./assembly.mail.server";
import { membersToConvene } from "./assembly.membership.server";
import {
  agendaOf,
  AssemblyRefusal,
  documentTitles,
  EMPTY_AGENDA,
  lastDayToConvene,
  NOBODY_TO_CONVENE,
  reachableByEmail,
  rulesOf,
  sendConvocation,
  type Assembly,
} from "./assembly.server";

/**
 * « Envoyer la convocation », as the fee call is sent: a preview first (who gets it by e-mail, on paper, or cannot be
 * reached; one member's real e-mail; the printed letter), then a box to tick and the count the preview showed, so a
 * click never convenes members nobody looked at (an audit saw 49 convened, without an agenda, in one click).
 */

/** The personal link's place in a preview: each member's is made when the convocation goes. */
const previewLink = () =>
  `${new URL("/assemblee/", publicUrl()).toString()}… (le lien personnel de chaque membre, créé à l'envoi)`;

export interface ConvocationPreview {
  members: number;
  mailed: number;
  onPaper: number;
  /** Members with neither a usable e-mail nor a postal address: the bureau reaches them by hand. */
  unreachable: string[];
  mail: { to: string; subject: string; text: string } | null;
}

/** What the convocation would do now: refused while the agenda is empty or nobody is to convene. */
export async function convocationPreview(assembly: Assembly, event: Event): Promise<ConvocationPreview> {
  const agenda = await agendaOf(assembly.id);
  if (agenda.length === 0) throw new AssemblyRefusal(EMPTY_AGENDA);
  const people = await membersToConvene(rulesOf(assembly));
  if (people.length === 0) throw new AssemblyRefusal(NOBODY_TO_CONVENE);
  const mailed = people.filter((p) => reachableByEmail(p.email));
  const paper = people.filter((p) => !reachableByEmail(p.email));
  const first = mailed[0];
  const association = await mailAssociation();
  const documents = await documentTitles(assembly.documentIds);
  const mail = first
    ? convocationMail(
        first.email.trim(),
        first.name,
        previewLink(),
        convocationParts(assembly, event, agenda, association, documents, first.civility),
        association,
      )
    : null;
  return {
    members: people.length,
    mailed: mailed.length,
    onPaper: paper.filter((p) => p.address.trim()).length,
    unreachable: paper.filter((p) => !p.address.trim()).map(familyFirst),
    mail: mail && { to: mail.to, subject: mail.subject, text: mail.text },
  };
}

/**
 * « 3 jours de retard sur le délai des statuts (15 jours) » when a member convened now is convened after the last day
 * the statutes allow, or null on time.
 */
export function lateWords(event: Pick<Event, "start">, convocationDays: number, now = new Date()) {
  const lastDay = lastDayToConvene(event, convocationDays);
  if (!lastDay) return null;
  const days = Math.round((Date.parse(parisToday(now)) - Date.parse(lastDay)) / 86_400_000);
  return days > 0
    ? `${counted(days, "jour", "jours")} de retard sur le délai des statuts (${convocationDays} jours)`
    : null;
}

/** The preview's intent: the preview, or the refusal (empty agenda, nobody to convene). */
export async function previewConvocationAction(assembly: Assembly, event: Event) {
  return { ...doneForm("convene-preview", ""), preview: await convocationPreview(assembly, event) };
}

/** The confirmation sent back, with the preview still shown above its box. */
function sentBack(form: FormData, preview: ConvocationPreview, message: string, errors = {}, status = 400) {
  const refused = refusedForm(form, message, errors, status);
  return data({ ...refused.data, preview }, refused.init ?? undefined);
}

/** « Envoyer la convocation »: only ticked, and only to as many members as the preview showed. */
export async function conveneAction(assembly: Assembly, event: Event, form: FormData, actor: Actor) {
  const preview = await convocationPreview(assembly, event);
  if (form.get("confirm") !== "on")
    return sentBack(form, preview, "La convocation n'est pas partie :", {
      confirm: "Cochez la case pour confirmer l'envoi.",
    });
  if (form.get("expected") !== String(preview.members))
    return sentBack(
      form,
      preview,
      `Le nombre de membres a changé depuis l'aperçu : ${counted(preview.members, "membre", "membres")} maintenant. Vérifiez l'aperçu, puis confirmez.`,
      {},
      409,
    );
  const result = await withHistory(
    actor,
    (tx) => sendConvocation(assembly.id, new Date(), tx),
    () => ({ kind: "assemblee.convocation", target: `assemblée n° ${assembly.id}` }),
  );
  return doneForm(
    "convene",
    `Convocation envoyée à ${counted(result.members, "membre", "membres")} : ${result.sent} par e-mail, ${result.printed} à imprimer.`,
  );
}

/** The date a printed convocation carries: the day it is printed, never the day the first ones went. */
export const printedOn = (now = new Date()) => formatDate(`${parisToday(now)}T12:00:00Z`);
