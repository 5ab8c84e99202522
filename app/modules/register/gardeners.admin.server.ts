import { parisToday } from "~/lib/paris-time";
import { redirect } from "react-router";
import { familyFirst, parseId, splitName } from "~/lib/text";
import { formatCalendarDate, formatDate, formatDateTime } from "~/lib/dates";
import { getApplication } from "~/modules/applications/applications.server";
import { doneForm, parseAdminForm, refusedForm, refusedBy } from "~/modules/forms/admin-form.server";
import { removeReceiptFiles } from "~/modules/treasury/receipts.server";
import { gardenerTarget, withHistory, type Actor } from "~/modules/history/history.server";
import { HISTORY_KINDS, type HistoryKind } from "~/modules/history/history.kinds";
import { myGardenChanges } from "~/modules/history/my-garden-history.server";
import {
  allotFromApplication,
  allotToGardener,
  ApplicationClosedError,
  endHoldings,
  freePlots,
  freePlotsFor,
  releaseGardener,
  PlotUnavailableError,
} from "~/modules/register/allotment.server";
import { euros } from "~/lib/money";
import { feeStateText } from "./fees.labels";
import { currentFeeYear } from "./fees.server";
import { listPlannedAllotments, planAllotment, plannedDetail, plannedMessage } from "./planned-allotments.server";
import { GARDENER_FEE_INTENTS, gardenerFeeAction, gardenerFeesScreen, settleLeaverFee } from "./fees.record.server";
import { can, type AccountAccess } from "~/modules/auth/roles";
import {
  assertGardenerAccess,
  assertPermission,
  inScope,
  refuse,
  scopedSiteIds,
  SITE_REFUSED,
  wholeRegister,
} from "./access.server";
import { getPlot } from "./plots.server";
import { setLettersOptOut } from "./gardener-letters.server";
import {
  allotmentFormSchema,
  departureFormSchema,
  GARDENER_GONE_MESSAGE,
  gardenerFormSchema,
  holdingFormSchema,
} from "~/modules/register/plots.schema";
import { ADMIN_PAGE_SIZE, adminListQuery } from "~/server/admin-list.server";
import {
  countGardeners,
  createGardener,
  deleteGardener,
  getGardener,
  holdingsOf,
  listGardeners,
  recentWarnings,
  updateGardener,
  type GardenerStatus,
} from "./gardeners.server";

/**
 * /admin/jardiniers: current or former gardeners (`?statut=anciens`), searched and by pages; a referent's, those who
 * hold or held a plot on their sites. The treasurer reads it without its forms.
 */
export async function gardenersScreen(request: Request, access: AccountAccess) {
  const url = new URL(request.url);
  const status: GardenerStatus = url.searchParams.get("statut") === "anciens" ? "anciens" : "actuels";
  const page = adminListQuery(request);
  const scope = scopedSiteIds(access);
  const year = await currentFeeYear();
  const [rows, counts] = await Promise.all([
    listGardeners(status, year, { page, scope }),
    countGardeners(page.q, scope),
  ]);
  return {
    role: access.role,
    // « Ajouter un jardinier »: an administrator's, as a newcomer comes from the waiting list (an application).
    adds: wholeRegister(access),
    imports: can(access.role, "administration"),
    status,
    year,
    q: page.q,
    page: page.page,
    pages: Math.max(1, Math.ceil(counts[status] / ADMIN_PAGE_SIZE)),
    counts,
    today: parisToday(),
    gardeners: rows.map((r) => ({
      id: r.gardener.id,
      listName: familyFirst(r.gardener),
      email: r.gardener.email,
      mobile: r.gardener.mobile,
      plots: r.plots,
      since: formatCalendarDate(r.gardener.startDate),
      left: formatCalendarDate(r.gardener.endDate),
      fee:
        r.fee === null
          ? null
          : { amount: euros(r.fee.amountCents), state: feeStateText({ ...r.fee, paidCents: r.feePaidCents }) },
    })),
  };
}

/** « Ajouter un jardinier » (one who came before the register): to their record. An administrator's. */
export async function addGardener(form: FormData, actor: Actor, access: AccountAccess) {
  if (!wholeRegister(access))
    refuse("Seul un administrateur ajoute un jardinier : un nouveau venu arrive par sa demande de parcelle.");
  const { data, refusal } = parseAdminForm(gardenerFormSchema, form, "Le jardinier n'a pas été ajouté :");
  if (refusal) return refusal;
  const gardener = await withHistory(
    actor,
    (tx) => createGardener(data, tx),
    (row) => ({ kind: "jardinier.creation", target: gardenerTarget(row.id) }),
  );
  return redirect(`/admin/jardiniers/${gardener.id}`);
}

