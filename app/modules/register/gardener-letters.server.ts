import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, readAll, type Executor } from "~/db/client.server";
import { gardenerFees, gardeners, gardenSites, plotHoldings, plots } from "~/modules/register/register.tables";
import { keyedHash } from "~/server/server-secret.server";
import { currentFeeYear } from "./fees.server";
import { byFamilyName } from "./gardeners.server";
import { ofSite } from "./plots.labels";

/*
 * The gardeners a letter is written to, as the register knows them: a group (all current gardeners, those of some
 * sites, those whose fee of a year is not settled, the holders of some plots), who of them has an address, and who
 * no longer wants the information letters (decision 029). The newsletter module queues and renders the letters.
 */

/** Which current gardeners: all, those holding a plot on `siteIds`, those owing on their fee of `feeYear`, the holders of `plotIds`. */
export interface GardenerGroup {
  kind: "actuels" | "jardins" | "cotisation" | "parcelles";
  siteIds: readonly number[];
  plotIds: readonly number[];
  feeYear: number | null;
}

const holdsOneOf = (plotCondition: SQL) =>
  sql`exists (select 1 from ${plotHoldings} join ${plots} on ${plots.id} = ${plotHoldings.plotId}
    where ${plotHoldings.gardenerId} = ${gardeners.id} and ${plotHoldings.endDate} is null and ${plotCondition})`;

/** Something left to pay on the fee of `year`: called less waived (nothing once cancelled), less what was paid. */
const owesFeeOf = (year: number) =>
  sql`exists (select 1 from ${gardenerFees} f where f.gardener_id = ${gardeners.id} and f.year = ${year}
    and f.status <> 'cancelled'
    and f.amount_cents - f.waived_cents > coalesce((select sum(p.amount_cents) from gardener_payments p where p.fee_id = f.id), 0))`;

/** The group as a condition on `gardeners`: current gardeners only (a former one is no longer a member). */
export function groupCondition(group: GardenerGroup): SQL {
  const current = isNull(gardeners.endDate);
  switch (group.kind) {
    case "actuels":
      return current;
    case "jardins":
      return group.siteIds.length === 0
        ? sql`false`
        : and(current, holdsOneOf(inArray(plots.siteId, [...group.siteIds])))!;
    case "parcelles":
      return group.plotIds.length === 0 ? sql`false` : and(current, holdsOneOf(inArray(plots.id, [...group.plotIds])))!;
    case "cotisation":
      return group.feeYear === null ? sql`false` : and(current, owesFeeOf(group.feeYear))!;
  }
}

/** A gardener's address as a letter uses it: trimmed and lower-cased, so that two records sharing it get one message. */
export const letterAddress = sql<string>`lower(trim(${gardeners.email}))`;
const hasAddress = sql`trim(${gardeners.email}) <> ''`;
const optedOut = isNotNull(gardeners.lettersOptOutAt);

/**
 * What a letter to the group would be now: its gardeners, those without an address, those who opted out of the
 * information letters, and the distinct addresses with and without those who opted out.
 */
export async function groupFigures(group: GardenerGroup, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      gardeners: sql<number>`count(*)`.mapWith(Number),
      withoutEmail: sql<number>`count(*) filter (where not (${hasAddress}))`.mapWith(Number),
      optedOut: sql<number>`count(*) filter (where ${optedOut})`.mapWith(Number),
      withoutEmailOptedOut: sql<number>`count(*) filter (where not (${hasAddress}) and ${optedOut})`.mapWith(Number),
      addresses: sql<number>`count(distinct ${letterAddress}) filter (where ${hasAddress})`.mapWith(Number),
      addressesWanted:
        sql<number>`count(distinct ${letterAddress}) filter (where ${hasAddress} and not (${optedOut}))`.mapWith(
          Number,
        ),
    })
    .from(gardeners)
    .where(groupCondition(group));
  return (
    row ?? { gardeners: 0, withoutEmail: 0, optedOut: 0, withoutEmailOptedOut: 0, addresses: 0, addressesWanted: 0 }
  );
}

/**
 * The addresses of the group, once each (SQL, one column `email`): those who opted out left out when `respectOptOut`
 * (an information letter). An address shared by two records goes while one of them still wants the letters.
 */
