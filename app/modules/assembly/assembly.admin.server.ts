import { redirect } from "react-router";
import { parisToday } from "~/lib/paris-time";
import { formatDate, formatDateTime } from "~/lib/dates";
import { agreed, familyFirst, parseId, plainToRichText, richTextToPlain } from "~/lib/text";
import { sanitizeRichText } from "~/server/sanitize.server";
import { checkDocumentFile } from "~/modules/documents/document-files.server";
import { addVersion, createDocument, listDocuments } from "~/modules/documents/documents.server";
import { eventPractical } from "~/modules/events/events.server";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { legalIdentity, mailAssociation } from "~/modules/content/content.server";
import { letterSender } from "~/modules/newsletter/letters.server";
import { assemblyTitle, convocationParts } from "./assembly.mail.server";
import { conveneAction, lateWords, previewConvocationAction, printedOn } from "./assembly.convocation.server";
import { draftMinutes, minutesDate, minutesPdf } from "./assembly.minutes.server";
import { membersToConvene, membershipOf } from "./assembly.membership.server";
import { electionAction, electionsScreen } from "./assembly.election.admin.server";
import { currentOfficers } from "./assembly.election.server";
import { paperAnswerAction, proxyFormOf, proxyWhen, returnBy } from "./assembly.paper.server";
import { associationName } from "~/modules/mail/mail-templates.server";
import {
  AGENDA_BLANK_ROWS,
  ASSEMBLY_KIND_LABELS,
  answerLabel,
  assemblySettingsSchema,
  isAdopted,
  markAssemblySchema,
  MEMBERSHIP_LABELS,
  OFFICE_LABELS,
  minutesFactsSchema,
  readAgenda,
  votesSchema,
  type AssemblyAnswer,
} from "./assembly.schema";
import {
  agendaOf,
  beforeTheDay,
  documentTitles,
  eventsToMark,
  getAssembly,
  conveneLatecomers,
  endsAt,
  hasStarted,
  lastDayToConvene,
  listAssemblies,
  markAssembly,
  memberLink,
  reachableByEmail,
  membersOf,
  membersOnPaper,
  latecomers,
  leftWords,
  quorumOf,
  rulesOf,
  recordVotes,
  representedBy,
  saveAgenda,
  saveDocuments,
  saveMinutes,
  setMinutesDocument,
  setPresent,
  unmarkAssembly,
  updateSettings,
} from "./assembly.server";

const target = (id: number) => `assemblée n° ${id}`;

/** A rule's refusal as the screen shows it (4xx), or the error itself. */
function refused(form: FormData, error: unknown) {
  return refusedBy(form, error);
}

/** /admin/assemblees: the assemblies, and the events to come that could be one. */
export async function assembliesScreen(now = new Date()) {
  const rows = await listAssemblies();
  return {
    assemblies: rows.map(({ assembly, event }) => ({
      id: assembly.id,
      title: assemblyTitle(assembly, event),
      event: event.title,
      convoked: assembly.convokedAt ? formatDate(assembly.convokedAt) : null,
      past: hasStarted(event, now),
    })),
    events: (await eventsToMark(now)).map((e) => ({ id: e.id, label: `${e.title} (${formatDate(e.start!)})` })),
    officers: (await currentOfficers()).map((o) => ({
      office: OFFICE_LABELS[o.office],
      name: o.name,
      since: formatDate(`${o.since}T12:00:00Z`),
      assemblyId: o.assemblyId,
    })),
  };
}

/** « Marquer comme assemblée générale »: then to its screen. */
export async function markAssemblyAction(form: FormData, actor: Actor) {
  const { data: fields, refusal } = parseAdminForm(markAssemblySchema, form, "L'assemblée n'a pas été créée :");
  if (refusal) return refusal;
  try {
    const assembly = await withHistory(
      actor,
      (tx) => markAssembly(fields.eventId, fields.kind, tx),
      (a) => ({ kind: "assemblee.creation", target: target(a.id) }),
    );
    return redirect(`/admin/assemblees/${assembly.id}`);
  } catch (error) {
    return refused(form, error);
  }
}

