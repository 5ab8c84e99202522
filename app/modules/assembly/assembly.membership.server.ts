import { and, isNull, lte, sql } from "drizzle-orm";
import { parisToday } from "~/lib/paris-time";
import { getDb, readAll, type Executor } from "~/db/client.server";
import { gardeners } from "~/modules/register/register.tables";
import { formatDate } from "~/lib/dates";
import { agreed, compareFamilyFirst } from "~/lib/text";
import { byFamilyName } from "~/modules/register/gardeners.server";
import { feeSettledByGardener } from "~/modules/register/fees.server";
import type { Membership, VoiceBasis } from "./assembly.schema";
import { currentVolunteers } from "./volunteers.server";

/**
 * Who the statutes make a member, under an assembly's rule (decision 030): every current gardener, or those whose fee
 * of a year is settled; and, under either rule, the members the bureau added by hand (no plot). Each with the reason
 * the assembly's page shows, and those left out with theirs.
 */

export interface MembershipRules {
  voiceBasis: VoiceBasis;
  membership: Membership;
  membershipFeeYear: number | null;
}

/** Someone the convocation would go to, as the register knows them now. */
export interface Person {
  /** « g12 », « v3 »: a gardener or a member added by hand. */
  key: string;
  gardenerId: number | null;
  volunteerId: number | null;
  name: string;
  familyName: string;
  givenNames: string;
  civility: string;
  email: string;
  address: string;
  voices: number;
  reason: string;
}

/** The members under `rules` now, by family name, and the current gardeners the rule leaves out, with why. */
export async function membershipOf(rules: MembershipRules, executor: Executor = getDb()) {
  // Written out whole: in a select from one table, Drizzle names columns without their table.
  const plotsHeld = sql<number>`(select count(*) from plot_holdings h where h.gardener_id = "gardeners"."id" and h.end_date is null)`;
  const [current, volunteers, settled] = await readAll(executor, [
    () =>
      executor
        .select({
          id: gardeners.id,
          name: gardeners.name,
          familyName: gardeners.familyName,
          givenNames: gardeners.givenNames,
          civility: gardeners.civility,
          email: gardeners.email,
          address: gardeners.address,
          plots: plotsHeld.mapWith(Number),
        })
        .from(gardeners)
        // A newcomer whose plots start later (decision 036) is a member from that day.
        .where(and(isNull(gardeners.endDate), lte(gardeners.startDate, parisToday())))
        .orderBy(...byFamilyName),
    () => currentVolunteers(executor),
    () =>
      rules.membership === "cotisation" && rules.membershipFeeYear !== null
        ? feeSettledByGardener(rules.membershipFeeYear, executor)
        : null,
  ]);
  const year = rules.membershipFeeYear;
  const members: Person[] = [];
  const excluded: { name: string; familyName: string; givenNames: string; reason: string }[] = [];
  for (const g of current) {
    const standing = settled?.get(g.id);
    if (settled && standing !== true) {
      const reason = standing === false ? `cotisation ${year} non réglée` : `pas de cotisation ${year} appelée`;
      excluded.push({ name: g.name, familyName: g.familyName, givenNames: g.givenNames, reason });
      continue;
    }
    members.push({
      key: `g${g.id}`,
      gardenerId: g.id,
      volunteerId: null,
      name: g.name,
      familyName: g.familyName,
      givenNames: g.givenNames,
      civility: g.civility,
      email: g.email,
      address: g.address,
      // One voice per plot held, and still one for a member holding none: they are a member all the same.
      voices: rules.voiceBasis === "parcelle" ? Math.max(1, g.plots) : 1,
      reason: settled
        ? `Cotisation ${year} réglée`
        : agreed(g.civility, "Jardinier actuel", "Jardinière actuelle", "Jardinier actuel"),
    });
  }
  for (const v of volunteers)
    members.push({
      key: `v${v.id}`,
      gardenerId: null,
      volunteerId: v.id,
      name: v.name,
      familyName: v.familyName,
      givenNames: v.givenNames,
      civility: v.civility,
      email: v.email,
      address: v.address,
      voices: 1,
      reason: `${agreed(v.civility, "Membre ajouté", "Membre ajoutée", "Membre ajouté")} par le bureau (depuis le ${formatDate(`${v.startDate}T12:00:00Z`)})`,
    });
  members.sort(compareFamilyFirst);
  return { members, excluded };
}

/** The members the convocation would go to now. */
export async function membersToConvene(rules: MembershipRules, executor: Executor = getDb()) {
  return (await membershipOf(rules, executor)).members;
}
