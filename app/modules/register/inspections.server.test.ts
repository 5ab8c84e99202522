import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inspectionMarks, inspectionRounds, outbox, plotHoldings } from "~/db/schema";
import { gardenersWithTwoWarnings, recentWarnings } from "~/modules/register/gardeners.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { parisToday } from "~/lib/paris-time";
import { inspectionFormSchema } from "./inspections.schema";
import { allotmentFormSchema, departureFormSchema, holdingFormSchema } from "./plots.schema";
import { allotToGardener, endHoldings } from "./allotment.server";
import {
  addToRound,
  correctRound,
  deleteRound,
  getRound,
  inspectionSheet,
  RoundCorrectionError,
  RoundExistsError,
  roundsOf,
  saveInspectionRound,
  StaleRoundFormError,
  withdrawWarning,
} from "./inspections.server";
import { plotsOfSite } from "./plots.server";
import { plotScreen } from "./plots.admin.server";
import { findPersonalData } from "~/modules/personal-data/personal-data.server";

it("asks what is wrong with a warned plot", () => {
  const parsed = inspectionFormSchema([4, 7]).safeParse({
    date: "2026-10-10",
    inspector: "Karim",
    resultat_7: "avertissement",
  });
  expect(parsed.error?.issues.map((i: { path: PropertyKey[]; message: string }) => [i.path[0], i.message])).toEqual([
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

it("refuses a departure or a visit dated after today (decision 025), and an allotment more than a year ahead (decision 036)", () => {
  const today = parisToday();
  const after = (days: number) =>
    new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const tomorrow = after(1);
  const issue = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.error?.issues.map((i) => [i.path[0], i.message]);
  // An allotment from tomorrow, or within a year, is planned; beyond, refused.
  expect(allotmentFormSchema.safeParse({ plotId: "3", startDate: tomorrow }).success).toBe(true);
  expect(holdingFormSchema.safeParse({ plotId: "3", startDate: after(366) }).success).toBe(true);
  expect(issue(allotmentFormSchema.safeParse({ plotId: "3", startDate: after(367) }))).toEqual([
    ["startDate", "Une attribution se prévoit au plus un an à l'avance."],
  ]);
  expect(issue(holdingFormSchema.safeParse({ plotId: "3", startDate: after(400) }))?.[0]?.[0]).toBe("startDate");
  expect(issue(departureFormSchema.safeParse({ endDate: tomorrow, plotState: "libre" }))).toEqual([
    ["endDate", "La date de départ ne peut pas être après aujourd'hui : le registre note ce qui a déjà eu lieu."],
  ]);
  expect(issue(inspectionFormSchema([]).safeParse({ date: tomorrow, inspector: "Karim" }))?.[0]?.[0]).toBe("date");
  expect(allotmentFormSchema.safeParse({ plotId: "3", startDate: today }).success).toBe(true);
  expect(departureFormSchema.safeParse({ endDate: "2019-05-01", plotState: "libre" }).success).toBe(true);
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

  const tokenOf = async (roundId: number) =>
    (await getDb().select().from(inspectionRounds)).find((r) => r.id === roundId)!.formToken;

  it("names the plot's holder on the visit's day, not on the day the round is saved", async () => {
    const site = await insertSite({ name: "Jardin du Tonkin" });
    const plot = await insertPlot(site.id, 5, { state: "attribuee" });
    const before = await insertGardener({ email: "avant@example.fr" });
    const after = await insertGardener({ email: "apres@example.fr" });
    await getDb()
      .insert(plotHoldings)
      .values([
        { plotId: plot.id, gardenerId: before.id, startDate: "2024-01-01", endDate: "2026-10-15" },
        { plotId: plot.id, gardenerId: after.id, startDate: "2026-10-15" },
      ]);
    // Entered after the departure, for a visit on 10 October: the mark goes to the one who held the plot then.
    const saved = await getDb().transaction((tx) =>
      saveInspectionRound(tx, site.id, {
        date: "2026-10-10",
        inspector: "Bureau",
        marks: [{ plotId: plot.id, result: "avertissement", note: "Allées envahies", mail: true }],
      }),
    );
    const [mark] = await getDb().select().from(inspectionMarks);
    expect(mark!.gardenerId).toBe(before.id);
    expect((await getDb().select().from(outbox))[0]!.to).toBe("avant@example.fr");
    expect(saved!.warnings).toBe(1);
    // The day of the departure, the plot is the newcomer's; before the first holding, nobody's.
    expect((await inspectionSheet(site.id, "2026-10-15")).map((p) => p.holder.id)).toEqual([after.id]);
    expect(await inspectionSheet(site.id, "2023-06-01")).toEqual([]);
  });

  it("corrects a saved round once per token: a warning added and e-mailed, a note fixed, a form sent twice refused", async () => {
    const site = await insertSite();
    const a = await attributed(site.id, 1, "a@example.fr");
    const b = await attributed(site.id, 2, "b@example.fr");
    const saved = await getDb().transaction((tx) =>
      saveInspectionRound(tx, site.id, {
        date: "2026-11-25",
        inspector: "Karim",
        marks: [
          { plotId: a.plot.id, result: "conforme", note: "", mail: false },
          { plotId: b.plot.id, result: "avertissement", note: "Herbes haute", mail: false },
        ],
      }),
    );
    const { marks } = (await getRound(site.id, saved!.round.id))!;
    const markOf = (plotId: number) => marks.find((m) => m.mark.plotId === plotId)!.mark.id;
    const token = await tokenOf(saved!.round.id);
    const correction = {
      token,
      inspector: "Karim et Marie",
      marks: [
        { markId: markOf(a.plot.id), result: "avertissement" as const, note: "Cabane ouverte", mail: true },
        { markId: markOf(b.plot.id), result: "avertissement" as const, note: "Herbes hautes", mail: false },
      ],
    };
    const done = await getDb().transaction((tx) => correctRound(tx, site.id, saved!.round.id, correction));
    expect(done!.changes).toEqual(["visite faite par", "n° 1 avertissement", "n° 2 remarque"]);
    expect(done!.mails).toBe(1);
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toEqual(["a@example.fr"]);
    // The same form again (a double click, a second tab): refused, nothing sent twice.
    await expect(
      getDb().transaction((tx) => correctRound(tx, site.id, saved!.round.id, correction)),
    ).rejects.toBeInstanceOf(StaleRoundFormError);
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    // A warning never silently becomes compliant: it is withdrawn, with a reason.
    const fresh = await tokenOf(saved!.round.id);
    await expect(
      getDb().transaction((tx) =>
        correctRound(tx, site.id, saved!.round.id, {
          ...correction,
          token: fresh,
          marks: [{ markId: markOf(b.plot.id), result: "conforme", note: "", mail: false }],
        }),
      ),
    ).rejects.toBeInstanceOf(RoundCorrectionError);
    const round = (await getRound(site.id, saved!.round.id))!;
    expect(round.round.inspector).toBe("Karim et Marie");
    expect(round.marks.map((m) => [m.plotNumber, m.mark.result, m.mark.note])).toEqual([
      [1, "avertissement", "Cabane ouverte"],
      [2, "avertissement", "Herbes hautes"],
    ]);
  });

  it("withdraws a warning with its reason: shown as withdrawn, no longer counted, the gardener told if it was e-mailed", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    const b = await attributed(site.id, 8, "b@example.fr");
    const round = (date: string) =>
      getDb().transaction((tx) =>
        saveInspectionRound(tx, site.id, {
          date,
          inspector: "Bureau",
          marks: [{ plotId: b.plot.id, result: "avertissement", note: "Chiendent", mail: true }],
        }),
      );
    await round("2026-06-10");
    const second = await round("2026-10-10");
    const now = new Date("2026-11-01");
    expect(await gardenersWithTwoWarnings(now)).toHaveLength(1);
    const [mark] = (await getRound(site.id, second!.round.id))!.marks;
    const done = await getDb().transaction((tx) =>
      withdrawWarning(tx, site.id, second!.round.id, second!.round.formToken, {
        markId: mark!.mark.id,
        reason: "La parcelle voisine était visée, pas la vôtre.",
        by: "marie",
      }),
    );
    expect(done).toMatchObject({ number: 8, told: true });
    expect(await gardenersWithTwoWarnings(now)).toEqual([]);
    expect((await plotsOfSite(site.id, now)).find((p) => p.id === b.plot.id)?.warnings).toBe(1);
    const shown = await recentWarnings({ gardenerId: b.gardener.id }, now);
    expect(shown.map((w) => [w.date, w.withdrawn, w.withdrawalReason])).toEqual([
      ["2026-10-10", true, "La parcelle voisine était visée, pas la vôtre."],
      ["2026-06-10", false, null],
    ]);
    const mails = await getDb().select().from(outbox);
    expect(mails.map((m) => m.subject)).toEqual([
      "Avertissement pour la parcelle n° 8",
      "Avertissement pour la parcelle n° 8",
      "Avertissement retiré pour la parcelle n° 8",
    ]);
    expect(mails[2]!.text).toContain(
      "lors de la visite du 10 octobre 2026 est retiré :\nLa parcelle voisine était visée, pas la vôtre.",
    );
    expect((await roundsOf(site.id)).map((r) => r.warnings)).toEqual([0, 1]);
    // The person's data, as « Données d'une personne » gives it, says the warning was withdrawn, and why.
    const [record] = (await findPersonalData("b@example.fr")).jardiniers;
    expect(record!.visites.find((v) => v.date === "2026-10-10")).toMatchObject({
      result: "avertissement",
      withdrawalReason: "La parcelle voisine était visée, pas la vôtre.",
    });
  });

  it("leads a second round of the day to the first, where a forgotten plot is added with its holder", async () => {
    const site = await insertSite();
    const a = await attributed(site.id, 1, "a@example.fr");
    const forgotten = await attributed(site.id, 2, "f@example.fr");
    const save = (plotId: number) =>
      getDb().transaction((tx) =>
        saveInspectionRound(tx, site.id, {
          date: "2026-11-25",
          inspector: "Karim",
          marks: [{ plotId, result: "conforme", note: "", mail: false }],
        }),
      );
    const first = await save(a.plot.id);
    const refused = await save(forgotten.plot.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RoundExistsError);
    expect((refused as RoundExistsError).roundId).toBe(first!.round.id);
    expect((await getRound(site.id, first!.round.id))!.addable.map((p) => p.number)).toEqual([2]);
    const token = await tokenOf(first!.round.id);
    const added = await getDb().transaction((tx) =>
      addToRound(tx, site.id, first!.round.id, token, {
        plotId: forgotten.plot.id,
        result: "avertissement",
        note: "Bâche envolée",
        mail: false,
      }),
    );
    expect(added).toMatchObject({ number: 2, mail: false });
    const round = (await getRound(site.id, first!.round.id))!;
    expect(round.marks.map((m) => [m.plotNumber, m.holder?.id])).toEqual([
      [1, a.gardener.id],
      [2, forgotten.gardener.id],
    ]);
    expect(round.addable).toEqual([]);
    await expect(
      getDb().transaction((tx) =>
        addToRound(tx, site.id, first!.round.id, round.round.formToken, {
          plotId: forgotten.plot.id,
          result: "conforme",
          note: "",
          mail: false,
        }),
      ),
    ).rejects.toThrow("Cette parcelle est déjà dans la visite.");
  });

  it("deletes a round entered by mistake, once its e-mailed warnings are withdrawn", async () => {
    const site = await insertSite();
    const a = await attributed(site.id, 1, "a@example.fr");
    const saved = await getDb().transaction((tx) =>
      saveInspectionRound(tx, site.id, {
        date: "2026-11-20",
        inspector: "Karim",
        marks: [{ plotId: a.plot.id, result: "avertissement", note: "Mauvais jardin", mail: true }],
      }),
    );
    const id = saved!.round.id;
    const remove = async () => {
      const token = await tokenOf(id);
      return getDb().transaction((tx) => deleteRound(tx, site.id, id, token));
    };
    await expect(remove()).rejects.toThrow(/retirez-le d'abord/);
    const [mark] = (await getRound(site.id, id))!.marks;
    const token = await tokenOf(id);
    await getDb().transaction((tx) =>
      withdrawWarning(tx, site.id, id, token, { markId: mark!.mark.id, reason: "Erreur de jardin", by: "marie" }),
    );
    expect(await remove()).toBeDefined();
    expect(await getRound(site.id, id)).toBeUndefined();
    expect(await getDb().select().from(inspectionMarks)).toEqual([]);
  });

  it("shows a holding dated after today by an earlier version as to come, and leaves it off today's sheet", async () => {
    const site = await insertSite();
    const plot = await insertPlot(site.id, 4, { state: "attribuee" });
    const gardener = await insertGardener();
    await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2099-12-01" });
    expect(await inspectionSheet(site.id, parisToday())).toEqual([]);
    expect((await plotScreen(String(plot.id), { role: "administrateur", siteIds: [] })).holdings).toMatchObject([
      { current: true, upcoming: true },
    ]);
  });
});
