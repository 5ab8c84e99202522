import { parisToday } from "~/lib/paris-time";
import { redirect } from "react-router";
import { familyFirst, parseId, splitName } from "~/lib/text";
import { formatCalendarDate, formatDate } from "~/lib/dates";
import { getApplication } from "~/modules/applications/applications.server";
import { doneForm, parseAdminForm, refusedForm } from "~/modules/forms/admin-form.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
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
import { euros } from "~/modules/register/plots.labels";
import { feeStateText } from "./fees.labels";
import { currentFeeYear } from "./fees.server";
import { gardenerFeeAction, gardenerFeesScreen, settleLeaverFee } from "./fees.record.server";
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

/** /admin/jardiniers: current or former gardeners (`?statut=anciens`), searched and by pages. */
export async function gardenersScreen(request: Request) {
  const url = new URL(request.url);
  const status: GardenerStatus = url.searchParams.get("statut") === "anciens" ? "anciens" : "actuels";
  const page = adminListQuery(request);
  const year = await currentFeeYear();
  const [rows, counts] = await Promise.all([listGardeners(status, year, page), countGardeners(page.q)]);
  return {
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

/** « Ajouter un jardinier » (one who came before the register): to their record. */
export async function addGardener(form: FormData, actor: Actor) {
  const { data, refusal } = parseAdminForm(gardenerFormSchema, form, "Le jardinier n'a pas été ajouté :");
  if (refusal) return refusal;
  const gardener = await withHistory(
    actor,
    (tx) => createGardener(data, tx),
    (row) => ({ kind: "jardinier.creation", target: `jardinier n° ${row.id}` }),
  );
  return redirect(`/admin/jardiniers/${gardener.id}`);
}

async function gardenerOf(idParam: string | undefined) {
  const gardener = await getGardener(parseId(idParam) ?? 0);
  if (!gardener) throw redirect("/admin/jardiniers");
  return gardener;
}

/** A gardener's record: details, plots, payments, warnings, and the free plots to give them. */
export async function gardenerScreen(idParam: string | undefined) {
  const gardener = await gardenerOf(idParam);
  const [holdings, money, warnings] = await Promise.all([
    holdingsOf(gardener.id),
    gardenerFeesScreen(gardener.id, parisToday()),
    recentWarnings({ gardenerId: gardener.id }),
  ]);
  const free = await freePlots();
  return {
    gardener: {
      id: gardener.id,
      name: gardener.name,
      // A record written without its parts shows the guess, for the bureau to correct.
      ...(gardener.familyName
        ? { familyName: gardener.familyName, givenNames: gardener.givenNames }
        : splitName(gardener.name)),
      email: gardener.email,
      mobile: gardener.mobile,
      landline: gardener.landline,
      address: gardener.address,
      startDate: gardener.startDate,
      notes: gardener.notes,
      left: formatCalendarDate(gardener.endDate),
      fromApplication: gardener.applicationId !== null,
    },
    holdings: holdings.map((h) => ({
      id: h.id,
      plotId: h.plotId,
      name: h.name,
      from: formatCalendarDate(h.startDate),
      to: formatCalendarDate(h.endDate),
      current: h.endDate === null,
      // Dated after today by an earlier version (decision 025): shown as to come, not « à aujourd'hui ».
      upcoming: h.endDate === null && h.startDate > parisToday(),
    })),
    money,
    warnings: warnings.map((w) => ({
      id: w.id,
      date: formatCalendarDate(w.date),
      note: w.note,
      plot: `n° ${w.plotNumber} (${w.siteName})`,
      withdrawn: w.withdrawn ? (w.withdrawalReason ?? "") : null,
    })),
    freePlots: free.map((c) => [String(c.id), c.label] as const),
    today: parisToday(),
    year: await currentFeeYear(),
  };
}

const target = (id: number) => `jardinier n° ${id}`;

/** The forms of a gardener's record. */
export async function gardenerAction(idParam: string | undefined, form: FormData, actor: Actor) {
  const gardener = await gardenerOf(idParam);
  const feeAnswer = await gardenerFeeAction(gardener.id, form, actor);
  if (feeAnswer) return feeAnswer;
  switch (form.get("intent")) {
    case "save": {
      const { data, refusal } = parseAdminForm(gardenerFormSchema, form, "La fiche n'a pas été enregistrée :");
      if (refusal) return refusal;
      await withHistory(
        actor,
        (tx) => updateGardener(gardener.id, data, tx),
        (row) => row && { kind: "jardinier.modification", target: target(gardener.id) },
      );
      return doneForm("save", "Fiche enregistrée.");
    }
    case "departure": {
      const { data, refusal } = parseAdminForm(departureFormSchema, form, "Le départ n'a pas été enregistré :");
      if (refusal) return refusal;
      const { names, left } = await withHistory(
        actor,
        async (tx) => {
          const ended = await endHoldings(tx, gardener.id, data.holdingId, data.endDate, data.plotState);
          // A leaver's fee still owed: kept as due or cancelled, as the form says.
          return { ...ended, fee: ended.left ? await settleLeaverFee(tx, gardener.id, form) : "" };
        },
        (ended) =>
          (ended.names.length > 0 || ended.left) && {
            kind: "parcelle.depart",
            target: ended.names.length > 0 ? ended.names.join(", ") : target(gardener.id),
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
      // Their plots' history and their payments stay, without them (see releaseGardener).
      await withHistory(
        actor,
        async (tx) => {
          await releaseGardener(tx, gardener.id, parisToday());
          await deleteGardener(gardener.id, tx);
        },
        () => ({ kind: "jardinier.suppression", target: target(gardener.id) }),
      );
      return redirect("/admin/jardiniers");
    }
    case "allot": {
      const { data, refusal } = parseAdminForm(holdingFormSchema, form, "La parcelle n'a pas été attribuée :");
      if (refusal) return refusal;
      try {
        const result = await withHistory(
          actor,
          (tx) => allotToGardener(tx, gardener.id, data.plotId, data.startDate),
          (r) => r && { kind: "parcelle.attribution", target: r.name, detail: target(gardener.id) },
        );
        if (!result) return refusedForm(form, GARDENER_GONE_MESSAGE, {}, 404);
        return doneForm("allot", `La ${result.name} est attribuée.`);
      } catch (error) {
        if (error instanceof PlotUnavailableError)
          return refusedForm(form, error.message, { plotId: error.message }, 409);
        throw error;
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
    const result = await withHistory(
      actor,
      (tx) => allotFromApplication(tx, applicationId, data.plotId, data.startDate),
      (allotted) => ({ kind: "parcelle.attribution", target: allotted.name, detail: `demande n° ${applicationId}` }),
    );
    return redirect(`/admin/jardiniers/${result.gardener.id}?attribuee=${result.plot.id}`);
  } catch (error) {
    if (error instanceof PlotUnavailableError) return refusedForm(form, error.message, { plotId: error.message }, 409);
    if (error instanceof ApplicationClosedError) return refusedForm(form, error.message, {}, 409);
    throw error;
  }
}
