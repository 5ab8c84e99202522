import { de, parseId } from "~/lib/text";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { addCandidate, candidatesOf, electedOf, recordElection, removeCandidate } from "./assembly.election.server";
import { candidateSchema, OFFICE_LABELS, OFFICES, type Office } from "./assembly.schema";
import { agendaOf, type Assembly } from "./assembly.server";

/** The elections of /admin/assemblees/:id/votes: candidates per office, their voices, the elected (decision 030). */

const target = (id: number) => `assemblée n° ${id}`;

/** Each election of the agenda, office by office, with its candidates and its elected (or a tie). */
export async function electionsScreen(assemblyId: number) {
  const [agenda, candidates] = await Promise.all([agendaOf(assemblyId), candidatesOf(assemblyId)]);
  return agenda
    .filter((item) => item.isElection)
    .map((item) => ({
      id: item.id,
      title: item.title,
      offices: OFFICES.map((office) => {
        const running = candidates.filter((c) => c.itemId === item.id && c.office === office);
        const counted = running.length > 0 && running.every((c) => c.votes !== null);
        return {
          office,
          label: OFFICE_LABELS[office],
          candidates: running.map((c) => ({ id: c.id, name: c.name, votes: c.votes === null ? "" : String(c.votes) })),
          counted,
          elected: electedOf(running)?.name ?? null,
        };
      }),
    }));
}

const VOICES = /^\d{1,3}$/;

/**
 * « Ajouter le candidat », « Retirer », « Enregistrer les voix »: by their intent; null for another form's. Candidates
 * are announced before the day; the voices, refused while `notYet` says why, are the day's.
 */
export async function electionAction(assembly: Assembly, form: FormData, actor: Actor, notYet: string | null) {
  const intent = String(form.get("intent") ?? "");
  const itemId = parseId(String(form.get("item") ?? ""));
  try {
    if (intent.startsWith("candidate-")) {
      const { data, refusal } = parseAdminForm(candidateSchema, form, "Le candidat n'a pas été ajouté :");
      if (refusal) return refusal;
      if (itemId === null) return refusedForm(form, "Cette élection n'est plus à l'ordre du jour.", {}, 404);
      await withHistory(
        actor,
        (tx) => addCandidate(assembly.id, itemId, data, tx),
        () => ({ kind: "assemblee.vote", target: target(assembly.id), detail: `candidature : ${data.name}` }),
      );
      return doneForm(intent, `${data.name} est candidat ou candidate : ${OFFICE_LABELS[data.office].toLowerCase()}.`);
    }
    if (intent === "remove-candidate") {
      const id = parseId(String(form.get("candidate") ?? ""));
      if (id === null) return refusedForm(form, "Ce candidat n'est plus dans la liste.", {}, 404);
      const removed = await withHistory(
        actor,
        (tx) => removeCandidate(assembly.id, id, tx),
        (c) => ({ kind: "assemblee.vote", target: target(assembly.id), detail: `candidature retirée : ${c.name}` }),
      );
      return doneForm(intent, `Candidature ${de(removed.name)} retirée.`);
    }
    const match = /^election-(\d+)-(presidence|tresorerie|secretariat)$/.exec(intent);
    if (match) {
      if (notYet) return refusedForm(form, notYet, {}, 409);
      const office = match[2] as Office;
      const votes = new Map<number, number>();
      const errors: Record<string, string> = {};
      for (const [name, value] of form) {
        const id = /^votes-(\d{1,9})$/.exec(name)?.[1];
        if (!id) continue;
        const text = String(value).trim();
        if (!VOICES.test(text)) errors[name] = "Le nombre de voix est un nombre entier.";
        else votes.set(Number(id), Number(text));
      }
      if (Object.keys(errors).length) return refusedForm(form, "Les voix n'ont pas été enregistrées :", errors);
      const elected = await withHistory(
        actor,
        (tx) => recordElection(assembly.id, Number(match[1]), office, votes, tx),
        (who) => ({
          kind: "assemblee.vote",
          target: target(assembly.id),
          detail: `${OFFICE_LABELS[office]} : ${who ? `${who.name} élu(e)` : "égalité"}`,
        }),
      );
      return doneForm(
        intent,
        elected
          ? `${OFFICE_LABELS[office]} : ${elected.name} est élu(e).`
          : `${OFFICE_LABELS[office]} : égalité, personne n'est élu. Votez de nouveau et saisissez le nouveau tour.`,
      );
    }
  } catch (error) {
    return refusedBy(form, error);
  }
  return null;
}
