import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerFees, gardenerPayments, gardeners, history, plotHoldings, plots, treasuryEntries } from "~/db/schema";
import { COMMAND_LINE_ACTOR } from "~/modules/history/history.server";
import { erasePersonalData, findPersonalData } from "~/modules/personal-data/personal-data.server";
import { applyRetention } from "~/modules/retention/retention.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent, insertGardener, insertPlot, insertSite } from "../../../tests/factories";

// What becomes of a gardener's record: kept for a set time after leaving, exported and erased on request, the
// plot's history and the accounts' amounts kept without the person.

const NOW = new Date("2026-11-24T10:00:00Z");

async function gardenerWithPlot(
  overrides: Parameters<typeof insertGardener>[0] = {},
  holdingEnd: string | null = null,
) {
  const site = await insertSite({ name: `Jardin ${Math.random()}` });
  const plot = await insertPlot(site.id, 1, { state: holdingEnd ? "libre" : "attribuee" });
  const gardener = await insertGardener(overrides);
  await getDb()
    .insert(plotHoldings)
    .values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2015-03-01", endDate: holdingEnd });
  await getDb()
    .insert(gardenerPayments)
    .values([
      {
        gardenerId: gardener.id,
        kind: "cotisation",
        year: 2015,
        amountCents: 3000,
        paidOn: "2015-03-10",
        means: "cheque",
      },
      {
        gardenerId: gardener.id,
        kind: "cotisation",
        year: 2022,
        amountCents: 3500,
        paidOn: "2022-03-10",
        means: "virement",
      },
    ]);
  return { gardener, plot };
}

describeEachDatabase("gardeners' records", () => {
  it("deletes a former gardener's record after the set years, keeps the plot's history and the recent amounts", async () => {
    await insertContent();
    const old = await gardenerWithPlot({ name: "Parti en 2023", endDate: "2023-11-01" }, "2023-11-01");
    const recent = await gardenerWithPlot({ name: "Parti en 2024", endDate: "2024-01-15" }, "2024-01-15");
    const current = await gardenerWithPlot({ name: "Toujours là" });
    // The fees called, of 2015 (unpaid) and of 2022: the old one goes after the same ten years.
    await getDb()
      .insert(gardenerFees)
      .values(
        [2015, 2022].map((year) => ({
          gardenerId: current.gardener.id,
          year,
          amountCents: 3500,
          dueOn: `${year}-03-31`,
        })),
      );

    const removed = await applyRetention(NOW);

    expect(removed).toMatchObject({ formerGardeners: 1, payments: 3, fees: 1 });
    expect((await getDb().select().from(gardenerFees)).map((f) => f.year)).toEqual([2022]);
    expect((await getDb().select().from(gardeners)).map((g) => g.name).sort()).toEqual([
      "Parti en 2024",
      "Toujours là",
    ]);
    // Who held the plot is forgotten, not that it was held.
    const [holding] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.plotId, old.plot.id));
    expect(holding).toMatchObject({ gardenerId: null, startDate: "2015-03-01", endDate: "2023-11-01" });
    // Fees older than ten years go; the others stay for the accounts, without the person once erased.
    const payments = await getDb().select().from(gardenerPayments);
    expect(payments.map((p) => [p.gardenerId, p.year]).sort()).toEqual(
      [
        [null, 2022],
        [recent.gardener.id, 2022],
        [current.gardener.id, 2022],
      ].sort(),
    );
  });

  it("follows the years set in the settings", async () => {
    await insertContent({ retentionGardenersYears: 1, retentionPaymentsYears: 2 });
    await gardenerWithPlot({ endDate: "2025-10-01" }, "2025-10-01");
    expect(await applyRetention(NOW)).toMatchObject({ formerGardeners: 1, payments: 2 });
  });

  it("erases a gardener given a plot from a later date: that plot is free again", async () => {
    const site = await insertSite();
    const later = await insertPlot(site.id, 2, { state: "attribuee" });
    const gardener = await insertGardener({ email: "bientot@example.fr" });
    await getDb().insert(plotHoldings).values({ plotId: later.id, gardenerId: gardener.id, startDate: "2099-03-01" });
    await erasePersonalData(COMMAND_LINE_ACTOR, "bientot@example.fr");
    expect((await getDb().select().from(plots).where(eq(plots.id, later.id)))[0]!.state).toBe("libre");
    expect(await getDb().select().from(plotHoldings)).toEqual([]);
  });

  it("exports and erases a gardener's record; a current one's plot goes to be restored", async () => {
    const { gardener, plot } = await gardenerWithPlot({ name: "Nadia Cherif", email: "nadia.cherif@example.fr" });
    // Her fee in the book, made out to her.
    await getDb().insert(treasuryEntries).values({
      year: 2026,
      date: "2026-03-02",
      label: "Cotisation 2026",
      amountCents: 5500,
      direction: "recette",
      accountId: 1,
      categoryId: 1,
      means: "cheque",
      chequeNumber: "8412337",
      payer: "Nadia Cherif",
      gardenerId: gardener.id,
    });
    const found = await findPersonalData("NADIA.cherif@example.fr");
    expect(found.jardiniers).toEqual([
      expect.objectContaining({
        name: "Nadia Cherif",
        parcelles: [expect.objectContaining({ number: 1, startDate: "2015-03-01", endDate: null })],
        paiements: expect.arrayContaining([expect.objectContaining({ year: 2022, amountCents: 3500 })]),
        tresorerie: [expect.objectContaining({ label: "Cotisation 2026", amountCents: 5500, chequeNumber: "8412337" })],
      }),
    ]);

    const erased = await erasePersonalData(COMMAND_LINE_ACTOR, "nadia.cherif@example.fr");
    expect(erased.jardiniers).toHaveLength(1);
    expect(await getDb().select().from(gardeners)).toEqual([]);
    const [row] = await getDb().select().from(plots).where(eq(plots.id, plot.id));
    expect(row!.state).toBe("remise_en_etat");
    const [holding] = await getDb().select().from(plotHoldings);
    expect(holding).toMatchObject({ gardenerId: null, endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await getDb().select().from(gardenerPayments)).map((p) => p.gardenerId)).toEqual([null, null]);
    // The book keeps the amount, not her name.
    expect(
      await getDb()
        .select({
          payer: treasuryEntries.payer,
          gardenerId: treasuryEntries.gardenerId,
          amountCents: treasuryEntries.amountCents,
        })
        .from(treasuryEntries),
    ).toEqual([{ payer: "", gardenerId: null, amountCents: 5500 }]);
    const entries = await getDb().select().from(history);
    expect(entries.map((e) => e.detail)).toEqual([expect.stringContaining("1 fiche de jardinier")]);
    expect(JSON.stringify(entries)).not.toContain("Nadia");
    expect(gardener.id).toBeGreaterThan(0);
  });
});
