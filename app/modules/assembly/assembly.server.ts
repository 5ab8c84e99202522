import { publicUrl } from "~/db/association.server";
import { Refusal } from "~/modules/forms/refusal.server";
import crypto from "node:crypto";
import { de } from "~/lib/text";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { z } from "zod";
import { getDb, readAll, type Executor } from "~/db/client.server";
import { assemblies, assemblyItems, assemblyMembers, volunteerMembers } from "~/modules/assembly/assembly.tables";
import { events } from "~/modules/events/events.tables";
import { gardeners } from "~/modules/register/register.tables";
import { parisDateOf, parisToday } from "~/lib/paris-time";
import { formatDate } from "~/lib/dates";
import { keyedHash } from "~/server/server-secret.server";
import type { Job } from "~/server/jobs.server";
import { mailAssociation } from "~/modules/content/content.server";
import { currentDocument } from "~/modules/documents/documents.server";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { convocationMail, convocationParts } from "./assembly.mail.server";
import { membersToConvene, type MembershipRules, type Person } from "./assembly.membership.server";
import {
  ASSEMBLY_DEFAULTS,
  isAdopted,
  type AgendaItemInput,
  type AssemblyKind,
  type AssemblySettings,
  type MinutesFacts,
  type VoteCounts,
} from "./assembly.schema";

export type Assembly = typeof assemblies.$inferSelect;
export type AssemblyMember = typeof assemblyMembers.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** A refusal of the assembly's rules, as the screens show it. */
export class AssemblyRefusal extends Refusal {}

const TOKEN_SHAPE = /^[\w-]{40,60}$/;

/** The personal link's token, derived from the member's key with the server's secret; the table keeps its HMAC. */
export const memberToken = (member: { linkKey: string }) => keyedHash(`assemblee:${member.linkKey}`);

/** A new key, and the HMAC of the token it gives. */
export function linkColumns(key = crypto.randomBytes(32).toString("base64url")) {
  return { linkKey: key, linkHash: keyedHash(memberToken({ linkKey: key })) };
}

export const memberLink = (member: { linkKey: string }) =>
  new URL(`/assemblee/${memberToken(member)}`, publicUrl()).toString();

/** The rules of a new assembly: the previous assembly's, or the defaults. */
async function latestSettings(executor: Executor) {
  const [previous] = await executor.select().from(assemblies).orderBy(desc(assemblies.id)).limit(1);
  if (!previous) return ASSEMBLY_DEFAULTS;
  const { convocationDays, voiceBasis, maxProxies, quorumPercent, majority, membership, membershipFeeYear } = previous;
  return { convocationDays, voiceBasis, maxProxies, quorumPercent, majority, membership, membershipFeeYear };
}

/** Marks `eventId` as the general assembly, with the previous assembly's rules; refused when it is one already. */
export async function markAssembly(eventId: number, kind: AssemblyKind, executor: Executor, isDemo = false) {
  const [event] = await executor.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new AssemblyRefusal("Cet événement n'existe plus.", 404);
  if (!event.start) throw new AssemblyRefusal("Donnez d'abord une date à cet événement.");
  const [assembly] = await executor
    .insert(assemblies)
    .values({ eventId, kind, ...(await latestSettings(executor)), isDemo })
    .onConflictDoNothing()
    .returning();
  if (!assembly) throw new AssemblyRefusal("Cet événement est déjà marqué comme assemblée générale.");
  return assembly;
}

/** Takes the mark off an event marked by mistake; refused once convened (the members were told). */
export async function unmarkAssembly(id: number, executor: Executor) {
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (assembly.convokedAt)
    throw new AssemblyRefusal("La convocation est partie : cette assemblée ne peut plus être retirée.");
  await executor.delete(assemblies).where(eq(assemblies.id, id));
}