/** The assembly of a screen's address, or back to the list. */
async function assemblyOf(idParam: string | undefined) {
  const found = await getAssembly(parseId(idParam) ?? 0);
  if (!found) throw redirect("/admin/assemblees");
  return found;
}

/** The member names of an assembly by id. */
const namesOf = (members: { id: number; name: string }[]) => new Map(members.map((m) => [m.id, m.name]));

/** /admin/assemblees/:id: the rules, the agenda, the documents, the convocation and the answers. */
export async function assemblyScreen(idParam: string | undefined, now = new Date()) {
  const { assembly, event } = await assemblyOf(idParam);
  const agenda = await agendaOf(assembly.id);
  const members = await membersOf(assembly.id);
  const names = namesOf(members);
  const lastDay = lastDayToConvene(event, assembly.convocationDays);
  const membership = assembly.convokedAt ? null : await membershipOf(rulesOf(assembly));
  const toConvene = membership?.members ?? [];
  const joinedSince = assembly.convokedAt && !hasStarted(event, now) ? await latecomers(assembly) : [];
  const withoutEmail = (people: { email: string }[]) => people.filter((m) => !reachableByEmail(m.email)).length;
  const documents = await listDocuments();
  const count = (answer: string | null) => members.filter((m) => m.answer === answer).length;
  return {
    id: assembly.id,
    title: assemblyTitle(assembly, event),
    eventTitle: event.title,
    practical: eventPractical(event),
    convoked: assembly.convokedAt ? formatDateTime(assembly.convokedAt) : null,
    started: hasStarted(event, now),
    settings: {
      kind: assembly.kind,
      convocationDays: String(assembly.convocationDays),
      voiceBasis: assembly.voiceBasis,
      maxProxies: String(assembly.maxProxies),
      quorumPercent: String(assembly.quorumPercent),
      majority: assembly.majority,
      membership: assembly.membership,
      membershipFeeYear: assembly.membershipFeeYear === null ? "" : String(assembly.membershipFeeYear),
    },
    /** Before the convocation: who the rule makes a member now, and why; who it leaves out, and why. */
    membership: membership && {
      rule: `${MEMBERSHIP_LABELS[assembly.membership]}${assembly.membershipFeeYear ? ` ${assembly.membershipFeeYear}` : ""}`,
      members: membership.members.map((p) => ({
        key: p.key,
        name: familyFirst(p),
        reason: p.reason,
        voices: p.voices,
      })),
      excluded: membership.excluded.map((p) => ({ name: familyFirst(p), reason: p.reason })),
    },
    agenda: [
      ...agenda.map((i) => ({ title: i.title, isResolution: i.isResolution, isElection: i.isElection })),
      ...Array.from({ length: assembly.convokedAt ? 0 : AGENDA_BLANK_ROWS }, () => ({
        title: "",
        isResolution: false,
        isElection: false,
      })),
    ],
    lastDay: lastDay ? formatDate(`${lastDay}T12:00:00Z`) : null,
    late: lastDay !== null && parisToday(now) > lastDay,
    agendaEmpty: agenda.length === 0,
    toConvene: {
      members: toConvene.length,
      withoutEmail: withoutEmail(toConvene),
      unreachable: toConvene.filter((m) => !reachableByEmail(m.email) && !m.address.trim()).length,
    },
    /** Gardeners who joined since the convocation went, until the assembly starts. */
    latecomers: {
      members: joinedSince.length,
      withoutEmail: withoutEmail(joinedSince),
      late: joinedSince.length > 0 ? lateWords(event, assembly.convocationDays, now) : null,
    },
    documents: documents.map((d) => ({
      id: d.id,
      title: d.title,
      chosen: assembly.documentIds.includes(d.id),
    })),
    /** The bureau records answers received on paper, from the convocation until the assembly ends. */
    paperAnswers:
      assembly.convokedAt && (endsAt(event)?.getTime() ?? Infinity) > now.getTime()
        ? members.filter((m) => !m.leftOn).map((m) => ({ id: m.id, name: familyFirst(m) }))
        : null,
    answers: {
      present: count("present"),
      proxies: count("pouvoir"),
      absent: count("absent"),
      none: count(null),
    },
    members: members.map((m) => ({
      id: m.id,
      name: familyFirst(m),
      voices: m.voices,
      reason: m.reason,
      left: m.leftOn ? leftWords(m.leftOn) : null,
      answer: m.answer
        ? `${answerLabel(m.answer, m.civility)}${m.answeredOnPaper ? " (sur papier)" : ""}`
        : "Pas de réponse",
      holder: m.proxyHolderId ? (names.get(m.proxyHolderId) ?? "") : "",
      holding: members.filter((x) => x.proxyHolderId === m.id).length,
    })),
  };
}