export function groupAddresses(group: GardenerGroup, respectOptOut: boolean) {
  return sql`select distinct ${letterAddress} from ${gardeners}
    where ${and(groupCondition(group), hasAddress, respectOptOut ? isNull(gardeners.lettersOptOutAt) : undefined)}`;
}

/** The group's gardeners without an address (SQL, one column `id`): those a letter reaches on paper. */
export function groupWithoutAddress(group: GardenerGroup, respectOptOut: boolean) {
  return sql`select ${gardeners.id} from ${gardeners}
    where ${and(groupCondition(group), sql`not (${hasAddress})`, respectOptOut ? isNull(gardeners.lettersOptOutAt) : undefined)}`;
}

/** The records an address belongs to (a letter's message is for its address), with their choice about the letters. */
export async function gardenersAtAddress(email: string, executor: Executor = getDb()) {
  return executor
    .select({ id: gardeners.id, createdAt: gardeners.createdAt, optedOutAt: gardeners.lettersOptOutAt })
    .from(gardeners)
    .where(and(hasAddress, eq(letterAddress, email.trim().toLowerCase())))
    .orderBy(gardeners.id);
}

/**
 * The gardeners of `ids` (a list, or SQL selecting one column of ids) as a printed letter addresses them, in the
 * lists' order (family name, French collation).
 */
export async function postalRecipients(ids: SQL | number[], executor: Executor = getDb()) {
  if (Array.isArray(ids) && ids.length === 0) return [];
  return executor
    .select({ id: gardeners.id, name: gardeners.name, address: gardeners.address })
    .from(gardeners)
    .where(Array.isArray(ids) ? inArray(gardeners.id, ids) : sql`${gardeners.id} in (${ids})`)
    .orderBy(...byFamilyName);
}

/** The sites and the held plots a letter may be written to, for the letter screen's choices: by site, by number. */
export async function groupChoices(executor: Executor = getDb()) {
  const [sites, held] = await readAll(executor, [
    () => executor.select({ id: gardenSites.id, name: gardenSites.name }).from(gardenSites).orderBy(gardenSites.name),
    () =>
      executor
        .select({ id: plots.id, siteId: plots.siteId, number: plots.number, holder: gardeners.name })
        .from(plots)
        .innerJoin(plotHoldings, and(eq(plotHoldings.plotId, plots.id), isNull(plotHoldings.endDate)))
        .innerJoin(gardeners, and(eq(gardeners.id, plotHoldings.gardenerId), isNull(gardeners.endDate)))
        .orderBy(plots.siteId, plots.number),
  ]);
  return sites.map((site) => ({ ...site, plots: held.filter((p) => p.siteId === site.id) }));
}

/** The years a fee was called for, latest first, and the current fee year among them: the letter's choices. */
export async function feeYearChoices(executor: Executor = getDb()) {
  const rows = await executor
    .selectDistinct({ year: gardenerFees.year })
    .from(gardenerFees)
    .orderBy(desc(gardenerFees.year));
  const current = await currentFeeYear(executor);
  return [...new Set([current, ...rows.map((r) => r.year)])].sort((a, b) => b - a);
}

/** Whether every site and plot the group names still exists (a form may name one deleted since). */
export async function groupExists(group: GardenerGroup, executor: Executor = getDb()) {
  const ids = group.kind === "jardins" ? group.siteIds : group.kind === "parcelles" ? group.plotIds : [];
  if (ids.length === 0) return true;
  const table = group.kind === "jardins" ? gardenSites : plots;
  const [row] = await executor
    .select({ n: count() })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  return (row?.n ?? 0) === new Set(ids).size;
}

