import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { plotHoldings } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { sitePrintList, siteScreen } from "./plots.admin.server";

const administrator = { role: "administrateur", siteIds: [] } as const;

describeEachDatabase("a site's phone numbers", () => {
  it("shows whichever number a holder has, on paper and on screen: a landline alone is not lost", async () => {
    const site = await insertSite();
    const hold = async (number: number, phones: { mobile: string; landline: string }) => {
      const plot = await insertPlot(site.id, number, { state: "attribuee" });
      const gardener = await insertGardener({ name: `Jardinier ${number}`, ...phones });
      await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-01-01" });
    };
    await hold(1, { mobile: "", landline: "04 78 12 34 56" });
    await hold(2, { mobile: "06 12 34 56 78", landline: "" });
    await hold(3, { mobile: "06 98 76 54 32", landline: "04 72 00 00 00" });
    await hold(4, { mobile: "", landline: "" });
    const printed = await sitePrintList(String(site.id), administrator);
    expect(Object.fromEntries(printed.plots.map((p) => [p.number, p.phones]))).toEqual({
      1: ["04 78 12 34 56"],
      2: ["06 12 34 56 78"],
      3: ["06 98 76 54 32", "04 72 00 00 00"],
      4: [],
    });
    const screen = await siteScreen(String(site.id), administrator);
    expect(screen.plots.find((p) => p.number === 1)?.phones).toEqual(["04 78 12 34 56"]);
  });
});