/** The forms of /admin/assemblees/:id, by their intent. */
export async function runAssemblyAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const { assembly, event } = await assemblyOf(idParam);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "settings") {
      const { data: settings, refusal } = parseAdminForm(
        assemblySettingsSchema,
        form,
        "Les règles n'ont pas été enregistrées :",
      );
      if (refusal) return refusal;
      await withHistory(
        actor,
        (tx) => updateSettings(assembly.id, settings, tx),
        () => ({ kind: "assemblee.reglages", target: target(assembly.id) }),
      );
      return doneForm(intent, "Règles de l'assemblée enregistrées.");
    }
    if (intent === "agenda") {
      const agenda = readAgenda(form);
      if ("error" in agenda) return refusedForm(form, agenda.error);
      await withHistory(
        actor,
        (tx) => saveAgenda(assembly.id, agenda.items, tx),
        () => ({ kind: "assemblee.ordre-du-jour", target: target(assembly.id) }),
      );
      return doneForm(intent, "Ordre du jour enregistré.");
    }
    if (intent === "documents") {
      const ids = form
        .getAll("document")
        .map((v) => parseId(String(v)))
        .filter((v): v is number => v !== null);
      const known = new Set((await listDocuments()).map((d) => d.id));
      await withHistory(
        actor,
        (tx) =>
          saveDocuments(
            assembly.id,
            [...new Set(ids)].filter((id) => known.has(id)),
            tx,
          ),
        () => ({ kind: "assemblee.ordre-du-jour", target: target(assembly.id) }),
      );
      return doneForm(intent, "Documents de la convocation enregistrés.");
    }
    if (intent === "unmark") {
      await withHistory(
        actor,
        (tx) => unmarkAssembly(assembly.id, tx),
        () => ({ kind: "assemblee.retrait", target: target(assembly.id) }),
      );
      return redirect("/admin/assemblees");
    }
    if (intent === "convene-latecomers") {
      const result = await withHistory(
        actor,
        (tx) => conveneLatecomers(assembly.id, new Date(), tx),
        (convened) => ({
          kind: "assemblee.convocation",
          target: target(assembly.id),
          detail: `${convened.members} jardinier${convened.members > 1 ? "s" : ""} arrivé${convened.members > 1 ? "s" : ""} depuis la convocation`,
        }),
      );
      const late = lateWords(event, assembly.convocationDays);
      return doneForm(
        intent,
        `Convocation envoyée à ${result.members} nouveau${result.members > 1 ? "x" : ""} membre${result.members > 1 ? "s" : ""} : ${result.sent} par e-mail, ${result.printed} à imprimer.${late ? ` Elle part avec ${late}.` : ""}`,
      );
    }
    if (intent === "paper-answer") return await paperAnswerAction(assembly, form, actor);
    if (intent === "convene-preview") return await previewConvocationAction(assembly, event);
    if (intent === "convene") return await conveneAction(assembly, event, form, actor);
  } catch (error) {
    return refused(form, error);
  }
  return refusedForm(form, "Action inconnue.");
}

/**
 * The convocations on paper, for the members without an e-mail address: one page each, with the personal link, dated
 * the day they are printed. Before the convocation goes, the same letters as a preview, for the gardeners it would
 * reach on paper, their links not made yet.
 */