/** « 12, 14 et 15 ». */
const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} et ${items.at(-1)}`;

/**
 * Whom a letter to the group goes to, in words, for the screen and the history: « aux jardiniers actuels », « aux
 * jardiniers du Jardin des Brosses », « aux titulaires des parcelles 12 et 14 du Jardin des Brosses », « aux
 * jardiniers dont la cotisation 2026 n'est pas soldée ». Never a person's name.
 */
export async function groupDescription(group: GardenerGroup, executor: Executor = getDb()) {
  switch (group.kind) {
    case "actuels":
      return "aux jardiniers actuels";
    case "cotisation":
      return `aux jardiniers dont la cotisation ${group.feeYear ?? ""} n'est pas soldée`;
    case "jardins": {
      const sites = group.siteIds.length
        ? await executor
            .select({ name: gardenSites.name })
            .from(gardenSites)
            .where(inArray(gardenSites.id, [...group.siteIds]))
            .orderBy(gardenSites.name)
        : [];
      return sites.length
        ? `aux jardiniers ${listed(sites.map((s) => ofSite(s.name)))}`
        : "aux jardiniers d'aucun jardin";
    }
    case "parcelles": {
      const chosen = group.plotIds.length
        ? await executor
            .select({ number: plots.number, site: gardenSites.name })
            .from(plots)
            .innerJoin(gardenSites, eq(gardenSites.id, plots.siteId))
            .where(inArray(plots.id, [...group.plotIds]))
            .orderBy(gardenSites.name, plots.number)
        : [];
      if (chosen.length === 0) return "aux titulaires d'aucune parcelle";
      const bySite = new Map<string, number[]>();
      for (const plot of chosen) bySite.set(plot.site, [...(bySite.get(plot.site) ?? []), plot.number]);
      const parts = [...bySite].map(([site, numbers]) => `${listed(numbers.map(String))} ${ofSite(site)}`);
      return `${chosen.length > 1 ? "aux titulaires des parcelles" : "au titulaire de la parcelle"} ${listed(parts)}`;
    }
  }
}

// The opt-out of the information letters (decision 029): a link in each of them, one click from the mail client
// (RFC 8058), or the bureau on the gardener's record.

const OPT_OUT_TOKEN = /^(\d{1,10})-([\w-]{43})$/;

/**
 * The gardener's opt-out token: their number and an HMAC with the server's secret of it and of the record's creation,
 * so that nothing is stored, a copy of the database cannot make one, and a restored or new database's record of the
 * same number is not reached by an old link.
 */
export function lettersOptOutToken(gardener: { id: number; createdAt: Date }) {
  return `${gardener.id}-${keyedHash(`lettres-jardinier:${gardener.id}:${gardener.createdAt.getTime()}`)}`;
}

/** The gardener an opt-out link names, or undefined (unknown, forged, or the record erased). */
export async function findByOptOutToken(token: string, executor: Executor = getDb()) {
  const match = OPT_OUT_TOKEN.exec(token);
  if (!match) return undefined;
  const [row] = await executor
    .select({
      id: gardeners.id,
      email: gardeners.email,
      createdAt: gardeners.createdAt,
      optedOutAt: gardeners.lettersOptOutAt,
    })
    .from(gardeners)
    .where(eq(gardeners.id, Number(match[1])));
  if (!row) return undefined;
  const expected = Buffer.from(lettersOptOutToken(row));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? row : undefined;
}

/** How an opt-out came, as the gardener's record shows it. */
export const OPT_OUT_WAYS = {
  lien: "par le lien d'une lettre",
  "un-clic": "en un clic depuis sa messagerie",
} as const;

/**
 * The opt-out of the link's gardener, and of every record sharing their address (the messages go to an address: its
 * reader asked). Once: an opt-out already recorded keeps its date and way. The gardener, or undefined for a bad link.
 */
export async function optOutByToken(token: string, way: keyof typeof OPT_OUT_WAYS, now = new Date()) {
  return getDb().transaction(async (tx) => {
    const found = await findByOptOutToken(token, tx);
    if (!found) return undefined;
    const same = found.email.trim()
      ? or(eq(gardeners.id, found.id), and(hasAddress, eq(letterAddress, found.email.trim().toLowerCase())))
      : eq(gardeners.id, found.id);
    await tx
      .update(gardeners)
      .set({ lettersOptOutAt: now, lettersOptOutHow: OPT_OUT_WAYS[way] })
      .where(and(same, isNull(gardeners.lettersOptOutAt)));
    return found;
  });
}

/**
 * The bureau records what a gardener asked (by phone, at the permanence): no more information letters, or them again.
 * The record, or undefined when nothing changed.
 */
export async function setLettersOptOut(
  gardenerId: number,
  out: boolean,
  by: string,
  executor: Executor,
  now = new Date(),
) {
  const [row] = await executor
    .update(gardeners)
    .set(
      out
        ? { lettersOptOutAt: now, lettersOptOutHow: `par le bureau (${by})` }
        : { lettersOptOutAt: null, lettersOptOutHow: "" },
    )
    .where(and(eq(gardeners.id, gardenerId), out ? isNull(gardeners.lettersOptOutAt) : optedOut))
    .returning();
  return row;
}
