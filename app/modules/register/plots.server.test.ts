import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, gardeners, history, outbox, plannedAllotments, plotHoldings, plots } from "~/db/schema";
import { findByAccessToken, newAccessToken, waitingListPlaces } from "~/modules/applications/applicant.server";
import { withHistory } from "~/modules/history/history.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertApplication, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import {
  allotFromApplication,
  allottedPlotOf,
  allotToGardener,
  ApplicationClosedError,
  endHoldings,
  freePlotsFor,
  PlotUnavailableError,
} from "./allotment.server";
import { ofSite, plotName, plotSize } from "./plots.labels";
import { bulkPlotsSchema, plotFormSchema } from "./plots.schema";
import { createPlotRange, plotsOfSite, registerCounts, updatePlot, PlotStateLockedError } from "./plots.server";
import { importPlotsCsv, PlotsCsvError } from "./plots-import.server";

const actor = { id: null, username: "marie" };

const allot = (applicationId: number, plotId: number, startDate = "2026-03-01") =>
  withHistory(
    actor,
    (tx) => allotFromApplication(tx, applicationId, plotId, startDate),
    (r) => ({ kind: "parcelle.attribution", target: r.name }),
  );

async function plotState(id: number) {
  const [row] = await getDb().select().from(plots).where(eq(plots.id, id));
  return row!.state;
}

it("derives the size class from the area by the spec's thresholds", () => {
  expect([149, 150, 200, 201].map(plotSize)).toEqual(["petite", "moyenne", "moyenne", "grande"]);
});

it("names plots as the history does", () => {
  expect(plotName({ number: 12 }, { name: "Jardin des Brosses" })).toBe("parcelle 12 du Jardin des Brosses");
  expect(ofSite("Les Glycines")).toBe("des Glycines");
  expect(ofSite("Thibaude")).toBe("de Thibaude");
});

it("checks the plot and bulk forms", () => {
  const plot = plotFormSchema.safeParse({
    number: "12",
    area: "120",
    kind: "familiale",
    cabin: "on",
    cabinValue: "350",
  });
  expect(plot.success).toBe(false);
  expect(plot.error?.issues[0]).toMatchObject({
    path: ["cabinValue"],
    message: "Indiquez la valeur de reprise de la cabane, de 0 à 300 €.",
  });
  expect(plotFormSchema.parse({ number: "12", area: "120", kind: "partagee" })).toMatchObject({ cabinValue: null });
  expect(
    bulkPlotsSchema.safeParse({ from: "40", to: "1", area: "120", kind: "familiale" }).error?.issues[0]?.message,
  ).toBe("Le dernier numéro doit suivre le premier.");
});

