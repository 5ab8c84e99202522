import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { assemblies, assemblyCandidates, assemblyItems, associationOfficers } from "~/modules/assembly/assembly.tables";
import { events } from "~/modules/events/events.tables";
import { parisDateOf, parisToday } from "~/lib/paris-time";
import { OFFICES, type Office } from "./assembly.schema";
import { AssemblyRefusal, checkCount } from "./assembly.server";

/**
 * « Élection du bureau » (decision 030): candidates per office the statutes name, the voices each received, the
 * elected named in the minutes and written into the association's officers (`association_officers`), whose president
 * the legal notice names as the publication's director when Paramètres names nobody.
 */

export type Candidate = typeof assemblyCandidates.$inferSelect;

/** An election item of the assembly, or the refusal. */
async function electionItem(assemblyId: number, itemId: number, executor: Executor) {
  const [item] = await executor
    .select()
    .from(assemblyItems)
    .where(and(eq(assemblyItems.id, itemId), eq(assemblyItems.assemblyId, assemblyId)));
  if (!item || !item.isElection) throw new AssemblyRefusal("Cette élection n'est plus à l'ordre du jour.", 404);
  return item;
}

/** The candidates of an assembly's elections, by item, office and order of entry. */
export async function candidatesOf(assemblyId: number, executor: Executor = getDb()) {
  return executor
    .select({ candidate: assemblyCandidates })
    .from(assemblyCandidates)
    .innerJoin(assemblyItems, eq(assemblyItems.id, assemblyCandidates.itemId))
    .where(eq(assemblyItems.assemblyId, assemblyId))
    .orderBy(asc(assemblyCandidates.itemId), asc(assemblyCandidates.office), asc(assemblyCandidates.id))
    .then((rows) => rows.map((r) => r.candidate));
}

export async function addCandidate(
  assemblyId: number,
  itemId: number,
  candidate: { office: Office; name: string },
  executor: Executor,
) {
  await electionItem(assemblyId, itemId, executor);
  const [row] = await executor
    .insert(assemblyCandidates)
    .values({ itemId, ...candidate })
    .returning();
  return row!;
}

/** Withdraws a candidate; the office's count is then to be typed again (its elected, if any, is forgotten). */
export async function removeCandidate(assemblyId: number, candidateId: number, executor: Executor) {
  const [row] = await executor
    .select({ candidate: assemblyCandidates })
    .from(assemblyCandidates)
    .innerJoin(assemblyItems, eq(assemblyItems.id, assemblyCandidates.itemId))
    .where(and(eq(assemblyCandidates.id, candidateId), eq(assemblyItems.assemblyId, assemblyId)));
  if (!row) throw new AssemblyRefusal("Ce candidat n'est plus dans la liste.", 404);
  await executor.delete(assemblyCandidates).where(eq(assemblyCandidates.id, candidateId));
  await executor
    .update(assemblyCandidates)
    .set({ votes: null })
    .where(
      and(eq(assemblyCandidates.itemId, row.candidate.itemId), eq(assemblyCandidates.office, row.candidate.office)),
    );
  await executor
    .delete(associationOfficers)
    .where(and(eq(associationOfficers.assemblyId, assemblyId), eq(associationOfficers.office, row.candidate.office)));
  return row.candidate;
}

/**
 * The elected of an office: the candidate with the most voices, alone at the top and with at least one; null while
 * uncounted, without candidates, or on a tie (a new round is typed over it).
 */
export function electedOf(candidates: Pick<Candidate, "id" | "name" | "votes">[]) {
  if (candidates.length === 0 || candidates.some((c) => c.votes === null)) return null;
  const top = Math.max(...candidates.map((c) => c.votes!));
  const first = candidates.filter((c) => c.votes === top);
  return top > 0 && first.length === 1 ? first[0]! : null;
}

/**
 * Records an office's count: every candidate's voices, at most the voices present and represented in all, not before
 * the quorum; the elected, if one, becomes the office's holder from the assembly's day (replacing what this assembly
 * had recorded for it). Returns the elected, or null (a tie).
 */
export async function recordElection(
  assemblyId: number,
  itemId: number,
  office: Office,
  votes: Map<number, number>,
  executor: Executor,
) {
  await electionItem(assemblyId, itemId, executor);
  const [row] = await executor
    .select({ assembly: assemblies, start: events.start })
    .from(assemblies)
    .innerJoin(events, eq(events.id, assemblies.eventId))
    .where(eq(assemblies.id, assemblyId));
  if (!row) throw new AssemblyRefusal("Cette assemblée n'existe plus.", 404);
  const candidates = await executor
    .select()
    .from(assemblyCandidates)
    .where(and(eq(assemblyCandidates.itemId, itemId), eq(assemblyCandidates.office, office)))
    .orderBy(asc(assemblyCandidates.id));
  if (candidates.length === 0) throw new AssemblyRefusal("Ajoutez d'abord les candidats à ce poste.", 400);
  await checkCount(
    row.assembly,
    candidates.reduce((n, c) => n + (votes.get(c.id) ?? 0), 0),
    executor,
  );
  for (const c of candidates)
    await executor
      .update(assemblyCandidates)
      .set({ votes: votes.get(c.id) ?? 0 })
      .where(eq(assemblyCandidates.id, c.id));
  const elected = electedOf(candidates.map((c) => ({ ...c, votes: votes.get(c.id) ?? 0 })));
  await executor
    .delete(associationOfficers)
    .where(and(eq(associationOfficers.assemblyId, assemblyId), eq(associationOfficers.office, office)));
  if (elected)
    await executor.insert(associationOfficers).values({
      office,
      name: elected.name,
      since: row.start ? parisDateOf(row.start) : parisToday(),
      assemblyId,
    });
  return elected;
}

/** Who holds each office now: its latest holder, by office in the statutes' order (an office never filled left out). */
export async function currentOfficers(executor: Executor = getDb()) {
  const rows = await executor
    .select()
    .from(associationOfficers)
    .where(inArray(associationOfficers.office, [...OFFICES]))
    .orderBy(desc(associationOfficers.since), desc(associationOfficers.id));
  return OFFICES.flatMap((office) => {
    const holder = rows.find((r) => r.office === office);
    return holder ? [holder] : [];
  });
}

/** The president the last election made, or null: the legal notice's publication director when Paramètres names none. */
export async function electedPresident(executor: Executor = getDb()) {
  return (await currentOfficers(executor)).find((o) => o.office === "presidence")?.name ?? null;
}
