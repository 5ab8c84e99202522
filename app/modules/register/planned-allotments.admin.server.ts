import { parseId } from "~/lib/text";
import { doneForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import { can, type AccountAccess } from "~/modules/auth/roles";
import { inScope, scopedSiteIds } from "./access.server";
import { cancelPlannedAllotment, listPlannedAllotments, plannedMessage } from "./planned-allotments.server";

// « Attributions prévues » on /admin/parcelles: the plans to come on the account's sites, each cancellable.

/** The plans of the account's sites, and the notice of the plan just made (`?prevue=`). */
export async function plannedScreen(access: AccountAccess, url: URL) {
  const scope = scopedSiteIds(access);
  const planned = (await listPlannedAllotments()).filter((p) => inScope(scope, p.siteId));
  const made = planned.find((p) => p.id === parseId(url.searchParams.get("prevue")));
  return {
    planned,
    cancellable: can(access.role, "register"),
    plannedNotice: made ? plannedMessage(made.plot, made.startDate, made.who) : null,
  };
}

/** « Annuler » a plan of the account's sites. */
export async function cancelPlanAction(form: FormData, actor: Actor, access: AccountAccess) {
  const scope = scopedSiteIds(access);
  const [plan] = await listPlannedAllotments({ id: parseId(form.get("planId")) ?? 0 });
  if (!plan || !inScope(scope, plan.siteId) || !can(access.role, "register"))
    return refusedForm(form, "Cette attribution prévue n'existe plus.", {}, 404);
  await withHistory(
    actor,
    (tx) => cancelPlannedAllotment(tx, plan.id),
    () => ({
      kind: "parcelle.attribution-prevue-annulee",
      target: plan.plot,
      detail: `${plan.who}, à partir du ${plan.from}`,
    }),
  );
  return doneForm(
    "cancel-plan",
    `Attribution prévue annulée : la ${plan.plot} est de nouveau libre${plan.applicationId ? ", et la demande de nouveau à traiter" : ""}.`,
  );
}