export async function printedConvocations(idParam: string | undefined) {
  const { assembly, event } = await assemblyOf(idParam);
  const association = await mailAssociation();
  const agenda = await agendaOf(assembly.id);
  const documents = await documentTitles(assembly.documentIds);
  const parts = convocationParts(assembly, event, agenda, association, documents);
  // Each letter's own words, agreeing with its member: « convoquée », « présente ».
  const agreedFor = (civility: string) => ({
    lead: convocationParts(assembly, event, agenda, association, documents, civility).lead,
    present: agreed(civility, "présent", "présente"),
  });
  const names = assembly.convokedAt ? namesOf(await membersOf(assembly.id)) : new Map<number, string>();
  const letters = assembly.convokedAt
    ? (await membersOnPaper(assembly.id)).map(({ member, address }) => ({
        id: member.id,
        name: member.name,
        ...agreedFor(member.civility),
        address: address ?? "",
        link: member.linkKey ? memberLink({ linkKey: member.linkKey }) : null,
        ...proxyFormOf(member, names),
      }))
    : (await membersToConvene(rulesOf(assembly)))
        .filter((person) => !reachableByEmail(person.email))
        .map((person) => ({
          id: person.key,
          name: person.name,
          ...agreedFor(person.civility),
          address: person.address,
          link: null,
          holder: "",
        }));
  return {
    id: assembly.id,
    title: parts.title,
    preview: assembly.convokedAt === null,
    sender: await letterSender(),
    association: associationName(association),
    maxProxies: assembly.maxProxies,
    returnBy: returnBy(event.start),
    kind: ASSEMBLY_KIND_LABELS[assembly.kind],
    /** « du 12 janvier 2027, de 10h00 à 13h00 (Jardin de la Thibaude) »: the proxy form's words. */
    when: proxyWhen(eventPractical(event)),
    date: printedOn(),
    parts,
    letters,
  };
}

/** The members on the day: who is present, whom each represents, and the quorum as it stands. */
async function presence(idParam: string | undefined) {
  const { assembly, event } = await assemblyOf(idParam);
  const members = await membersOf(assembly.id);
  const names = namesOf(members);
  const represented = representedBy(members);
  const quorum = quorumOf(members, assembly.quorumPercent);
  return { assembly, event, members, names, represented, quorum };
}

/** « Feuille d'émargement »: by family name, the proxies each holds, a column to sign. */
export async function attendanceSheet(idParam: string | undefined) {
  const { assembly, event, members: everyone } = await presence(idParam);
  // Who left the association before the day signs nothing: they are no longer a member.
  const members = everyone.filter((m) => !m.leftOn);
  const legal = await legalIdentity();
  return {
    id: assembly.id,
    association: { name: legal.name, address: legal.address, identifiers: legal.identifiers },
    totals: {
      members: members.length,
      voices: members.reduce((sum, m) => sum + m.voices, 0),
      proxies: members.filter((m) => m.answer === "pouvoir" && members.some((h) => h.id === m.proxyHolderId)).length,
    },
    chair: assembly.chair,
    secretary: assembly.secretary,
    title: assemblyTitle(assembly, event),
    practical: eventPractical(event),
    voiceBasis: assembly.voiceBasis,
    rows: members.map((m) => ({
      id: m.id,
      name: familyFirst(m),
      voices: m.voices,
      proxies: members.filter((x) => x.answer === "pouvoir" && x.proxyHolderId === m.id).map((x) => x.name),
      gaveProxy: m.answer === "pouvoir",
    })),
  };
}

/** /admin/assemblees/:id/presence: tick who is present; the quorum live. */
export async function presenceScreen(idParam: string | undefined, now = new Date()) {
  const { assembly, event, members, names, represented, quorum } = await presence(idParam);
  return {
    id: assembly.id,
    title: assemblyTitle(assembly, event),
    notYet: beforeTheDay(event, now),
    quorumPercent: assembly.quorumPercent,
    quorum,
    members: members.map((m) => ({
      id: m.id,
      name: familyFirst(m),
      present: m.present,
      voices: m.voices,
      left: m.leftOn ? leftWords(m.leftOn) : null,
      note: presenceNote(m, members, names),
      represents: (represented.get(m.id) ?? []).map((id) => names.get(id) ?? ""),
    })),
  };
}