async function gardenerOf(idParam: string | undefined, access: AccountAccess) {
  const gardener = await getGardener(parseId(idParam) ?? 0);
  if (!gardener) throw redirect("/admin/jardiniers");
  await assertGardenerAccess(access, gardener.id);
  return gardener;
}

/**
 * A gardener's record: details, plots, payments, warnings, and the free plots to give them. Its forms follow the
 * role: the record, departure and allotment for `register` (a referent: their sites' plots only), the payments and
 * rates for `fees`; the treasurer reads the rest.
 */
export async function gardenerScreen(idParam: string | undefined, access: AccountAccess) {
  const gardener = await gardenerOf(idParam, access);
  const scope = scopedSiteIds(access);
  const register = can(access.role, "register");
  const [holdings, money, warnings, selfChanges] = await Promise.all([
    holdingsOf(gardener.id),
    gardenerFeesScreen(gardener.id, parisToday()),
    recentWarnings({ gardenerId: gardener.id }),
    myGardenChanges(gardener.id),
  ]);
  const free = register ? (await freePlots()).filter((c) => inScope(scope, c.siteId)) : [];
  return {
    role: access.role,
    editable: register,
    // A referent erases only a record whose every plot, past or present, is on their sites.
    erasable: register && holdings.every((h) => inScope(scope, h.plot.siteId)),
    payments: can(access.role, "fees"),
    gardener: {
      id: gardener.id,
      name: gardener.name,
      // A record written without its parts shows the guess, for the bureau to correct.
      ...(gardener.familyName
        ? { familyName: gardener.familyName, givenNames: gardener.givenNames }
        : splitName(gardener.name)),
      civility: gardener.civility,
      email: gardener.email,
      mobile: gardener.mobile,
      landline: gardener.landline,
      address: gardener.address,
      startDate: gardener.startDate,
      notes: gardener.notes,
      left: formatCalendarDate(gardener.endDate),
      fromApplication: gardener.applicationId !== null,
      // Decision 029: whether they still receive the information letters to gardeners, and since when not.
      letters: gardener.lettersOptOutAt
        ? { optedOut: true, since: formatDate(gardener.lettersOptOutAt), how: gardener.lettersOptOutHow }
        : { optedOut: false, since: "", how: "" },
    },
    // A referent sees that a shared gardener has a plot or a warning elsewhere, not where nor why (decision 027).
    holdings: holdings.map((h) => ({
      id: h.id,
      plotId: inScope(scope, h.plot.siteId) ? h.plotId : 0,
      name: inScope(scope, h.plot.siteId) ? h.name : ELSEWHERE_PLOT,
      from: formatCalendarDate(h.startDate),
      to: formatCalendarDate(h.endDate),
      current: h.endDate === null,
      // Dated after today by an earlier version (decision 025): shown as to come, not « à aujourd'hui ».
      upcoming: h.endDate === null && h.startDate > parisToday(),
      // The plot's page opens, and its departure is offered: the register's, a referent's sites only.
      mine: register && inScope(scope, h.plot.siteId),
    })),
    /** Plots given them from a later day (decision 036), on the account's sites. */
    planned: (await listPlannedAllotments({ gardenerId: gardener.id }))
      .filter((p) => inScope(scope, p.siteId))
      .map((p) => ({ id: p.id, plot: p.plot, from: p.from })),
    money,
    warnings: warnings.map((w) =>
      inScope(scope, w.siteId)
        ? {
            id: w.id,
            date: formatCalendarDate(w.date),
            note: w.note,
            plot: `n° ${w.plotNumber} (${w.siteName})`,
            withdrawn: w.withdrawn ? (w.withdrawalReason ?? "") : null,
          }
        : {
            id: w.id,
            date: formatCalendarDate(w.date),
            note: "remarque réservée au bureau et aux référents de ce jardin",
            plot: ELSEWHERE,
            withdrawn: w.withdrawn ? "motif réservé au bureau et aux référents de ce jardin" : null,
          },
    ),
    freePlots: free.map((c) => [String(c.id), c.label] as const),
    // What the gardener changed themself in « Mon jardin », the latest ten.
    selfChanges: selfChanges.map((c) => ({
      id: c.id,
      at: formatDateTime(c.at),
      what: HISTORY_KINDS[c.kind as HistoryKind] ?? c.kind,
      detail: c.detail ?? "",
    })),
    today: parisToday(),
    year: await currentFeeYear(),
  };
}

