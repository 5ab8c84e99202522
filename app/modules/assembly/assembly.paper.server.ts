import { agreed } from "~/lib/text";
import { formatDate } from "~/lib/dates";
import { doneForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { answerSchema } from "./assembly.schema";
import { answer, AssemblyRefusal, membersOf, type Assembly } from "./assembly.server";

/**
 * Members who answer on paper (decision 030): the reply slip and the proxy form printed with their convocation, and
 * the bureau recording what came back, by the same rules as an answer by link (the proxies' limit, a holder who gave
 * theirs, one who left), until the assembly ends: a signed proxy is often handed in at the door.
 */

const REFUSED = "La réponse n'a pas été enregistrée :";
const MEMBER = "Choisissez le membre qui a répondu.";

/** « Enregistrer la réponse » of a slip or a signed proxy received by the bureau. */
export async function paperAnswerAction(assembly: Assembly, form: FormData, actor: Actor, now = new Date()) {
  const memberId = Number(String(form.get("member") ?? ""));
  const members = await membersOf(assembly.id);
  const member = members.find((m) => m.id === memberId);
  if (!member) return refusedForm(form, REFUSED, { member: MEMBER });
  const parsed = answerSchema.safeParse({
    answer: String(form.get("answer") ?? ""),
    holder: String(form.get("holder") ?? ""),
  });
  if (!parsed.success) {
    const holder = form.get("answer") === "pouvoir";
    return refusedForm(
      form,
      REFUSED,
      holder
        ? { holder: "Choisissez le membre à qui le pouvoir est donné." }
        : { answer: "Choisissez la réponse : présent, pouvoir ou absent." },
    );
  }
  try {
    const saved = await withHistory(
      actor,
      (tx) => answer(member.id, parsed.data, now, { onPaper: true, executor: tx }),
      () => ({ kind: "assemblee.reponse-papier", target: `assemblée n° ${assembly.id}`, detail: member.name }),
    );
    const holder = members.find((m) => m.id === saved.proxyHolderId);
    const what =
      saved.answer === "pouvoir"
        ? `donne pouvoir à ${holder?.name ?? ""}`
        : saved.answer === "present"
          ? `sera ${agreed(saved.civility, "présent", "présente")}`
          : "ne pourra pas venir";
    return doneForm("paper-answer", `Réponse sur papier enregistrée : ${member.name} ${what}.`);
  } catch (error) {
    if (!(error instanceof AssemblyRefusal)) throw error;
    return refusedForm(form, error.message, error.field === "holder" ? { holder: error.message } : {}, error.status);
  }
}

/** What the reply slip and the proxy form of one member print: their name, and the holder they chose, if any. */
export function proxyFormOf(
  member: { answer: string | null; proxyHolderId: number | null },
  names: Map<number, string>,
) {
  return { holder: member.answer === "pouvoir" && member.proxyHolderId ? (names.get(member.proxyHolderId) ?? "") : "" };
}

/** « à retourner avant le 9 décembre 2026 »: the day before the assembly, so the bureau counts it before the day. */
export const returnBy = (start: Date | null) =>
  start
    ? `à retourner au bureau avant le ${formatDate(new Date(start.getTime() - 86_400_000))}`
    : "à retourner au bureau";

/**
 * « du 12 janvier 2027, de 10h00 à 13h00 (Jardin de la Thibaude) », from the event's practical lines (« Le 12 janvier
 * 2027, de 10h00 à 13h00 », « Lieu : Jardin de la Thibaude »).
 */
export function proxyWhen([when = "", place]: string[]) {
  const day = when.replace(/^Le /, "du ").replace(/^Du /, "du ");
  return place ? `${day} (${place.replace(/^Lieu : /, "")})` : day;
}