describeEachDatabase("plots and gardeners", () => {
  it("creates a range of plots, leaving the numbers already taken", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    await insertPlot(site.id, 3, { area: 200 });
    const result = await createPlotRange(site.id, { from: 1, to: 40, area: 120, kind: "familiale" });
    expect(result).toEqual({ created: 39, existing: 1 });
    const list = await plotsOfSite(site.id);
    expect(list.map((p) => p.number)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(list[2]).toMatchObject({ area: 200, size: "moyenne", state: "libre" });
  });

  it("allots a plot from an application in one transaction: gardener, plot, archive, history, e-mail", async () => {
    const site = await insertSite({
      name: "Jardin des Brosses",
      address: "12 rue des Brosses",
      accessNotes: "Code du portail : 1789",
    });
    const plot = await insertPlot(site.id, 12, { area: 180 });
    const link = newAccessToken();
    const application = (await insertApplication({
      nom: "Awa Diallo",
      email: "awa@example.fr",
      ville: "Villeurbanne",
      accessTokenHash: link.hash,
      date: new Date("2026-01-15"),
    }))!;
    const other = (await insertApplication({ ville: "Villeurbanne", date: new Date("2026-02-01") }))!;
    expect((await waitingListPlaces()).get(other.id)).toEqual({ place: 2, total: 2 });

    const result = await allot(application.id, plot.id);

    expect(result.name).toBe("parcelle 12 du Jardin des Brosses");
    expect(await plotState(plot.id)).toBe("attribuee");
    const [gardener] = await getDb().select().from(gardeners);
    expect(gardener).toMatchObject({
      name: "Awa Diallo",
      email: "awa@example.fr",
      startDate: "2026-03-01",
      applicationId: application.id,
    });
    const [archived] = await getDb().select().from(applications).where(eq(applications.id, application.id));
    expect(archived).toMatchObject({ archived: true, processed: true });
    expect((await getDb().select().from(history)).map((h) => [h.kind, h.target])).toEqual([
      ["parcelle.attribution", "parcelle 12 du Jardin des Brosses"],
    ]);
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "awa@example.fr", subject: "Votre parcelle n° 12, Jardin des Brosses" });
    expect(mail!.text).toContain(
      "la parcelle n° 12 (Jardin des Brosses, 180 m²) vous est attribuée à partir du 1er mars 2026",
    );
    expect(mail!.text).toContain("12 rue des Brosses, Villeurbanne");
    expect(mail!.text).toContain("Code du portail : 1789");
    // The applicant's link still opens, to say which plot; the others move up the list.
    expect((await findByAccessToken(link.token))?.id).toBe(application.id);
    expect(await allottedPlotOf(application.id)).toMatchObject({
      plot: { number: 12 },
      site: { name: "Jardin des Brosses" },
    });
    expect((await waitingListPlaces()).get(other.id)).toEqual({ place: 1, total: 1 });
  });

  it("never allots one plot twice when two administrators confirm at once", async () => {
    const site = await insertSite();
    const plot = await insertPlot(site.id, 7);
    const first = (await insertApplication())!;
    const second = (await insertApplication())!;
    const results = await Promise.allSettled([allot(first.id, plot.id), allot(second.id, plot.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(PlotUnavailableError);
    expect(refused.reason.message).toMatch(/^La parcelle 7 du Jardin \d+ n'est plus libre : un autre administrateur/);
    expect(await getDb().select().from(plotHoldings)).toHaveLength(1);
    expect(await getDb().select().from(gardeners)).toHaveLength(1);
    // The refused application is untouched: still in the waiting list.
    const active = await getDb().select().from(applications).where(eq(applications.archived, true));
    expect(active).toHaveLength(1);
    expect(await getDb().select().from(outbox)).toHaveLength(1);
  });

  it("never gives two plots to one application confirmed twice at once", async () => {
    const site = await insertSite();
    const [a, b] = [await insertPlot(site.id, 1), await insertPlot(site.id, 2)];
    const application = (await insertApplication())!;
    const results = await Promise.allSettled([allot(application.id, a.id), allot(application.id, b.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      ApplicationClosedError,
    );
    expect(await getDb().select().from(plotHoldings)).toHaveLength(1);
    expect((await Promise.all([plotState(a.id), plotState(b.id)])).sort()).toEqual(["attribuee", "libre"]);
  });

  it("offers the town's free plots of the wished size first, then its others, then the other towns'", async () => {
    const brosses = await insertSite({ name: "Jardin des Brosses", town: "Villeurbanne" });
    const thibaude = await insertSite({ name: "Jardin de la Thibaude", town: "Vaulx-en-velin" });
    await insertPlot(brosses.id, 1, { area: 100 });
    await insertPlot(brosses.id, 2, { area: 180 });
    await insertPlot(brosses.id, 3, { area: 170, state: "attribuee" });
    await insertPlot(thibaude.id, 1, { area: 160 });
    const free = await freePlotsFor("Villeurbanne", "moyenne");
    expect(free.matching.map((c) => c.label)).toEqual(["parcelle 2 du Jardin des Brosses — 180 m²"]);
    expect(free.otherSizes.map((c) => c.label)).toEqual(["parcelle 1 du Jardin des Brosses — 100 m²"]);
    expect(free.otherTowns.map((c) => c.label)).toEqual(["parcelle 1 du Jardin de la Thibaude — 160 m²"]);
  });

  it("frees the plot when its gardener leaves, and makes them a former gardener once they hold none", async () => {
    const site = await insertSite();
    const [a, b] = [await insertPlot(site.id, 1), await insertPlot(site.id, 2)];
    const gardener = await insertGardener();
    await getDb().transaction((tx) => allotToGardener(tx, gardener.id, a.id, "2025-01-10"));
    await getDb().transaction((tx) => allotToGardener(tx, gardener.id, b.id, "2025-06-01"));
    const [holdingA] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.plotId, a.id));
    await getDb().transaction((tx) => endHoldings(tx, gardener.id, holdingA!.id, "2026-01-31", "remise_en_etat"));
    expect(await plotState(a.id)).toBe("remise_en_etat");
    expect((await getDb().select().from(gardeners))[0]!.endDate).toBeNull();
    const names = await getDb().transaction((tx) => endHoldings(tx, gardener.id, null, "2026-02-28", "libre"));
    expect(names).toEqual({ names: [`parcelle 2 ${ofSite(site.name)}`], left: true });
    expect(await plotState(b.id)).toBe("libre");
    expect((await getDb().select().from(gardeners))[0]!.endDate).toBe("2026-02-28");
    // The plot's history is kept.
    expect(await getDb().select().from(plotHoldings)).toHaveLength(2);
  });

  it("keeps an attributed plot attributed until its gardener leaves", async () => {
    const site = await insertSite();
    const plot = await insertPlot(site.id, 4, { state: "attribuee" });
    await expect(
      getDb().transaction((tx) =>
        updatePlot(plot.id, plotFormSchema.parse({ number: "4", area: "120", kind: "familiale", state: "libre" }), tx),
      ),
    ).rejects.toBeInstanceOf(PlotStateLockedError);
  });

  it("counts the register's plots for the home page, and nothing without a register", async () => {
    expect(await registerCounts()).toBeNull();
    const site = await insertSite();
    await insertPlot(site.id, 1);
    await insertPlot(site.id, 2, { state: "attribuee" });
    await insertPlot(site.id, 3, { state: "remise_en_etat" });
    expect(await registerCounts()).toEqual({ occupied: 2, total: 3 });
    // A plot promised from a later day is not offered to applicants: it counts as taken.
    const promised = await insertPlot(site.id, 4);
    expect(await registerCounts()).toEqual({ occupied: 2, total: 4 });
    const gardener = await insertGardener();
    await getDb()
      .insert(plannedAllotments)
      .values({ plotId: promised.id, gardenerId: gardener.id, startDate: "2099-03-01" });
    expect(await registerCounts()).toEqual({ occupied: 3, total: 4 });
  });

  it("imports plots from a spreadsheet's CSV, all or nothing", async () => {
    const site = await insertSite();
    await insertPlot(site.id, 2, { state: "attribuee", area: 90 });
    const csv =
      "\uFEFFNuméro;Surface (m²);Type;Cabane;État;Notes\n1;120;familiale;non;libre;\n2;130;Partagée;250;libre;Composteur\n3;210;;oui;réservée;\n";
    const result = await getDb().transaction((tx) => importPlotsCsv(site.id, csv, tx));
    expect(result).toEqual({ created: 2, updated: 1 });
    const list = await plotsOfSite(site.id);
    expect(list.map((p) => [p.number, p.area, p.kind, p.cabinValue, p.state, p.notes])).toEqual([
      [1, 120, "familiale", null, "libre", ""],
      [2, 130, "partagee", 250, "attribuee", "Composteur"],
      [3, 210, "familiale", 0, "reservee", ""],
    ]);
    const bad = "numero,surface\n4,120\n5,beaucoup\n";
    await expect(getDb().transaction((tx) => importPlotsCsv(site.id, bad, tx))).rejects.toThrow(
      new PlotsCsvError("Ligne 3 : surface invalide (un nombre entier de m²). Rien n'a été importé."),
    );
    // The line as the spreadsheet numbers it: a blank line above it counts.
    await expect(
      getDb().transaction((tx) => importPlotsCsv(site.id, "numero,surface\n4,120\n\n5,beaucoup\n", tx)),
    ).rejects.toThrow(new PlotsCsvError("Ligne 4 : surface invalide (un nombre entier de m²). Rien n'a été importé."));
    expect(await plotsOfSite(site.id)).toHaveLength(3);
  });
});