/** The assemblies, newest event first, with their event. */
export async function listAssemblies(executor: Executor = getDb()) {
  return executor
    .select({ assembly: assemblies, event: events })
    .from(assemblies)
    .innerJoin(events, eq(events.id, assemblies.eventId))
    .orderBy(desc(events.start), desc(assemblies.id));
}

/** Events that can become the assembly: dated, to come, not one already. */
export async function eventsToMark(now = new Date(), executor: Executor = getDb()) {
  return executor
    .select({ id: events.id, title: events.title, start: events.start })
    .from(events)
    .leftJoin(assemblies, eq(assemblies.eventId, events.id))
    .where(and(isNull(assemblies.id), isNotNull(events.start), sql`${events.start} > ${now}`))
    .orderBy(asc(events.start))
    .limit(50);
}

export async function getAssembly(id: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ assembly: assemblies, event: events })
    .from(assemblies)
    .innerJoin(events, eq(events.id, assemblies.eventId))
    .where(eq(assemblies.id, id));
  return row;
}

/** The last day the convocation may go (Paris): the assembly's day less the statutes' delay. */
export function lastDayToConvene(event: Pick<EventRow, "start">, days: number) {
  if (!event.start) return null;
  return DateTime.fromISO(parisDateOf(event.start)).minus({ days }).toISODate()!;
}

/** Whether the assembly has started: answers stop, presence starts. */
export const hasStarted = (event: Pick<EventRow, "start">, now = new Date()) =>
  event.start !== null && event.start.getTime() <= now.getTime();

/**
 * Why presence, votes and minutes cannot be taken yet: before the assembly's day (Paris) they would record a meeting
 * that has not been held (decision 030). Null from its day on.
 */
export function beforeTheDay(event: Pick<EventRow, "start">, now = new Date()) {
  if (!event.start) return "Donnez d'abord une date à l'assemblée.";
  if (parisToday(now) >= parisDateOf(event.start)) return null;
  return `L'assemblée a lieu le ${formatDate(event.start)} : la présence, les votes et le procès-verbal se saisissent à partir de ce jour-là.`;
}

/** When it ends: its end, or its start's day's end when it has none. */
export function endsAt(event: Pick<EventRow, "start" | "endDate">) {
  if (event.endDate && event.start && event.endDate > event.start) return event.endDate;
  return event.start ? new Date(event.start.getTime() + 12 * 3_600_000) : null;
}

/** Changes the rules; refused once convened, as the members were told under them. */
export async function updateSettings(id: number, settings: AssemblySettings, executor: Executor) {
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (assembly.convokedAt)
    throw new AssemblyRefusal("La convocation est partie : les règles de cette assemblée ne changent plus.");
  await executor.update(assemblies).set(settings).where(eq(assemblies.id, id));
}

export async function agendaOf(assemblyId: number, executor: Executor = getDb()) {
  return executor
    .select()
    .from(assemblyItems)
    .where(eq(assemblyItems.assemblyId, assemblyId))
    .orderBy(asc(assemblyItems.position), asc(assemblyItems.id));
}

/** Replaces the agenda; refused once convened (the convocation gave it). */
export async function saveAgenda(id: number, items: AgendaItemInput[], executor: Executor) {
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (assembly.convokedAt) throw new AssemblyRefusal("La convocation est partie : l'ordre du jour ne change plus.");
  await executor.delete(assemblyItems).where(eq(assemblyItems.assemblyId, id));
  if (items.length > 0)
    await executor.insert(assemblyItems).values(items.map((item, i) => ({ assemblyId: id, position: i + 1, ...item })));
}

/**
 * Whether a convocation can reach `email` by mail; without, the member's convocation is a letter to print (« Lettres
 * à imprimer »). One rule for the convocation, its preview, its counts and its letters.
 */
export const reachableByEmail = (email: string | null) => z.email().safeParse((email ?? "").trim()).success;

/** The statutes put the agenda on the convocation (the demo's, art. 6): none goes without one. */
export const EMPTY_AGENDA =
  "L'ordre du jour est vide : il figure sur la convocation. Enregistrez-le avant de l'envoyer.";