/** What the presence screen says of a member's answer: a proxy counts only while its holder is there. */
function presenceNote(
  m: { present: boolean; answer: AssemblyAnswer | null; proxyHolderId: number | null; civility: string },
  members: { id: number; present: boolean }[],
  names: Map<number, string>,
) {
  if (m.answer !== "pouvoir" || !m.proxyHolderId)
    return m.answer ? answerLabel(m.answer, m.civility) : "Pas de réponse";
  const holder = names.get(m.proxyHolderId) ?? "";
  if (m.present) return `Présent : son pouvoir à ${holder} tombe`;
  return members.find((x) => x.id === m.proxyHolderId)?.present
    ? `Représenté par ${holder}`
    : `Pouvoir à ${holder}, pas encore présent`;
}

/** « Présent » / « Absent » on the presence screen. */
export async function presenceAction(idParam: string | undefined, form: FormData, actor: Actor, now = new Date()) {
  const { assembly, event } = await assemblyOf(idParam);
  const notYet = beforeTheDay(event, now);
  if (notYet) return refusedForm(form, notYet, {}, 409);
  const memberId = parseId(String(form.get("member") ?? ""));
  const present = form.get("intent") === "present";
  if (memberId === null) return refusedForm(form, "Ce membre n'est pas convoqué à cette assemblée.", {}, 404);
  try {
    const member = await withHistory(
      actor,
      (tx) => setPresent(assembly.id, memberId, present, tx),
      () => ({ kind: "assemblee.presence", target: target(assembly.id) }),
    );
    return doneForm("presence", `${member.name} : ${present ? "présent" : "absent"}.`);
  } catch (error) {
    return refused(form, error);
  }
}

/** /admin/assemblees/:id/votes: each resolution with its counts and result, under the quorum. */
export async function votesScreen(idParam: string | undefined, now = new Date()) {
  const { assembly, event, quorum } = await presence(idParam);
  const voices = quorum.presentVoices + quorum.representedVoices;
  return {
    id: assembly.id,
    title: assemblyTitle(assembly, event),
    notYet: beforeTheDay(event, now),
    quorum,
    voices,
    majority: assembly.majority,
    resolutions: (await agendaOf(assembly.id))
      .filter((i) => i.isResolution)
      .map((i) => {
        const counted = i.votesFor !== null && i.votesAgainst !== null && i.abstentions !== null;
        const counts = {
          votesFor: i.votesFor ?? 0,
          votesAgainst: i.votesAgainst ?? 0,
          abstentions: i.abstentions ?? 0,
        };
        return {
          id: i.id,
          title: i.title,
          counted,
          values: {
            votesFor: i.votesFor === null ? "" : String(i.votesFor),
            votesAgainst: i.votesAgainst === null ? "" : String(i.votesAgainst),
            abstentions: i.abstentions === null ? "" : String(i.abstentions),
          },
          adopted: counted ? isAdopted(counts, assembly.majority, voices) : null,
        };
      }),
    elections: await electionsScreen(assembly.id),
  };
}

/** « Enregistrer le vote » of one resolution. */
export async function voteAction(idParam: string | undefined, form: FormData, actor: Actor, now = new Date()) {
  const { assembly, event } = await assemblyOf(idParam);
  const notYet = beforeTheDay(event, now);
  const election = await electionAction(assembly, form, actor, notYet);
  if (election) return election;
  if (notYet) return refusedForm(form, notYet, {}, 409);
  const itemId = parseId(String(form.get("item") ?? ""));
  const { data: counts, refusal } = parseAdminForm(votesSchema, form, "Le vote n'a pas été enregistré :");
  if (refusal) return refusal;
  if (itemId === null) return refusedForm(form, "Cette résolution n'existe plus.", {}, 404);
  try {
    const result = await withHistory(
      actor,
      (tx) => recordVotes(assembly.id, itemId, counts, tx),
      () => ({ kind: "assemblee.vote", target: target(assembly.id) }),
    );
    return doneForm("vote", `Vote enregistré : résolution ${result.adopted ? "adoptée" : "rejetée"}.`);
  } catch (error) {
    return refused(form, error);
  }
}

