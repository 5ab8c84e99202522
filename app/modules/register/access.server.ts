import { data } from "react-router";
import { and, eq, inArray, sql, type Column, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { gardeners, plotHoldings, plots } from "~/modules/register/register.tables";
import type { ForbiddenData } from "~/modules/auth/admin-middleware.server";
import { can, siteScope, type AccountAccess, type Permission } from "~/modules/auth/roles";

/*
 * Who may see and change what in the register, beyond the route's permission the /admin guard checks: a site's
 * referent only their sites, their plots and rounds, and the gardeners who hold or held a plot there (a former
 * holder too: a departure, a fee owed or a warning is still the referent's business). Only an administrator
 * creates or deletes a site, imports a file of plots or adds a gardener by hand; a referent creates plots on their
 * own sites, edits them and their site's details, records rounds, departures and allotments there.
 */

/** The sites the account may see: every one, or a referent's own (none when none is given them yet). */
export type SiteScope = "all" | readonly number[];

export function scopedSiteIds(access: AccountAccess): SiteScope {
  return siteScope(access);
}

export function inScope(scope: SiteScope, siteId: number) {
  return scope === "all" || scope.includes(siteId);
}

/**
 * Whether the account keeps the whole register (an administrator, not a referent): only such an account creates or
 * deletes a site, imports a file of plots or adds a gardener by hand.
 */
export function wholeRegister(access: AccountAccess) {
  return can(access.role, "register") && scopedSiteIds(access) === "all";
}

/** A condition on a site id column keeping the scope's sites; undefined for every site. */
export function siteCondition(scope: SiteScope, column: Column): SQL | undefined {
  if (scope === "all") return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}

/** A condition on `gardeners` keeping those who hold or held a plot on the scope's sites. */
export function gardenerCondition(scope: SiteScope): SQL | undefined {
  if (scope === "all") return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from ${plotHoldings} join ${plots} on ${plots.id} = ${plotHoldings.plotId}
    where ${plotHoldings.gardenerId} = ${gardeners.id} and ${inArray(plots.siteId, [...scope])})`;
}

/** The 403 the guard answers, « Accès refusé » with why: thrown from a loader or an action. */
export function refuse(message: string): never {
  throw data<ForbiddenData>(
    { forbidden: true, message },
    { status: 403, headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const SITE_REFUSED =
  "Ce jardin n'est pas parmi ceux qui vous sont confiés. Demandez à un administrateur si vous en avez besoin.";
const GARDENER_REFUSED =
  "Ce jardinier n'a pas eu de parcelle dans les jardins qui vous sont confiés. Demandez à un administrateur si vous en avez besoin.";

/** Refuses a site outside the account's scope. */
export function assertSiteAccess(access: AccountAccess, siteId: number) {
  if (!inScope(scopedSiteIds(access), siteId)) refuse(SITE_REFUSED);
}

/** Refuses an account without `permission` (an action's finer rule than its route's). */
export function assertPermission(access: AccountAccess, permission: Permission, message: string) {
  if (!can(access.role, permission)) refuse(message);
}

/** Refuses a gardener who never held a plot on the account's sites. */
export async function assertGardenerAccess(access: AccountAccess, gardenerId: number, executor: Executor = getDb()) {
  const condition = gardenerCondition(scopedSiteIds(access));
  if (!condition) return;
  const [row] = await executor
    .select({ id: gardeners.id })
    .from(gardeners)
    .where(and(eq(gardeners.id, gardenerId), condition));
  if (!row) refuse(GARDENER_REFUSED);
}