export const NOBODY_TO_CONVENE = "Aucun membre à convoquer : vérifiez qui est membre selon les règles des statuts.";

/** « g12 » for a gardener, « v3 » for a member added by hand: how a member row and a person of the register meet. */
const memberKey = (m: { gardenerId: number | null; volunteerId: number | null }) =>
  m.gardenerId !== null ? `g${m.gardenerId}` : `v${m.volunteerId}`;

/** What a convocation did: members convened, e-mails queued, letters to print. */
export interface Convened {
  members: number;
  sent: number;
  printed: number;
}

/**
 * Fixes the members (current gardeners) and gives each a personal link, once; refused after the last day the
 * statutes allow. `deliver` queues each member's e-mail in the caller's transaction (those with a usable address);
 * the demo's delivers nothing, its addresses being made up.
 */
export async function convene(
  tx: Executor,
  id: number,
  deliver: (tx: Executor, member: AssemblyMember & { linkKey: string }, email: string) => Promise<void>,
  now: Date,
): Promise<Convened> {
  const [assembly] = await tx.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (assembly.convokedAt) throw new AssemblyRefusal("La convocation est déjà partie.");
  const [event] = await tx.select().from(events).where(eq(events.id, assembly.eventId));
  const lastDay = event && lastDayToConvene(event, assembly.convocationDays);
  if (!event || !lastDay) throw new AssemblyRefusal("Donnez d'abord une date à l'assemblée.");
  if (parisToday(now) > lastDay)
    throw new AssemblyRefusal(
      `Trop tard pour convoquer : les statuts demandent ${assembly.convocationDays} jours, la convocation devait partir au plus tard le ${DateTime.fromISO(lastDay).setLocale("fr").toFormat("d LLLL yyyy")}. Changez la date de l'assemblée.`,
    );
  if ((await agendaOf(id, tx)).length === 0) throw new AssemblyRefusal(EMPTY_AGENDA);
  const people = await membersToConvene(rulesOf(assembly), tx);
  if (people.length === 0) throw new AssemblyRefusal(NOBODY_TO_CONVENE);
  const convened = await addMembers(tx, id, people, deliver);
  await tx.update(assemblies).set({ convokedAt: now }).where(eq(assemblies.id, id));
  return convened;
}

/** Makes `people` members of the assembly, each with a personal link, and delivers their convocation (see `convene`). */
async function addMembers(
  tx: Executor,
  id: number,
  people: Person[],
  deliver: Parameters<typeof convene>[2],
): Promise<Convened> {
  const members = await tx
    .insert(assemblyMembers)
    .values(
      people.map((p) => ({
        assemblyId: id,
        gardenerId: p.gardenerId,
        volunteerId: p.volunteerId,
        name: p.name,
        familyName: p.familyName,
        givenNames: p.givenNames,
        civility: p.civility,
        voices: p.voices,
        reason: p.reason,
        ...linkColumns(),
      })),
    )
    .returning();
  const emails = new Map(people.map((p) => [p.key, p.email.trim()]));
  let sent = 0;
  for (const member of members) {
    const email = emails.get(memberKey(member)) ?? "";
    // No address, or one no mail could reach: the member is in « Lettres à imprimer ».
    if (!reachableByEmail(email)) continue;
    await deliver(tx, member as AssemblyMember & { linkKey: string }, email);
    sent++;
  }
  return { members: members.length, sent, printed: members.length - sent };
}

/**
 * The members under the assembly's rule who are not members of an assembly already convened: those who joined since. They are
 * members on the day too, so they are convened as the others were, until it starts (decision 030).
 */