const ELSEWHERE = "dans un jardin qui ne vous est pas confié";
const ELSEWHERE_PLOT = `Une parcelle ${ELSEWHERE}`;

const OUTSIDE_REFUSED =
  "Ce jardinier a une parcelle dans un jardin qui ne vous est pas confié : seul un administrateur peut le faire.";

/**
 * The forms of a gardener's record: the payments and rates need `fees`, the others `register`. A referent records a
 * departure from their sites' plots, gives one of their free plots, and erases a record only when every plot it ever
 * held is on their sites.
 */
export async function gardenerAction(idParam: string | undefined, form: FormData, actor: Actor, access: AccountAccess) {
  const gardener = await gardenerOf(idParam, access);
  const intent = String(form.get("intent") ?? "");
  const feeIntent = GARDENER_FEE_INTENTS.includes(intent);
  assertPermission(
    access,
    feeIntent ? "fees" : "register",
    feeIntent
      ? "Les paiements et les tarifs sont l'affaire du trésorier et des administrateurs."
      : "Votre rôle permet de consulter cette fiche, pas de la modifier.",
  );
  const feeAnswer = feeIntent ? await gardenerFeeAction(gardener.id, form, actor) : undefined;
  if (feeAnswer) return feeAnswer;
  const scope = scopedSiteIds(access);
  const outside = async (holdingId: number | null | "ever") => {
    if (scope === "all") return false;
    const held = (await holdingsOf(gardener.id)).filter((h) =>
      holdingId === "ever" ? true : h.endDate === null && (holdingId === null || h.id === holdingId),
    );
    return held.some((h) => !inScope(scope, h.plot.siteId));
  };
  switch (intent) {
    case "save": {
      const { data, refusal } = parseAdminForm(gardenerFormSchema, form, "La fiche n'a pas été enregistrée :");
      if (refusal) return refusal;
      await withHistory(
        actor,
        (tx) => updateGardener(gardener.id, data, tx),
        (row) => row && { kind: "jardinier.modification", target: gardenerTarget(gardener.id) },
      );
      return doneForm("save", "Fiche enregistrée.");
    }
    case "departure": {
      const { data, refusal } = parseAdminForm(departureFormSchema, form, "Le départ n'a pas été enregistré :");
      if (refusal) return refusal;
      if (await outside(data.holdingId)) refuse(OUTSIDE_REFUSED);
      // Cancelling the fee still owed is the treasurer's: without `fees`, it stays due.
      const feeForm = can(access.role, "fees") ? form : new FormData();
      const { names, left } = await withHistory(
        actor,
        async (tx) => {
          const ended = await endHoldings(tx, gardener.id, data.holdingId, data.endDate, data.plotState);
          // A leaver's fee still owed: kept as due or cancelled, as the form says.
          return { ...ended, fee: ended.left ? await settleLeaverFee(tx, gardener.id, feeForm) : "" };
        },
        (ended) =>
          (ended.names.length > 0 || ended.left) && {
            kind: "parcelle.depart",
            target: ended.names.length > 0 ? ended.names.join(", ") : gardenerTarget(gardener.id),
            detail: ended.fee || undefined,
          },
      );
      if (names.length === 0 && !left)
        return refusedForm(
          form,
          "Rien à libérer : la parcelle est déjà libérée, ou la date précède son attribution.",
          {},
          409,
        );
      const freed =
        names.length === 0
          ? ""
          : names.length === 1
            ? ` : la ${names[0]} est libérée`
            : ` : ${names.length} parcelles libérées (${names.join(", ")})`;
      return doneForm("departure", `Départ enregistré${freed}.`);
    }
    case "erase": {
      if (await outside("ever")) refuse(OUTSIDE_REFUSED);
      // Their plots' history and their payments stay, without them (see releaseGardener).
      const files = await withHistory(
        actor,
        async (tx) => {
          await releaseGardener(tx, gardener.id, parisToday());
          return deleteGardener(gardener.id, tx);
        },
        () => ({ kind: "jardinier.suppression", target: gardenerTarget(gardener.id) }),
      );
      // Their receipts' files cannot roll back: removed once the record is gone for good.
      await removeReceiptFiles(files);
      return redirect("/admin/jardiniers");
    }
    case "letters-out":
    case "letters-in": {
      const out = intent === "letters-out";
      const changed = await withHistory(
        actor,
        (tx) => setLettersOptOut(gardener.id, out, actor.username, tx),
        (row) =>
          row && {
            kind: "jardinier.lettres",
            target: gardenerTarget(gardener.id),
            detail: out ? "ne reçoit plus les lettres d'information" : "reçoit de nouveau les lettres d'information",
          },
      );
      if (!changed) return doneForm(intent, "C'était déjà noté.");
      return doneForm(
        intent,
        out
          ? "C'est noté : les lettres d'information aux jardiniers ne lui parviendront plus (les messages de service, si)."
          : "C'est noté : les lettres d'information aux jardiniers lui parviendront de nouveau.",
      );
    }
    case "allot": {
      const { data, refusal } = parseAdminForm(holdingFormSchema, form, "La parcelle n'a pas été attribuée :");
      if (refusal) return refusal;
      const chosen = await getPlot(data.plotId);
      if (chosen && !inScope(scope, chosen.site.id)) refuse(SITE_REFUSED);
      try {
        if (data.startDate > parisToday()) {
          const planned = await withHistory(
            actor,
            (tx) =>
              planAllotment(tx, { gardenerId: gardener.id }, data.plotId, data.startDate, {
                welcomeNow: false,
                createdBy: actor.username,
              }),
            (r) => ({ kind: "parcelle.attribution-prevue", target: r.name, detail: plannedDetail(data.startDate) }),
          );
          return doneForm("allot", plannedMessage(planned.name, data.startDate));
        }
        const result = await withHistory(
          actor,
          (tx) => allotToGardener(tx, gardener.id, data.plotId, data.startDate),
          (r) => r && { kind: "parcelle.attribution", target: r.name, detail: gardenerTarget(gardener.id) },
        );
        if (!result) return refusedForm(form, GARDENER_GONE_MESSAGE, {}, 404);
        return doneForm("allot", `La ${result.name} est attribuée.`);
      } catch (error) {
        if (error instanceof PlotUnavailableError)
          return refusedForm(form, error.message, { plotId: error.message }, 409);
        return refusedBy(form, error);
      }
    }
    default:
      return refusedForm(form, "Action inconnue.");
  }
}

