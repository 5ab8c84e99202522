import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inspectionMarks, outbox, plotHoldings } from "~/db/schema";
import { gardenersWithTwoWarnings, recentWarnings } from "~/modules/gardeners/gardeners.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { inspectionFormSchema } from "./plots.schema";
import { allotToGardener, endHoldings } from "./allotment.server";
import { roundsOf, saveInspectionRound } from "./inspections.server";
import { plotsOfSite } from "./plots.server";

it("asks what is wrong with a warned plot", () => {
  const parsed = inspectionFormSchema([4, 7]).safeParse({
    date: "2026-10-10",
    inspector: "Karim",
    resultat_7: "avertissement",
  });
  expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
    ["remarque_7", "Dites ce qui ne va pas : le jardinier le lira."],
  ]);
  const ok = inspectionFormSchema([4, 7]).parse({
    date: "2026-10-10",
    inspector: "Karim",
    resultat_7: "avertissement",
    remarque_7: "Herbes hautes",
    courriel_7: "on",
  });
  expect(ok.marks).toEqual([
    { plotId: 4, result: "conforme", note: "", mail: false },
    { plotId: 7, result: "avertissement", note: "Herbes hautes", mail: true },
  ]);
});

describeEachDatabase("inspections", () => {
  async function attributed(siteId: number, number: number, email: string) {
    const plot = await insertPlot(siteId, number, { state: "attribuee" });
    const gardener = await insertGardener({ email });
    await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-01-01" });
    return { plot, gardener };
  }

  it("saves a round as one, e-mails the warnings chosen, and tells at the second warning in twelve months", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    const a = await attributed(site.id, 3, "a@example.fr");
    const b = await attributed(site.id, 8, "b@example.fr");
    await insertPlot(site.id, 9);
    const round = (date: string, mail: boolean) =>
      getDb().transaction((tx) =>
        saveInspectionRound(tx, site.id, {
          date,
          inspector: "Bureau",
          marks: [
            { plotId: a.plot.id, result: "conforme", note: "", mail: false },
            { plotId: b.plot.id, result: "avertissement", note: "Chiendent monté en graines", mail },
          ],
        }),
      );
    expect(await round("2026-06-10", true)).toMatchObject({ warnings: 1, mails: 1 });
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "b@example.fr", subject: "Avertissement pour la parcelle n° 8" });
    expect(mail!.text).toContain(
      "Lors de la visite du 10 juin 2026, votre parcelle n° 8 (Jardin des Brosses) a reçu un avertissement :\nChiendent monté en graines",
    );
    expect(await gardenersWithTwoWarnings(new Date("2026-11-01"))).toEqual([]);

    expect(await round("2026-10-10", false)).toMatchObject({ warnings: 1, mails: 0 });
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    expect(await getDb().select().from(inspectionMarks)).toHaveLength(4);
    const now = new Date("2026-11-01");
    expect(await gardenersWithTwoWarnings(now)).toEqual([{ id: b.gardener.id, name: b.gardener.name, warnings: 2 }]);
    expect((await recentWarnings({ gardenerId: b.gardener.id, plotId: b.plot.id }, now)).map((w) => w.date)).toEqual([
      "2026-10-10",
      "2026-06-10",
    ]);
    // A year after the first, it no longer counts.
    expect(await gardenersWithTwoWarnings(new Date("2027-06-11"))).toEqual([]);
    expect((await plotsOfSite(site.id, now)).find((p) => p.id === b.plot.id)?.warnings).toBe(2);
    // The warned gardener leaves; a newcomer on the plot does not inherit the warnings.
    await getDb().transaction((tx) => endHoldings(tx, b.gardener.id, null, "2026-10-31", "libre"));
    const newcomer = await insertGardener();
    await getDb().transaction((tx) => allotToGardener(tx, newcomer.id, b.plot.id, "2026-11-01"));
    expect((await plotsOfSite(site.id, now)).find((p) => p.id === b.plot.id)?.warnings).toBe(0);
    expect(await recentWarnings({ gardenerId: newcomer.id, plotId: b.plot.id }, now)).toEqual([]);
    expect((await roundsOf(site.id)).map((r) => [r.date, r.plots, r.warnings])).toEqual([
      ["2026-10-10", 2, 1],
      ["2026-06-10", 2, 1],
    ]);
  });
});