export async function latecomers(assembly: Assembly, executor: Executor = getDb()) {
  if (!assembly.convokedAt) return [];
  const [people, members] = await readAll(executor, [
    () => membersToConvene(rulesOf(assembly), executor),
    () =>
      executor
        .select({ gardenerId: assemblyMembers.gardenerId, volunteerId: assemblyMembers.volunteerId })
        .from(assemblyMembers)
        .where(eq(assemblyMembers.assemblyId, assembly.id)),
  ]);
  const convened = new Set(members.map(memberKey));
  return people.filter((p) => !convened.has(p.key));
}

/** The rules that say who is a member, of an assembly. */
export const rulesOf = (a: Assembly): MembershipRules => ({
  voiceBasis: a.voiceBasis,
  membership: a.membership,
  membershipFeeYear: a.membershipFeeYear,
});

const byMemberName = [
  sql`coalesce(nullif(${assemblyMembers.familyName}, ''), ${assemblyMembers.name}) collate french`,
  sql`${assemblyMembers.givenNames} collate french`,
  asc(assemblyMembers.id),
];

/** An assembly's member, with the day they left the association when that is the assembly's day or before. */
export type MemberOnTheDay = AssemblyMember & { leftOn: string | null };

/**
 * An assembly's members by family name (French order). A gardener who left, or a member added by hand whose
 * membership ended, on or before the assembly's day is no longer a member (`leftOn`): not counted, not a proxy holder.
 */
export async function membersOf(assemblyId: number, executor: Executor = getDb()): Promise<MemberOnTheDay[]> {
  const rows = await executor
    .select({
      member: assemblyMembers,
      gardenerLeft: gardeners.endDate,
      volunteerLeft: volunteerMembers.endDate,
      start: events.start,
    })
    .from(assemblyMembers)
    .innerJoin(assemblies, eq(assemblies.id, assemblyMembers.assemblyId))
    .innerJoin(events, eq(events.id, assemblies.eventId))
    .leftJoin(gardeners, eq(gardeners.id, assemblyMembers.gardenerId))
    .leftJoin(volunteerMembers, eq(volunteerMembers.id, assemblyMembers.volunteerId))
    .where(eq(assemblyMembers.assemblyId, assemblyId))
    .orderBy(...byMemberName);
  return rows.map(({ member, gardenerLeft, volunteerLeft, start }) => {
    const left = gardenerLeft ?? volunteerLeft;
    return { ...member, leftOn: left && start && left <= parisDateOf(start) ? left : null };
  });
}

/** What a member who left reads on their page, and when they answer anyway. */
export const youLeftWords = (leftOn: string) =>
  `Vous avez quitté l'association le ${formatDate(`${leftOn}T12:00:00Z`)} : vous n'êtes plus membre de cette assemblée.`;

/** « a quitté l'association le 3 mars 2027 ». */
export const leftWords = (leftOn: string) => `a quitté l'association le ${formatDate(`${leftOn}T12:00:00Z`)}`;

/** Members with their assembly and its event. */
const membersWithAssembly = () =>
  getDb()
    .select({ member: assemblyMembers, assembly: assemblies, event: events })
    .from(assemblyMembers)
    .innerJoin(assemblies, eq(assemblies.id, assemblyMembers.assemblyId))
    .innerJoin(events, eq(events.id, assemblies.eventId));

/** The member of a personal link, with the assembly and its event; undefined for an unknown or expired link. */
export async function findByToken(token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await membersWithAssembly().where(eq(assemblyMembers.linkHash, keyedHash(token)));
  return row;
}

/** A member by id, with the assembly and its event, while their link lasts (the assembly not over); else undefined. */
export async function findMember(memberId: number) {
  const [row] = await membersWithAssembly().where(
    and(eq(assemblyMembers.id, memberId), isNotNull(assemblyMembers.linkHash)),
  );
  return row;
}

/**
 * The assembly a gardener is convened to and that is not over yet (the soonest, should two be convened at once): the
 * member's row with the assembly and its event, or undefined. « Mon jardin » answers it by the member's id.
 */
