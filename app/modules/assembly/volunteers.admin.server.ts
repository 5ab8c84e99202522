import { formatDate } from "~/lib/dates";
import { de, familyFirst, parseId } from "~/lib/text";
import { parisToday } from "~/lib/paris-time";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { volunteerEndSchema, volunteerFormSchema } from "./assembly.schema";
import { addVolunteer, deleteVolunteer, endVolunteer, listVolunteers } from "./volunteers.server";

/** /admin/assemblees/membres: the members who hold no plot, added by the bureau (decision 030). */

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const GONE = "Ce membre n'est plus dans la liste : la page a peut-être changé entre-temps.";

export async function volunteersScreen() {
  const rows = await listVolunteers();
  const view = (v: (typeof rows)[number]) => ({
    id: v.id,
    name: familyFirst(v),
    email: v.email,
    address: v.address,
    note: v.note,
    since: day(v.startDate),
    ended: v.endDate ? day(v.endDate) : null,
  });
  return {
    today: parisToday(),
    current: rows.filter((v) => !v.endDate).map(view),
    former: rows.filter((v) => v.endDate).map(view),
  };
}

/** « Ajouter le membre », « Enregistrer la fin d'adhésion », « Supprimer la fiche ». */
export async function volunteersAction(form: FormData, actor: Actor) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "add") {
    const { data, refusal } = parseAdminForm(volunteerFormSchema, form, "Le membre n'a pas été ajouté :");
    if (refusal) return refusal;
    const added = await withHistory(
      actor,
      (tx) => addVolunteer(data, tx),
      (v) => ({ kind: "membre.ajout", target: v.name }),
    );
    return doneForm(intent, `${added.name} est membre de l'association depuis le ${day(added.startDate)}.`);
  }
  const id = parseId(String(form.get("id") ?? ""));
  if (intent === "end") {
    const { data, refusal } = parseAdminForm(volunteerEndSchema, form, "La fin d'adhésion n'a pas été enregistrée :");
    if (refusal) return refusal;
    const ended = await withHistory(
      actor,
      async (tx) => (id === null ? undefined : endVolunteer(id, data.endDate, tx)),
      (v) => v && { kind: "membre.fin", target: v.name },
    );
    if (!ended) return refusedForm(form, GONE, {}, 404);
    return doneForm(intent, `${ended.name} n'est plus membre depuis le ${day(data.endDate)}.`);
  }
  if (intent === "delete") {
    const deleted = await withHistory(
      actor,
      async (tx) => (id === null ? undefined : deleteVolunteer(id, tx)),
      (v) => v && { kind: "membre.suppression", target: v.name },
    );
    if (!deleted) return refusedForm(form, GONE, {}, 404);
    return doneForm(intent, `Fiche ${de(deleted.name)} supprimée.`);
  }
  return refusedForm(form, "Action inconnue.");
}
