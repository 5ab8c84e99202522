import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  gardenerPayments,
  gardenSites,
  gardeners,
  inspectionMarks,
  inspectionRounds,
  plotHoldings,
  plots,
} from "~/db/schema";
import type { Role } from "~/modules/auth/roles";
import { formatCalendarDate } from "~/lib/dates";
import { parisToday } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action as gardenerAction, loader as gardenerLoader } from "./gardener";
import { action as addGardenerAction, loader as gardenersLoader } from "./gardeners";
import { action as gardenersExport } from "./gardeners-export";
import { action as plotAction, loader as plotLoader } from "./plot";
import { loader as roundLoader } from "./plot-inspection-round";
import { action as inspectionAction, loader as inspectionLoader } from "./plot-inspection";
import { action as siteAction, loader as siteLoader } from "./plot-site";
import { loader as printLoader } from "./plot-site-print";
import { action as addSiteAction, loader as sitesLoader } from "./plots";
import { action as plotsExport } from "./plots-export";

/** The rounds' day: a month ago, so that their warnings are within the twelve months a record shows, on any day. */
const ROUND_DAY = new Date(Date.parse(`${parisToday()}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);

// The register by role: a referent sees and changes only their sites, their plots and rounds and the gardeners who
// hold or held a plot there; the treasurer reads the gardeners and records their payments, and nothing else.

type Account = { id: number; username: string; role: Role; siteIds: number[] };
const account = (username: string, role: Role, siteIds: number[] = []): Account => ({
  id: null as unknown as number,
  username,
  role,
  siteIds,
});

const get = (path: string, admin: Account, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost:3000${path}`), { admin, params });
const post = (path: string, admin: Account, fields: Record<string, string>, params: Record<string, string> = {}) =>
  routeArgs(formPost(path, fields), { admin, params });

/** What a loader or action threw: a 403 with the guard's « Accès refusé » shape. */
async function refusal(pending: Promise<unknown>) {
  const thrown = await pending.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown, "refused").toBeDefined();
  const { status, value } = answered<{ forbidden: boolean; message: string }>(thrown);
  expect(status).toBe(403);
  expect(value.forbidden).toBe(true);
  return value.message;
}

/** Two sites: Brosses (the referent's) and Thibaude, a holder on each, a former holder of Brosses, a round on each. */
async function register() {
  const brosses = await insertSite({ name: "Jardin des Brosses" });
  const thibaude = await insertSite({ name: "Jardin de la Thibaude" });
  const plotA = await insertPlot(brosses.id, 1, { state: "attribuee" });
  const freeA = await insertPlot(brosses.id, 2);
  const plotB = await insertPlot(thibaude.id, 1, { state: "attribuee" });
  const freeB = await insertPlot(thibaude.id, 2);
  const awa = await insertGardener({ name: "Awa Diallo" });
  const bruno = await insertGardener({ name: "Bruno Garnier" });
  const former = await insertGardener({ name: "Colette Roche", endDate: "2025-10-31" });
  await getDb()
    .insert(plotHoldings)
    .values([
      { plotId: plotA.id, gardenerId: awa.id, startDate: "2024-03-01" },
      { plotId: plotB.id, gardenerId: bruno.id, startDate: "2024-03-01" },
      { plotId: freeA.id, gardenerId: former.id, startDate: "2020-03-01", endDate: "2025-10-31" },
    ]);
  const [roundA] = await getDb()
    .insert(inspectionRounds)
    .values({ siteId: brosses.id, date: ROUND_DAY, inspector: "Karim" })
    .returning();
  const [roundB] = await getDb()
    .insert(inspectionRounds)
    .values({ siteId: thibaude.id, date: ROUND_DAY, inspector: "Karim" })
    .returning();
  return { brosses, thibaude, plotA, freeA, plotB, freeB, awa, bruno, former, roundA: roundA!, roundB: roundB! };
}

