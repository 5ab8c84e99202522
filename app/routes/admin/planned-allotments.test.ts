import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { applications, gardeners, history, outbox, plannedAllotments, plotHoldings, plots } from "~/db/schema";
import { waitingListPlace } from "~/modules/applications/applicant.server";
import { allotToGardener, freePlots, PlotUnavailableError } from "~/modules/register/allotment.server";
import { activatePlannedAllotments, listPlannedAllotments } from "~/modules/register/planned-allotments.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertApplication, insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { actionOutcome, formPost, routeArgs } from "../../../tests/routes";
import { action as allotmentAction } from "./allotment";
import { action as gardenerAction, loader as gardenerLoader } from "./gardener";
import { action as plotsAction, loader as plotsLoader } from "./plots";

// Allotments planned for a later day (issue: « bureaus allot in winter for a season that starts on 1 March »;
// decision 036): the plot promised and still free, made a holding on its day by the daily job.

const marie = { id: null as unknown as number, username: "marie" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const post = (run: (args: never) => Promise<unknown>, path: string, fields: Record<string, string>, id?: number) =>
  run(routeArgs(formPost(path, fields), { admin: marie, params: id === undefined ? {} : { id: String(id) } }));

async function plotAndApplicant() {
  const site = await insertSite({ name: "Jardin des Brosses" });
  const plot = await insertPlot(site.id, 12, { area: 120, state: "libre" });
  const other = await insertPlot(site.id, 13, { area: 120, state: "libre" });
  const application = await insertApplication({ nom: "Nadia Cherif", email: "nadia.cherif@example.fr" });
  return { site, plot, other, application };
}

describeEachDatabase("allotments planned for a later day", () => {
  it("promises a plot to an application from a later day, then makes it a holding on that day", async () => {
    const { plot, other, application } = await plotAndApplicant();
    const from = day(60);
    const allot = (fields: Record<string, string>) =>
      post(allotmentAction, `/admin/applications/${application.id}/attribuer`, fields, application.id);

    expect(await allot({ plotId: String(plot.id), startDate: day(400) }).then(actionOutcome)).toMatchObject({
      status: 400,
      value: { errors: { startDate: "Une attribution se prévoit au plus un an à l'avance." } },
    });
    const planned = (await allot({ plotId: String(plot.id), startDate: from })) as Response;
    expect(planned.status).toBe(302);
    expect(planned.headers.get("Location")).toMatch(/^\/admin\/parcelles\?prevue=\d+#attributions-prevues$/);

    // Until then: the plot free but offered to no one, the application treated but not archived, nobody mailed.
    const [kept] = await getDb().select().from(plots).where(eq(plots.id, plot.id));
    expect(kept!.state).toBe("libre");
    expect((await freePlots()).map((p) => p.id)).toEqual([other.id]);
    const someoneElse = await insertGardener();
    await expect(
      getDb().transaction((tx) => allotToGardener(tx, someoneElse.id, plot.id, day(0))),
    ).rejects.toBeInstanceOf(PlotUnavailableError);
    const [app] = await getDb().select().from(applications).where(eq(applications.id, application.id));
    expect([app!.processed, Boolean(app!.archived)]).toEqual([true, false]);
    // Served: out of the waiting list, the next applicants move up.
    expect(await waitingListPlace(application)).toBeNull();
    expect(await getDb().select().from(outbox)).toEqual([]);
    expect(await getDb().select().from(plotHoldings)).toEqual([]);
    const screen = await plotsLoader(
      routeArgs(new Request(`http://localhost${planned.headers.get("Location")}`), { admin: marie }),
    );
    expect(screen.planned).toEqual([
      expect.objectContaining({ plot: "parcelle 12 du Jardin des Brosses", who: "Nadia Cherif", welcomed: false }),
    ]);
    expect(screen.plannedNotice).toMatch(
      /^La parcelle 12 du Jardin des Brosses est attribuée à Nadia Cherif à partir du /,
    );
    // A second plan for the same application is refused.
    expect(await allot({ plotId: String(other.id), startDate: from }).then(actionOutcome)).toMatchObject({
      status: 409,
    });

    // The day before, nothing; on the day, the holding from that day, the gardener made, the welcome e-mail sent.
    expect(await activatePlannedAllotments(day(59))).toBe(0);
    expect(await activatePlannedAllotments(from)).toBe(1);
    const [gardener] = await getDb().select().from(gardeners).where(eq(gardeners.applicationId, application.id));
    expect(gardener).toMatchObject({ name: "Nadia Cherif", startDate: from });
    expect(await getDb().select().from(plotHoldings)).toEqual([
      expect.objectContaining({ plotId: plot.id, gardenerId: gardener!.id, startDate: from, endDate: null }),
    ]);
    const [after] = await getDb().select().from(plots).where(eq(plots.id, plot.id));
    expect(after!.state).toBe("attribuee");
    const [archived] = await getDb().select().from(applications).where(eq(applications.id, application.id));
    expect(archived!.archived).toBe(true);
    expect((await getDb().select().from(outbox)).map((m) => m.to)).toEqual(["nadia.cherif@example.fr"]);
    expect(await getDb().select().from(plannedAllotments)).toEqual([]);
    const entries = (await getDb().select().from(history)).map((h) => [h.kind, h.actor]);
    expect(entries).toContainEqual(["parcelle.attribution-prevue", "marie"]);
    expect(entries).toContainEqual(["parcelle.attribution", "attribution prévue"]);
    // Run again (another instance, the next hour): nothing more.
    expect(await activatePlannedAllotments(from)).toBe(0);
  });

  it("sends the welcome e-mail at once when asked, and not again on the day", async () => {
    const { plot, application } = await plotAndApplicant();
    await post(
      allotmentAction,
      `/admin/applications/${application.id}/attribuer`,
      { plotId: String(plot.id), startDate: day(30), welcomeNow: "on" },
      application.id,
    );
    const [mail] = await getDb().select().from(outbox);
    expect(mail).toMatchObject({ to: "nadia.cherif@example.fr", subject: "Votre parcelle n° 12, Jardin des Brosses" });
    await activatePlannedAllotments(day(30));
    expect(await getDb().select().from(outbox)).toHaveLength(1);
    expect(await getDb().select().from(plotHoldings)).toHaveLength(1);
  });

  it("plans a second plot for a gardener from their record, and keeps a plan whose plot was taken out of use", async () => {
    const { plot, other } = await plotAndApplicant();
    const gardener = await insertGardener({ name: "Karim Benali" });
    const allot = (plotId: number, startDate: string) =>
      post(
        gardenerAction,
        `/admin/jardiniers/${gardener.id}`,
        { intent: "allot", plotId: String(plotId), startDate },
        gardener.id,
      ).then(actionOutcome);
    expect((await allot(plot.id, day(20))).value.message).toMatch(
      /^La parcelle 12 du Jardin des Brosses est attribuée à partir du .+ : elle reste libre jusque-là/,
    );
    await allot(other.id, day(25));
    const record = (await gardenerLoader(
      routeArgs(new Request(`http://localhost/admin/jardiniers/${gardener.id}`), {
        admin: marie,
        params: { id: String(gardener.id) },
      }),
    )) as { planned: { plot: string }[] };
    expect(record.planned.map((p) => p.plot)).toEqual([
      "parcelle 12 du Jardin des Brosses",
      "parcelle 13 du Jardin des Brosses",
    ]);
    // Plot 13 is put under repair meanwhile: its plan cannot be made on its day, and says why.
    await getDb().update(plots).set({ state: "remise_en_etat" }).where(eq(plots.id, other.id));
    expect(await activatePlannedAllotments(day(25))).toBe(1);
    const left = await listPlannedAllotments();
    expect(left).toEqual([
      expect.objectContaining({
        plot: "parcelle 13 du Jardin des Brosses",
        problem: expect.stringContaining("n'est plus libre"),
      }),
    ]);
    expect(await getDb().select().from(plotHoldings)).toEqual([
      expect.objectContaining({ plotId: plot.id, gardenerId: gardener.id, startDate: day(20) }),
    ]);

    // « Annuler »: the plan gone, the plot offered again once free.
    const cancelled = await post(plotsAction, "/admin/parcelles", {
      intent: "cancel-plan",
      planId: String(left[0]!.id),
    }).then(actionOutcome);
    expect(cancelled.value.message).toBe(
      "Attribution prévue annulée : la parcelle 13 du Jardin des Brosses est de nouveau libre.",
    );
    expect(await listPlannedAllotments()).toEqual([]);
  });
});