/** /admin/assemblees/:id/proces-verbal: the minutes (drafted until saved) and the facts around them. */
export async function minutesScreen(idParam: string | undefined, now = new Date()) {
  const { assembly, event } = await assemblyOf(idParam);
  const association = await mailAssociation();
  return {
    id: assembly.id,
    title: assemblyTitle(assembly, event),
    notYet: beforeTheDay(event, now),
    html: assembly.minutes || (await draftMinutes(assembly, event, associationName(association))),
    facts: { chair: assembly.chair, secretary: assembly.secretary, closedTime: assembly.closedTime },
    saved: assembly.minutes !== "",
    documentId: assembly.minutesDocumentId,
  };
}

const MINUTES_REFUSED = "Le procès-verbal n'a pas été enregistré :";

/**
 * « Enregistrer », « Rédiger de nouveau » (from the day's register and the facts typed) and « Déposer en PDF dans les
 * documents »; each keeps the chair, the secretary and the closing time typed.
 */
export async function minutesAction(idParam: string | undefined, form: FormData, actor: Actor, now = new Date()) {
  const found = await assemblyOf(idParam);
  const { event } = found;
  const notYet = beforeTheDay(event, now);
  if (notYet) return refusedForm(form, notYet, {}, 409);
  const intent = String(form.get("intent") ?? "");
  const { data: facts, refusal } = parseAdminForm(minutesFactsSchema, form, MINUTES_REFUSED);
  if (refusal) return refusal;
  const assembly = { ...found.assembly, ...facts };
  const typed = form.get("minutes");
  const html = sanitizeRichText(
    typeof typed === "string" ? typed : plainToRichText(String(form.get("minutes__texte") ?? "")),
  );
  const history = () => ({ kind: "assemblee.proces-verbal" as const, target: target(assembly.id) });
  if (intent === "redraft") {
    const drafted = await draftMinutes(assembly, event, associationName(await mailAssociation()));
    await withHistory(actor, (tx) => saveMinutes(assembly.id, drafted, tx, facts), history);
    return doneForm(intent, "Procès-verbal rédigé de nouveau d'après la présence et les votes.");
  }
  if (!richTextToPlain(html).trim()) return refusedForm(form, "Le procès-verbal est vide.");
  if (intent === "save") {
    await withHistory(actor, (tx) => saveMinutes(assembly.id, html, tx, facts), history);
    return doneForm(intent, "Procès-verbal enregistré.");
  }
  if (intent === "file") {
    const title = `Procès-verbal : ${assemblyTitle(assembly, event)}`;
    const identity = await legalIdentity();
    const file = await checkDocumentFile({
      buffer: await minutesPdf({ identity, title, subtitle: eventPractical(event).join(" · "), html, facts }),
    });
    const date = minutesDate(event);
    const source = { addedBy: actor.username, originalName: "" };
    const documentId = await withHistory(
      actor,
      async (tx) => {
        await saveMinutes(assembly.id, html, tx, facts);
        const replaced = assembly.minutesDocumentId
          ? await addVersion(tx, assembly.minutesDocumentId, date, file, source)
          : null;
        const id =
          replaced?.document.id ??
          (await createDocument(tx, { kind: "proces_verbal", title, visibility: "membres", date }, file, source)).id;
        await setMinutesDocument(assembly.id, id, tx);
        return id;
      },
      (id) => ({ kind: "assemblee.depot", target: target(assembly.id), detail: `document n° ${id}` }),
    );
    return doneForm(intent, `Procès-verbal déposé en PDF dans les documents (document n° ${documentId}).`);
  }
  return refusedForm(form, "Action inconnue.");
}