async function activeApplication(idParam: string | undefined) {
  const application = await getApplication(parseId(idParam) ?? 0);
  if (!application || application.archived) throw redirect("/admin/applications");
  return application;
}

/** « Attribuer une parcelle » to an application: who, what they wished, the free plots in order. */
export async function allotmentScreen(idParam: string | undefined) {
  const application = await activeApplication(idParam);
  const free = await freePlotsFor(application.ville, application.tailleJardin);
  return {
    application: {
      id: application.id,
      name: application.nom,
      town: application.ville,
      size: application.tailleJardin,
      date: formatDate(application.date),
    },
    free,
    today: parisToday(),
  };
}

/** Confirms the allotment: one transaction (see allotFromApplication), then to the new gardener's record. */
export async function allotmentAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const applicationId = parseId(idParam) ?? 0;
  const { data, refusal } = parseAdminForm(allotmentFormSchema, form, "La parcelle n'a pas été attribuée :");
  if (refusal) return refusal;
  try {
    if (data.startDate > parisToday()) {
      const planned = await withHistory(
        actor,
        (tx) =>
          planAllotment(tx, { applicationId }, data.plotId, data.startDate, {
            welcomeNow: data.welcomeNow,
            createdBy: actor.username,
          }),
        (r) => ({
          kind: "parcelle.attribution-prevue",
          target: r.name,
          detail: `demande n° ${applicationId}, ${plannedDetail(data.startDate)}`,
        }),
      );
      return redirect(`/admin/parcelles?prevue=${planned.plan.id}#attributions-prevues`);
    }
    const result = await withHistory(
      actor,
      (tx) => allotFromApplication(tx, applicationId, data.plotId, data.startDate),
      (allotted) => ({ kind: "parcelle.attribution", target: allotted.name, detail: `demande n° ${applicationId}` }),
    );
    return redirect(`/admin/jardiniers/${result.gardener.id}?attribuee=${result.plot.id}`);
  } catch (error) {
    if (error instanceof PlotUnavailableError) return refusedForm(form, error.message, { plotId: error.message }, 409);
    if (error instanceof ApplicationClosedError) return refusedForm(form, error.message, {}, 409);
    return refusedBy(form, error);
  }
}
