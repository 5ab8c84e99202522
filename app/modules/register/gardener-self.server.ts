import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { gardeners } from "~/modules/register/register.tables";

/*
 * What a gardener changes of their own record from « Mon jardin »: their phones and postal address, whether they
 * receive the information letters to gardeners, and their e-mail address once the new one is confirmed. The register
 * owns the table; « Mon jardin » asks it here.
 */

/** How the record says the gardener opted out of the information letters from their space (decision 029). */
const OPT_OUT_FROM_MY_GARDEN = "depuis Mon jardin";

export interface ContactDetails {
  mobile: string;
  landline: string;
  address: string;
}

/** What « Mes coordonnées » shows: the contact details and whether the information letters reach them. */
export async function contactDetailsOf(gardenerId: number, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      mobile: gardeners.mobile,
      landline: gardeners.landline,
      address: gardeners.address,
      email: gardeners.email,
      lettersOptedOut: isNotNull(gardeners.lettersOptOutAt).mapWith(Boolean),
    })
    .from(gardeners)
    .where(eq(gardeners.id, gardenerId));
  return row;
}

/**
 * Writes the contact details and returns the names of the fields that changed (none: nothing written). Like the
 * bureau's form, a demo record changed by a person is no longer demo content: removing the demo keeps it.
 */
export async function updateContactDetails(gardenerId: number, details: ContactDetails, executor: Executor) {
  const [before] = await executor
    .select({ mobile: gardeners.mobile, landline: gardeners.landline, address: gardeners.address })
    .from(gardeners)
    .where(eq(gardeners.id, gardenerId))
    .for("update");
  if (!before) return [];
  const changed = (Object.keys(details) as (keyof ContactDetails)[]).filter((key) => before[key] !== details[key]);
  if (changed.length > 0)
    await executor
      .update(gardeners)
      .set({ ...details, isDemo: false, updatedAt: new Date() })
      .where(eq(gardeners.id, gardenerId));
  return changed;
}

/** Opts the gardener out of the information letters, or back in, from their space; the row when it changed. */
export async function setOwnLettersOptOut(gardenerId: number, out: boolean, executor: Executor, now = new Date()) {
  const [row] = await executor
    .update(gardeners)
    .set(
      out
        ? { lettersOptOutAt: now, lettersOptOutHow: OPT_OUT_FROM_MY_GARDEN }
        : { lettersOptOutAt: null, lettersOptOutHow: "" },
    )
    .where(
      and(eq(gardeners.id, gardenerId), out ? isNull(gardeners.lettersOptOutAt) : isNotNull(gardeners.lettersOptOutAt)),
    )
    .returning({ id: gardeners.id });
  return row;
}

/** Whether another current gardener has this address (compared trimmed, in any case): two cannot sign in with one. */
export async function emailUsedByAnother(gardenerId: number, email: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({ id: gardeners.id })
    .from(gardeners)
    .where(
      and(
        eq(sql`lower(trim(${gardeners.email}))`, email.trim().toLowerCase()),
        ne(gardeners.id, gardenerId),
        isNull(gardeners.endDate),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Changes a current gardener's address; the row, or undefined when they left or their record is gone. */
export async function changeOwnEmail(gardenerId: number, email: string, executor: Executor) {
  const [before] = await executor
    .select({ email: gardeners.email })
    .from(gardeners)
    .where(and(eq(gardeners.id, gardenerId), isNull(gardeners.endDate)))
    .for("update");
  if (!before) return undefined;
  const [row] = await executor
    .update(gardeners)
    .set({ email, isDemo: false, updatedAt: new Date() })
    .where(eq(gardeners.id, gardenerId))
    .returning({ id: gardeners.id, email: gardeners.email });
  return row && { ...row, previousEmail: before.email };
}