export async function convenedMemberOf(gardenerId: number, now = new Date()) {
  const rows = await membersWithAssembly()
    .where(and(eq(assemblyMembers.gardenerId, gardenerId), isNotNull(assemblyMembers.linkHash)))
    .orderBy(asc(events.start), asc(assemblies.id));
  // The links go a few minutes after the end (a job's period): the end itself decides.
  return rows.find((row) => (endsAt(row.event)?.getTime() ?? Infinity) > now.getTime());
}

export type AnswerChoice = { answer: "present" | "absent" } | { answer: "pouvoir"; holder: number };

/**
 * A member's answer, until the assembly starts (one received on paper, recorded by the bureau: until it ends). The member's row and the chosen holder's are locked together (in
 * the order of their ids, so two answers crossing never wait on each other), then the rules are checked: a proxy
 * goes to another member who has not given theirs, holding fewer than the statutes allow; a member who holds proxies
 * cannot give theirs nor stay away. Two answers at once are thus counted one after the other.
 */
export async function answer(
  memberId: number,
  choice: AnswerChoice,
  now = new Date(),
  { onPaper = false, executor }: { onPaper?: boolean; executor?: Executor } = {},
): Promise<AssemblyMember> {
  if (!executor) return getDb().transaction((tx) => answer(memberId, choice, now, { onPaper, executor: tx }));
  const tx = executor;
  const ids = choice.answer === "pouvoir" ? [memberId, choice.holder] : [memberId];
  const locked = await tx
    .select()
    .from(assemblyMembers)
    .where(inArray(assemblyMembers.id, ids))
    .orderBy(asc(assemblyMembers.id))
    .for("update");
  const member = locked.find((m) => m.id === memberId);
  if (!member || (!onPaper && !member.linkHash)) throw new AssemblyRefusal("Ce lien n'est plus valable.", 404);
  const [assembly] = await tx.select().from(assemblies).where(eq(assemblies.id, member.assemblyId));
  const [event] = await tx.select().from(events).where(eq(events.id, assembly!.eventId));
  // A slip or a signed proxy handed in at the door counts on the day: the bureau records it until the end.
  if (onPaper && (endsAt(event!)?.getTime() ?? Infinity) <= now.getTime())
    throw new AssemblyRefusal("L'assemblée est terminée : les réponses ne changent plus.", 403);
  if (!onPaper && hasStarted(event!, now))
    throw new AssemblyRefusal("L'assemblée a commencé : la réponse ne peut plus changer.", 403);
  const left = new Map((await membersOf(member.assemblyId, tx)).map((m) => [m.id, m.leftOn]));
  const ownLeft = left.get(member.id);
  if (ownLeft)
    throw new AssemblyRefusal(
      onPaper ? `${member.name} ${leftWords(ownLeft)} : sa réponse ne compte plus.` : youLeftWords(ownLeft),
      403,
    );
  if (choice.answer !== "present") {
    const held = await tx
      .select({ name: assemblyMembers.name })
      .from(assemblyMembers)
      .where(eq(assemblyMembers.proxyHolderId, member.id))
      .orderBy(asc(assemblyMembers.id));
    if (held.length > 0)
      throw new AssemblyRefusal(
        `${onPaper ? `${member.name} détient` : "Vous détenez"} le pouvoir ${de(held.map((h) => h.name).join(", "))} : demandez-leur d'abord de choisir un autre membre.`,
      );
  }
  let holderId: number | null = null;
  if (choice.answer === "pouvoir") {
    const holder = locked.find((m) => m.id === choice.holder);
    if (choice.holder === member.id)
      throw new AssemblyRefusal(
        onPaper
          ? "Un membre ne peut pas se donner pouvoir à lui-même."
          : "Vous ne pouvez pas vous donner pouvoir à vous-même.",
        400,
        "holder",
      );
    if (!holder || holder.assemblyId !== member.assemblyId)
      throw new AssemblyRefusal("Choisissez le membre à qui vous donnez pouvoir dans la liste.", 400, "holder");
    const holderLeft = left.get(holder.id);
    if (holderLeft)
      throw new AssemblyRefusal(`${holder.name} ${leftWords(holderLeft)} : choisissez un autre membre.`, 409, "holder");
    if (holder.answer === "pouvoir" || holder.answer === "absent")
      throw new AssemblyRefusal(
        `${holder.name} ${holder.answer === "pouvoir" ? "a donné son propre pouvoir" : "a répondu ne pas venir"} : choisissez un autre membre.`,
        409,
        "holder",
      );
    const [held] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(assemblyMembers)
      .where(and(eq(assemblyMembers.proxyHolderId, holder.id), ne(assemblyMembers.id, member.id)));
    if ((held?.n ?? 0) >= assembly!.maxProxies)
      throw new AssemblyRefusal(
        `${holder.name} détient déjà ${assembly!.maxProxies === 1 ? "le pouvoir" : `les ${assembly!.maxProxies} pouvoirs`} que les statuts permettent : choisissez un autre membre.`,
        409,
        "holder",
      );
    holderId = holder.id;
  }
  const [updated] = await tx
    .update(assemblyMembers)
    .set({ answer: choice.answer, proxyHolderId: holderId, answeredAt: now, answeredOnPaper: onPaper })
    .where(eq(assemblyMembers.id, member.id))
    .returning();
  return updated!;
}

