import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { volunteerMembers } from "~/modules/assembly/assembly.tables";
import type { VolunteerForm } from "./assembly.schema";

/**
 * Members of the association who hold no plot, added by the bureau (the demo's statutes, art. 4: « les bénévoles
 * agréés par le bureau »). Convened with the gardeners while their membership lasts (decision 030).
 */

const byName = [
  sql`coalesce(nullif(${volunteerMembers.familyName}, ''), ${volunteerMembers.name}) collate french`,
  sql`${volunteerMembers.givenNames} collate french`,
  asc(volunteerMembers.id),
];

/** The members added by hand: current ones first, then those whose membership ended. */
export async function listVolunteers(executor: Executor = getDb()) {
  return executor
    .select()
    .from(volunteerMembers)
    .orderBy(sql`${volunteerMembers.endDate} is not null`, ...byName);
}

/** The current ones (no end date): members today. */
export async function currentVolunteers(executor: Executor = getDb()) {
  return executor
    .select()
    .from(volunteerMembers)
    .where(isNull(volunteerMembers.endDate))
    .orderBy(...byName);
}

export async function addVolunteer(form: VolunteerForm, executor: Executor, isDemo = false) {
  const name = [form.givenNames, form.familyName].filter(Boolean).join(" ");
  const [row] = await executor
    .insert(volunteerMembers)
    .values({ ...form, name, isDemo })
    .returning();
  return row!;
}

/** Ends a membership on `endDate`: from then they are not convened, nor counted. Refused when ended already. */
export async function endVolunteer(id: number, endDate: string, executor: Executor) {
  const [row] = await executor
    .update(volunteerMembers)
    .set({ endDate })
    .where(and(eq(volunteerMembers.id, id), isNull(volunteerMembers.endDate)))
    .returning();
  return row;
}

/** Deletes the record of a membership that ended (the assemblies they were convened to keep their name). */
export async function deleteVolunteer(id: number, executor: Executor) {
  const [row] = await executor
    .delete(volunteerMembers)
    .where(and(eq(volunteerMembers.id, id), isNotNull(volunteerMembers.endDate)))
    .returning();
  return row;
}