describeEachDatabase("the register by role", () => {
  it("shows a referent their sites, plots, rounds and gardeners, and refuses the others with a 403", async () => {
    const r = await register();
    const rita = account("rita", "referent", [r.brosses.id]);

    const sites = await sitesLoader(get("/admin/parcelles", rita));
    expect(sites.sites.map((s) => [s.name, s.total, s.byState.attribuee])).toEqual([["Jardin des Brosses", 2, 1]]);
    expect(sites.wholeRegister).toBe(false);
    const site = { id: String(r.brosses.id) };
    expect((await siteLoader(get("/admin/parcelles/jardins/1", rita, site))).plots).toHaveLength(2);
    expect((await printLoader(get("/admin/parcelles/jardins/1/imprimer", rita, site))).plots).toHaveLength(2);
    expect((await inspectionLoader(get("/admin/parcelles/jardins/1/visite", rita, site))).rounds).toHaveLength(1);
    const roundA = { id: String(r.brosses.id), roundId: String(r.roundA.id) };
    expect((await roundLoader(get("/admin/parcelles/jardins/1/visites/1", rita, roundA))).round.inspector).toBe(
      "Karim",
    );
    expect((await plotLoader(get("/admin/parcelles/1", rita, { id: String(r.plotA.id) }))).plot.number).toBe(1);

    // Current holders of Brosses, and its former ones; nobody of Thibaude, whatever the search.
    const current = await gardenersLoader(get("/admin/jardiniers", rita));
    expect(current.gardeners.map((g) => g.listName)).toEqual(["Diallo, Awa"]);
    expect(current.counts).toEqual({ actuels: 1, anciens: 1 });
    const former = await gardenersLoader(get("/admin/jardiniers?statut=anciens", rita));
    expect(former.gardeners.map((g) => g.listName)).toEqual(["Roche, Colette"]);
    expect((await gardenersLoader(get("/admin/jardiniers?q=Garnier", rita))).counts).toEqual({
      actuels: 0,
      anciens: 0,
    });
    expect((await gardenerLoader(get("/admin/jardiniers/1", rita, { id: String(r.former.id) }))).gardener.name).toBe(
      "Colette Roche",
    );

    const other = { id: String(r.thibaude.id) };
    const roundB = { id: String(r.thibaude.id), roundId: String(r.roundB.id) };
    const refused = [
      () => siteLoader(get("/admin/parcelles/jardins/2", rita, other)),
      () => printLoader(get("/admin/parcelles/jardins/2/imprimer", rita, other)),
      () => inspectionLoader(get("/admin/parcelles/jardins/2/visite", rita, other)),
      () => roundLoader(get("/admin/parcelles/jardins/2/visites/2", rita, roundB)),
      () => plotLoader(get("/admin/parcelles/3", rita, { id: String(r.plotB.id) })),
      () =>
        siteAction(
          post(
            "/admin/parcelles/jardins/2",
            rita,
            { intent: "bulk", from: "3", to: "9", area: "100", kind: "familiale" },
            other,
          ),
        ),
      () => plotAction(post("/admin/parcelles/4", rita, { intent: "delete" }, { id: String(r.freeB.id) })),
      () =>
        inspectionAction(
          post("/admin/parcelles/jardins/2/visite", rita, { date: "2026-06-06", inspector: "R" }, other),
        ),
    ];
    for (const run of refused)
      expect(await refusal(run())).toBe(
        "Ce jardin n'est pas parmi ceux qui vous sont confiés. Demandez à un administrateur si vous en avez besoin.",
      );
    // Thibaude's round asked under the referent's own site is not found there.
    const mixed = await roundLoader(
      get("/admin/parcelles/jardins/1/visites/2", rita, { ...roundB, id: site.id }),
    ).catch((error: unknown) => error);
    expect((mixed as Response).status).toBe(302);
    expect(await refusal(gardenerLoader(get("/admin/jardiniers/2", rita, { id: String(r.bruno.id) })))).toMatch(
      /^Ce jardinier n'a pas eu de parcelle dans les jardins qui vous sont confiés\./,
    );
    expect(await getDb().select().from(plots).where(eq(plots.siteId, r.thibaude.id))).toHaveLength(2);

    // A referent with no site yet sees none.
    const nobody = account("nadia", "referent");
    expect((await sitesLoader(get("/admin/parcelles", nobody))).sites).toEqual([]);
    expect((await gardenersLoader(get("/admin/jardiniers", nobody))).counts).toEqual({ actuels: 0, anciens: 0 });
  });

  it("lets a referent create plots on their site, and keeps sites, imports and new gardeners for administrators", async () => {
    const r = await register();
    const rita = account("rita", "referent", [r.brosses.id]);
    const site = { id: String(r.brosses.id) };
    expect(
      await siteAction(
        post(
          "/admin/parcelles/jardins/1",
          rita,
          { intent: "bulk", from: "3", to: "4", area: "100", kind: "familiale" },
          site,
        ),
      ),
    ).toMatchObject({ ok: true, message: "2 parcelles créées." });

    const sitesOnly = "Seul un administrateur crée, supprime un jardin ou importe ses parcelles.";
    expect(
      await refusal(
        addSiteAction(post("/admin/parcelles", rita, { name: "Jardin neuf", town: "Villeurbanne", address: "1 rue" })),
      ),
    ).toBe(sitesOnly);
    expect(await refusal(siteAction(post("/admin/parcelles/jardins/1", rita, { intent: "delete-site" }, site)))).toBe(
      sitesOnly,
    );
    const upload = new FormData();
    upload.set("intent", "import");
    upload.set("file", new File(["Numéro;Surface\n8;100\n"], "parcelles.csv", { type: "text/csv" }));
    expect(
      await refusal(
        siteAction(routeArgs(multipartPost("/admin/parcelles/jardins/1", upload), { admin: rita, params: site })),
      ),
    ).toBe(sitesOnly);
    await refusal(addGardenerAction(post("/admin/jardiniers", rita, { familyName: "Neuf", startDate: "2026-01-01" })));
    expect(await getDb().select().from(gardenSites)).toHaveLength(2);
    expect(await getDb().select().from(gardeners)).toHaveLength(3);
    expect(
      (await getDb().select().from(plots).where(eq(plots.siteId, r.brosses.id))).map((p) => p.number).sort(),
    ).toEqual([1, 2, 3, 4]);
  });

  it("gives a referent their sites' plots on a record, and refuses the others' departure and allotment", async () => {
    const r = await register();
    const rita = account("rita", "referent", [r.brosses.id]);
    // Awa holds a plot on each site.
    await getDb().update(plots).set({ state: "attribuee" }).where(eq(plots.id, r.freeB.id));
    await getDb().insert(plotHoldings).values({ plotId: r.freeB.id, gardenerId: r.awa.id, startDate: "2025-03-01" });
    // And a warning there: its note is the Thibaude referent's business.
    await getDb().insert(inspectionMarks).values({
      roundId: r.roundB.id,
      plotId: r.freeB.id,
      gardenerId: r.awa.id,
      result: "avertissement",
      note: "Cabane encombrée",
    });
    const awa = { id: String(r.awa.id) };
    const record = await gardenerLoader(get("/admin/jardiniers/1", rita, awa));
    // The other site's plot is there, but not which it is.
    expect(record.holdings.map((h) => [h.plotId, h.name, h.mine])).toEqual([
      [0, "Une parcelle dans un jardin qui ne vous est pas confié", false],
      [r.plotA.id, "parcelle 1 du Jardin des Brosses", true],
    ]);
    expect(record.warnings).toEqual([
      {
        id: expect.any(Number),
        date: formatCalendarDate(ROUND_DAY),
        note: "remarque réservée au bureau et aux référents de ce jardin",
        plot: "dans un jardin qui ne vous est pas confié",
        withdrawn: null,
      },
    ]);
    const list = await gardenersLoader(get("/admin/jardiniers", rita));
    expect(list.gardeners.find((g) => g.listName === "Diallo, Awa")?.plots).toBe("n° 1 (Jardin des Brosses)");
    // An administrator sees both, by name.
    const admin = account("admin", "administrateur");
    const whole = await gardenerLoader(get("/admin/jardiniers/1", admin, awa));
    expect(whole.holdings.map((h) => h.name)).toEqual([
      "parcelle 2 du Jardin de la Thibaude",
      "parcelle 1 du Jardin des Brosses",
    ]);
    expect(whole.warnings[0]).toMatchObject({ note: "Cabane encombrée", plot: "n° 2 (Jardin de la Thibaude)" });
    expect(
      (await gardenersLoader(get("/admin/jardiniers", admin))).gardeners.find((g) => g.listName === "Diallo, Awa")
        ?.plots,
    ).toBe("n° 2 (Jardin de la Thibaude), n° 1 (Jardin des Brosses)");
    // Brosses' free plot is offered, not one of Thibaude.
    expect(record.freePlots.map(([, label]) => label)).toEqual(["parcelle 2 du Jardin des Brosses — 120 m²"]);
    expect(record).toMatchObject({ editable: true, erasable: false, payments: false });

    const [holdingB] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.plotId, r.freeB.id));
    const departure = { intent: "departure", endDate: "2026-01-31", plotState: "libre" };
    await refusal(
      gardenerAction(post("/admin/jardiniers/1", rita, { ...departure, holdingId: String(holdingB!.id) }, awa)),
    );
    await refusal(gardenerAction(post("/admin/jardiniers/1", rita, { ...departure, holdingId: "" }, awa)));
    await refusal(gardenerAction(post("/admin/jardiniers/1", rita, { intent: "erase" }, awa)));
    const freeB2 = await insertPlot(r.thibaude.id, 3);
    await refusal(
      gardenerAction(
        post("/admin/jardiniers/1", rita, { intent: "allot", plotId: String(freeB2.id), startDate: "2026-01-01" }, awa),
      ),
    );
    expect(await getDb().select().from(plotHoldings).where(eq(plotHoldings.gardenerId, r.awa.id))).toHaveLength(2);
    expect((await getDb().select().from(plots).where(eq(plots.id, freeB2.id)))[0]!.state).toBe("libre");

    // Her own site's plot: the departure is recorded.
    const [holdingA] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.plotId, r.plotA.id));
    expect(
      await gardenerAction(post("/admin/jardiniers/1", rita, { ...departure, holdingId: String(holdingA!.id) }, awa)),
    ).toMatchObject({ ok: true, message: "Départ enregistré : la parcelle 1 du Jardin des Brosses est libérée." });
  });

  it("exports only a referent's sites' plots and gardeners", async () => {
    const r = await register();
    const rita = account("rita", "referent", [r.brosses.id]);
    const text = async (response: Response) => (await response.text()).replace(/^\uFEFF/, "");
    const plotsCsv = await text((await plotsExport(post("/admin/parcelles/export", rita, {}))) as Response);
    expect(plotsCsv).toContain("Jardin des Brosses");
    expect(plotsCsv).not.toContain("Thibaude");
    const gardenersCsv = await text((await gardenersExport(post("/admin/jardiniers/export", rita, {}))) as Response);
    expect(gardenersCsv).toContain("Diallo");
    expect(gardenersCsv).toContain("Roche");
    expect(gardenersCsv).not.toContain("Garnier");
    // An administrator's export holds every site.
    const all = await text(
      (await plotsExport(post("/admin/parcelles/export", account("admin", "administrateur"), {}))) as Response,
    );
    expect(all).toContain("Thibaude");
  });

  it("lets the treasurer read any gardener and record a payment, and refuses her the record's other forms", async () => {
    const r = await register();
    const tina = account("tina", "tresorier");
    const list = await gardenersLoader(get("/admin/jardiniers", tina));
    expect(list.gardeners.map((g) => g.listName)).toEqual(["Diallo, Awa", "Garnier, Bruno"]);
    expect(list).toMatchObject({ adds: false, imports: false, role: "tresorier" });
    const bruno = { id: String(r.bruno.id) };
    const record = await gardenerLoader(get("/admin/jardiniers/2", tina, bruno));
    expect(record).toMatchObject({ editable: false, erasable: false, payments: true, freePlots: [] });
    expect(record.holdings.every((h) => !h.mine)).toBe(true);

    const payment = {
      intent: "payment",
      kind: "cotisation",
      year: "2026",
      amount: "25",
      paidOn: "2026-03-01",
      means: "cheque",
    };
    expect(await gardenerAction(post("/admin/jardiniers/2", tina, payment, bruno))).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Paiement enregistré : 25,00\s€\.$/),
    });
    expect(
      await refusal(
        gardenerAction(
          post("/admin/jardiniers/2", tina, { intent: "save", familyName: "Autre", startDate: "2024-03-01" }, bruno),
        ),
      ),
    ).toBe("Votre rôle permet de consulter cette fiche, pas de la modifier.");
    await refusal(gardenerAction(post("/admin/jardiniers/2", tina, { intent: "erase" }, bruno)));
    expect((await getDb().select().from(gardeners).where(eq(gardeners.id, r.bruno.id)))[0]!.familyName).toBe("Garnier");

    // A referent has no payment forms and is refused their intents.
    const rita = account("rita", "referent", [r.brosses.id]);
    const awa = { id: String(r.awa.id) };
    expect(await refusal(gardenerAction(post("/admin/jardiniers/1", rita, payment, awa)))).toBe(
      "Les paiements et les tarifs sont l'affaire du trésorier et des administrateurs.",
    );
    await refusal(
      gardenerAction(post("/admin/jardiniers/1", rita, { intent: "fee-rate", target: "fiche", amount: "10" }, awa)),
    );
    expect(await getDb().select().from(gardenerPayments)).toHaveLength(1);
  });
});