/** Ticks (or unticks) a member present, on the day; not one who left the association before it. */
export async function setPresent(assemblyId: number, memberId: number, present: boolean, executor: Executor) {
  const gone = (await membersOf(assemblyId, executor)).find((m) => m.id === memberId)?.leftOn;
  if (gone && present) throw new AssemblyRefusal(`Ce membre ${leftWords(gone)} : il ne compte plus.`, 409);
  const [row] = await executor
    .update(assemblyMembers)
    .set({ present })
    .where(and(eq(assemblyMembers.id, memberId), eq(assemblyMembers.assemblyId, assemblyId)))
    .returning();
  if (!row) throw new AssemblyRefusal("Ce membre n'est pas convoqué à cette assemblée.", 404);
  return row;
}

export interface Quorum {
  members: number;
  voices: number;
  presentMembers: number;
  presentVoices: number;
  representedMembers: number;
  representedVoices: number;
  /** Voices needed to deliberate. */
  needed: number;
  reached: boolean;
}

/**
 * Present and represented: a proxy counts when its holder is present and its giver is not (a member present votes
 * for themselves: their proxy falls away).
 */
export function quorumOf(
  everyone: (Pick<AssemblyMember, "id" | "voices" | "present" | "answer" | "proxyHolderId"> & {
    leftOn?: string | null;
  })[],
  quorumPercent: number,
): Quorum {
  // Who left before the day is not a member: neither counted nor represented, nor representing.
  const members = everyone.filter((m) => !m.leftOn);
  const present = new Set(members.filter((m) => m.present).map((m) => m.id));
  const represented = members.filter(
    (m) => !m.present && m.answer === "pouvoir" && m.proxyHolderId !== null && present.has(m.proxyHolderId),
  );
  const sum = (rows: { voices: number }[]) => rows.reduce((n, m) => n + m.voices, 0);
  const voices = sum(members);
  const presentVoices = sum(members.filter((m) => m.present));
  const representedVoices = sum(represented);
  const needed = Math.ceil((voices * quorumPercent) / 100);
  return {
    members: members.length,
    voices,
    presentMembers: present.size,
    presentVoices,
    representedMembers: represented.length,
    representedVoices,
    needed,
    reached: voices > 0 && presentVoices + representedVoices >= needed,
  };
}

