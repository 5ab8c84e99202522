import { data } from "react-router";
import { agreed, parseId } from "~/lib/text";
import { eventPractical } from "~/modules/events/events.server";
import { currentDocument } from "~/modules/documents/documents.server";
import { documentNotFound, serveDocumentToMember } from "~/modules/documents/document-response.server";
import { assemblyTitle } from "./assembly.mail.server";
import { ANSWER_MISSING, answerSchema } from "./assembly.schema";
import {
  agendaOf,
  answer,
  AssemblyRefusal,
  findByToken,
  findMember,
  hasStarted,
  membersOf,
  youLeftWords,
} from "./assembly.server";

/**
 * The member's answer page, /assemblee/:token (no account): the assembly, its agenda and documents, the member's
 * answer, and the other members to give a proxy to, by name only (never an address).
 */
export async function answerPage(token: string, now = new Date()) {
  const found = await findByToken(token);
  return found ? memberAnswerPage(found.member.id, now) : { known: false as const };
}

/**
 * What a member sees of their convocation, by the member's id: the token page's, and « Mon jardin »'s for a signed-in
 * gardener. Unknown once the assembly is over (its links gone).
 */
export async function memberAnswerPage(memberId: number, now = new Date()) {
  const found = await findMember(memberId);
  if (!found) return { known: false as const };
  const { member, assembly, event } = found;
  const members = await membersOf(assembly.id);
  const leftOn = members.find((m) => m.id === member.id)?.leftOn;
  const names = new Map(members.map((m) => [m.id, m.name]));
  const documents = [];
  for (const id of assembly.documentIds) {
    const doc = await currentDocument(id);
    if (doc) documents.push({ id, title: doc.title });
  }
  return {
    known: true as const,
    title: assemblyTitle(assembly, event),
    practical: eventPractical(event),
    agenda: (await agendaOf(assembly.id)).map((i) => ({ id: i.id, title: i.title, isResolution: i.isResolution })),
    documents,
    maxProxies: assembly.maxProxies,
    started: hasStarted(event, now),
    /** Why the answer can no longer change, if it cannot. */
    closed: hasStarted(event, now)
      ? "L'assemblée a commencé : la réponse ne peut plus changer."
      : leftOn
        ? youLeftWords(leftOn)
        : null,
    name: member.name,
    civility: member.civility,
    answer: member.answer,
    holderId: member.proxyHolderId,
    holderName: member.proxyHolderId ? (names.get(member.proxyHolderId) ?? "") : "",
    holding: members.filter((m) => m.proxyHolderId === member.id).map((m) => m.name),
    // Who left before the day can hold no proxy.
    others: members.filter((m) => m.id !== member.id && !m.leftOn).map((m) => ({ id: m.id, name: m.name })),
  };
}

const ANSWER_DONE = {
  pouvoir: "Votre réponse est enregistrée : vous donnez pouvoir",
  absent: "Votre réponse est enregistrée : vous ne pourrez pas venir.",
};

/** The answer sent from the page: saved, or refused with the rule's French message (4xx) and what was chosen. */
export async function saveAnswer(token: string, form: FormData, now = new Date()) {
  const found = await findByToken(token);
  return saveMemberAnswer(found?.member.id ?? null, form, { now });
}

/**
 * A member's answer by the member's id (null: none to answer, refused with `unknown`), from the token page or from
 * « Mon jardin »: saved, or refused with the rule's French message (4xx) and what was chosen.
 */
export async function saveMemberAnswer(
  memberId: number | null,
  form: FormData,
  { now = new Date(), unknown = "Ce lien n'est plus valable." }: { now?: Date; unknown?: string } = {},
) {
  const values = { answer: String(form.get("answer") ?? ""), holder: String(form.get("holder") ?? "") };
  // A refusal about the proxy is the member's field's, any other about the answer, or the page's (`errors` empty).
  const refusal = (message: string, status: number, field?: "answer" | "holder") =>
    data({ ok: false as const, message, errors: field ? { [field]: message } : {}, values }, { status });
  if (memberId === null) return refusal(unknown, 404);
  const parsed = answerSchema.safeParse(values);
  if (!parsed.success) {
    return values.answer === "pouvoir"
      ? refusal(parsed.error.issues[0]!.message, 400, "holder")
      : refusal(ANSWER_MISSING, 400, "answer");
  }
  try {
    const saved = await answer(memberId, parsed.data, now);
    const holder = saved.proxyHolderId
      ? (await membersOf(saved.assemblyId)).find((m) => m.id === saved.proxyHolderId)
      : null;
    const message =
      parsed.data.answer === "pouvoir"
        ? `${ANSWER_DONE.pouvoir} à ${holder?.name ?? ""}.`
        : parsed.data.answer === "present"
          ? `Votre réponse est enregistrée : vous serez ${agreed(saved.civility, "présent", "présente", "présent(e)")}.`
          : ANSWER_DONE[parsed.data.answer];
    return { ok: true as const, message, values };
  } catch (error) {
    if (error instanceof AssemblyRefusal)
      return refusal(error.message, error.status, error.field === "holder" ? "holder" : undefined);
    throw error;
  }
}

/** A document joined to the convocation, for the holder of a personal link; not found for any other. */
export async function memberDocument(request: Request, token: string, idParam: string | undefined) {
  const found = await findByToken(token);
  const id = parseId(idParam);
  if (!found || id === null || !found.assembly.documentIds.includes(id)) return documentNotFound();
  return serveDocumentToMember(request, id);
}