/** Which members a present member represents now (their proxies not fallen away). */
export function representedBy(
  members: (Pick<AssemblyMember, "id" | "present" | "answer" | "proxyHolderId"> & { leftOn?: string | null })[],
) {
  const map = new Map<number, number[]>();
  for (const m of members)
    if (!m.leftOn && m.answer === "pouvoir" && m.proxyHolderId !== null && !m.present)
      map.set(m.proxyHolderId, [...(map.get(m.proxyHolderId) ?? []), m.id]);
  return map;
}

/**
 * The voices present and represented, once `total` voices counted in the room are checked against them: refused
 * before the quorum, and when more were counted than there are. A resolution's count and an election's both.
 */
export async function checkCount(assembly: Assembly, total: number, executor: Executor) {
  const quorum = quorumOf(await membersOf(assembly.id, executor), assembly.quorumPercent);
  if (!quorum.reached) throw new AssemblyRefusal("Le quorum n'est pas atteint : l'assemblée ne peut pas délibérer.");
  const voices = quorum.presentVoices + quorum.representedVoices;
  if (total > voices)
    throw new AssemblyRefusal(
      `${total} voix comptées pour ${voices} voix présentes et représentées : vérifiez les nombres.`,
      400,
    );
  return voices;
}

/** Records a resolution's counts: at most the voices present and represented, and not before the quorum. */
export async function recordVotes(assemblyId: number, itemId: number, counts: VoteCounts, executor: Executor) {
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, assemblyId));
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  const [item] = await executor
    .select()
    .from(assemblyItems)
    .where(and(eq(assemblyItems.id, itemId), eq(assemblyItems.assemblyId, assemblyId)));
  if (!item || !item.isResolution) throw new AssemblyRefusal("Cette résolution n'existe plus.", 404);
  const voices = await checkCount(assembly, counts.votesFor + counts.votesAgainst + counts.abstentions, executor);
  await executor.update(assemblyItems).set(counts).where(eq(assemblyItems.id, itemId));
  return { adopted: isAdopted(counts, assembly.majority, voices), voices };
}

/**
 * Keeps the minutes as edited (sanitised by the caller), and who chaired the meeting, who took the minutes and when it
 * closed, when given.
 */
export async function saveMinutes(assemblyId: number, html: string, executor: Executor, facts?: MinutesFacts) {
  await executor
    .update(assemblies)
    .set({ minutes: html, ...facts })
    .where(eq(assemblies.id, assemblyId));
}

export async function setMinutesDocument(assemblyId: number, documentId: number, executor: Executor) {
  await executor.update(assemblies).set({ minutesDocumentId: documentId }).where(eq(assemblies.id, assemblyId));
}

/**
 * Deletes the personal links of the assemblies that ended (their answers and presence stay with the minutes).
 * Returns how many assemblies it closed.
 */
export async function deleteEndedLinks(now = new Date(), executor: Executor = getDb()) {
  const ended = await executor
    .select({ id: assemblies.id, start: events.start, endDate: events.endDate })
    .from(assemblies)
    .innerJoin(events, eq(events.id, assemblies.eventId))
    .where(and(isNull(assemblies.linksDeletedAt), lt(events.start, now)));
  const closed = ended.filter((a) => (endsAt(a)?.getTime() ?? Infinity) <= now.getTime()).map((a) => a.id);
  if (closed.length === 0) return 0;
  await executor
    .update(assemblyMembers)
    .set({ linkKey: null, linkHash: null })
    .where(inArray(assemblyMembers.assemblyId, closed));
  await executor.update(assemblies).set({ linksDeletedAt: now }).where(inArray(assemblies.id, closed));
  return closed.length;
}

/** Once an assembly has ended, its personal links go (product rules of issue 29; decision 030). */
export const assemblyLinksJob: Job<number> = {
  name: "liens personnels des assemblées terminées",
  everyMs: 15 * 60_000,
  firstAfterMs: 60_000,
  once: true,
  run: () => deleteEndedLinks(),
  report: (closed) => (closed > 0 ? { assemblees: closed } : undefined),
};

/** The titles of the documents joined to a convocation, in their order (those still there). */
export async function documentTitles(ids: number[], executor: Executor = getDb()) {
  const titles: string[] = [];
  for (const id of ids) {
    const doc = await currentDocument(id, executor);
    if (doc) titles.push(doc.title);
  }
  return titles;
}

/** Sends the convocation: each member with an address gets it by e-mail with their link, through the outbox. */
export async function sendConvocation(id: number, now = new Date(), executor?: Executor): Promise<Convened> {
  if (!executor) return getDb().transaction((tx) => sendConvocation(id, now, tx));
  const found = await getAssembly(id, executor);
  if (!found) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  return convene(executor, id, await convocationDelivery(found.assembly, found.event, executor), now);
}

/** How each member's convocation goes: the same e-mail for all (agenda, documents), with their own link. */
async function convocationDelivery(
  assembly: Assembly,
  event: EventRow,
  executor: Executor,
): Promise<Parameters<typeof convene>[2]> {
  const association = await mailAssociation(executor);
  const agenda = await agendaOf(assembly.id, executor);
  const documents = await documentTitles(assembly.documentIds, executor);
  return (tx, member, email) => {
    // Each member's letter agrees with them (« convoquée », « présente »).
    const parts = convocationParts(assembly, event, agenda, association, documents, member.civility);
    return enqueueMail(tx, convocationMail(email, member.name, memberLink(member), parts, association)).then(() => {});
  };
}

/**
 * Convenes the gardeners who joined since the convocation went, with the same convocation and their own links; refused
 * before the convocation, once the assembly has started, or when there is none.
 */
export async function conveneLatecomers(id: number, now = new Date(), executor?: Executor): Promise<Convened> {
  if (!executor) return getDb().transaction((tx) => conveneLatecomers(id, now, tx));
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (!assembly.convokedAt) throw new AssemblyRefusal("La convocation n'est pas encore partie : envoyez-la d'abord.");
  const [event] = await executor.select().from(events).where(eq(events.id, assembly.eventId));
  if (!event || hasStarted(event, now))
    throw new AssemblyRefusal("L'assemblée a commencé : il est trop tard pour convoquer.");
  const people = await latecomers(assembly, executor);
  if (people.length === 0) throw new AssemblyRefusal("Tous les membres sont déjà convoqués.");
  return addMembers(executor, id, people, await convocationDelivery(assembly, event, executor));
}

/** Chooses the documents joined to the convocation; refused once it went. */
export async function saveDocuments(id: number, documentIds: number[], executor: Executor) {
  const [assembly] = await executor.select().from(assemblies).where(eq(assemblies.id, id)).for("update");
  if (!assembly) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  if (assembly.convokedAt) throw new AssemblyRefusal("La convocation est partie : ses documents ne changent plus.");
  await executor.update(assemblies).set({ documentIds }).where(eq(assemblies.id, id));
}

/** The members' addresses for the printed convocations: those without a usable e-mail address, with their postal one. */
export async function membersOnPaper(assemblyId: number, executor: Executor = getDb()) {
  const rows = await executor
    .select({
      member: assemblyMembers,
      email: sql<string | null>`coalesce(${gardeners.email}, ${volunteerMembers.email})`,
      address: sql<string | null>`coalesce(${gardeners.address}, ${volunteerMembers.address})`,
      left: sql<string | null>`coalesce(${gardeners.endDate}, ${volunteerMembers.endDate})::text`,
    })
    .from(assemblyMembers)
    .leftJoin(gardeners, eq(gardeners.id, assemblyMembers.gardenerId))
    .leftJoin(volunteerMembers, eq(volunteerMembers.id, assemblyMembers.volunteerId))
    .where(eq(assemblyMembers.assemblyId, assemblyId))
    .orderBy(...byMemberName);
  // A letter to someone who has left since would convene a person who is no longer a member.
  return rows.filter((r) => !r.left && !reachableByEmail(r.email));
}
