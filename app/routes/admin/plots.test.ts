import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardenerPayments, gardeners, history, inspectionRounds, plotHoldings, plots } from "~/db/schema";
import { aYearBefore, parisToday } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action as feesAction } from "./fees";
import { action as gardenerAction } from "./gardener";
import { action as inspectionAction } from "./plot-inspection";
import { action as plotAction } from "./plot";
import { action as siteAction } from "./plot-site";

// The forms of the plots register, as a browser (or anything else) sends them: a bad request is a 4xx with a French
// message and writes nothing; history names records, never people.

const marie = { id: null as unknown as number, username: "marie" };
const send = <T>(
  run: (args: never) => Promise<T>,
  path: string,
  id: number,
  fields: Record<string, string> | [string, string][],
) => run(routeArgs(formPost(path, fields), { admin: marie, params: { id: String(id) } }));

async function held(siteName = "Jardin des Brosses") {
  const site = await insertSite({ name: siteName });
  const plot = await insertPlot(site.id, 7, { state: "attribuee" });
  const gardener = await insertGardener({ name: "Awa Diallo", email: "awa@example.fr" });
  await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
  return { site, plot, gardener };
}

it("gives 29 February a year before that exists", () => {
  expect(aYearBefore("2028-02-29")).toBe("2027-02-28");
  expect(aYearBefore("2026-11-24")).toBe("2025-11-24");
});

describeEachDatabase("the plots register's forms", () => {
  it("answers malformed forms with a 400 and a French message, writing nothing", async () => {
    const { site, plot, gardener } = await held();
    const cases: [Promise<unknown>, string][] = [
      [
        send(gardenerAction, "/admin/jardiniers/1", gardener.id, {
          intent: "departure",
          endDate: "2026-01-01",
          plotState: "libre",
          holdingId: "abc",
        }),
        "Choisissez la parcelle quittée.",
      ],
      [
        send(gardenerAction, "/admin/jardiniers/1", gardener.id, {
          intent: "departure",
          endDate: "0000-01-01",
          plotState: "libre",
        }),
        "Indiquez la date de départ.",
      ],
      [
        send(gardenerAction, "/admin/jardiniers/1", gardener.id, { intent: "allot", startDate: "2026-01-01" }),
        "Choisissez une parcelle libre.",
      ],
      [
        send(gardenerAction, "/admin/jardiniers/1", gardener.id, {
          intent: "payment",
          kind: "cotisation",
          year: "2026",
          amount: "1e9",
          paidOn: "2026-01-01",
          means: "cheque",
        }),
        "Indiquez un montant en euros, par exemple 25 ou 12,50.",
      ],
      [send(gardenerAction, "/admin/jardiniers/1", gardener.id, { intent: "nimporte" }), "Action inconnue."],
      [
        send(feesAction, "/admin/cotisations", 0, [
          ["intent", "paid"],
          ["fees", "1; drop table plots"],
          ["paidOn", "2026-01-01"],
          ["means", "cheque"],
        ]),
        "Cochez au moins une cotisation payée.",
      ],
      [
        send(inspectionAction, "/admin/parcelles/jardins/1/visite", site.id, {
          date: "2026-10-10",
          inspector: "Karim",
          [`resultat_${plot.id}`]: "peut-être",
        }),
        "Choisissez « Conforme » ou « Avertissement ».",
      ],
      [
        send(plotAction, "/admin/parcelles/1", plot.id, {
          intent: "save",
          number: "7",
          area: "120",
          kind: "familiale",
          state: "libre",
        }),
        "Une parcelle attribuée le reste jusqu'au départ de son jardinier (sur sa fiche).",
      ],
    ];
    for (const [pending, message] of cases) {
      const { status, value } = answered<{ ok: boolean; message: string; errors: Record<string, string> }>(
        await pending,
      );
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect([value.message, ...Object.values(value.errors)]).toContain(message);
    }
    expect(await getDb().select().from(history)).toEqual([]);
    expect((await getDb().select().from(plots))[0]!.state).toBe("attribuee");
    expect(await getDb().select().from(gardenerPayments)).toEqual([]);
  });

  it("refuses a departure after today, records one without a plot, and erases a record keeping its plot's history", async () => {
    const { plot, gardener } = await held();
    const tomorrow = aYearBefore(parisToday()).replace(/^\d{4}/, (y) => String(Number(y) + 2));
    const refused = answered<{ errors: Record<string, string> }>(
      await send(gardenerAction, "/admin/jardiniers/1", gardener.id, {
        intent: "departure",
        endDate: tomorrow,
        plotState: "libre",
        holdingId: "",
      }),
    );
    expect(refused.value.errors.endDate).toBe(
      "La date de départ ne peut pas être après aujourd'hui : le registre note ce qui a déjà eu lieu.",
    );
    expect((await getDb().select().from(plots))[0]!.state).toBe("attribuee");

    const alone = await insertGardener({ name: "Sans parcelle" });
    expect(
      await send(gardenerAction, "/admin/jardiniers/1", alone.id, {
        intent: "departure",
        endDate: "2026-01-31",
        plotState: "libre",
        holdingId: "",
      }),
    ).toMatchObject({ ok: true, message: "Départ enregistré." });
    expect((await getDb().select().from(gardeners).where(eq(gardeners.id, alone.id)))[0]!.endDate).toBe("2026-01-31");

    const erased = (await send(gardenerAction, "/admin/jardiniers/1", gardener.id, { intent: "erase" })) as Response;
    expect(erased.headers.get("Location")).toBe("/admin/jardiniers");
    expect(await getDb().select().from(gardeners).where(eq(gardeners.id, gardener.id))).toEqual([]);
    expect((await getDb().select().from(plots).where(eq(plots.id, plot.id)))[0]!.state).toBe("remise_en_etat");
    expect((await getDb().select().from(plotHoldings))[0]).toMatchObject({ gardenerId: null, startDate: "2024-03-01" });
    expect((await getDb().select().from(history)).map((h) => [h.kind, h.target])).toEqual([
      ["parcelle.depart", `jardinier n° ${alone.id}`],
      ["jardinier.suppression", `jardinier n° ${gardener.id}`],
    ]);
  });

  it("saves one round a day per site: the same form sent twice warns nobody twice", async () => {
    const { site, plot } = await held();
    const fields = {
      date: "2026-10-10",
      inspector: "Karim",
      [`resultat_${plot.id}`]: "avertissement",
      [`remarque_${plot.id}`]: "Herbes hautes",
      [`courriel_${plot.id}`]: "on",
    };
    expect(await send(inspectionAction, "/admin/parcelles/jardins/1/visite", site.id, fields)).toMatchObject({
      ok: true,
      message: "Visite enregistrée : 1 avertissement, 1 e-mail envoyé.",
    });
    const again = answered<{ message: string }>(
      await send(inspectionAction, "/admin/parcelles/jardins/1/visite", site.id, fields),
    );
    expect(again.status).toBe(409);
    expect(again.value.message).toBe(
      "Une visite du 10 octobre 2026 est déjà enregistrée pour ce jardin : ouvrez-la pour la corriger ou y ajouter une parcelle oubliée.",
    );
    expect(await getDb().select().from(inspectionRounds)).toHaveLength(1);
    expect((await getDb().select().from(history)).map((h) => h.target)).toEqual([
      "visite du 10 octobre 2026 du Jardin des Brosses",
    ]);
  });

  it("keeps a plot that was ever cultivated, and deletes one created by mistake", async () => {
    const { site, plot } = await held();
    const kept = answered<{ message: string }>(
      await send(plotAction, "/admin/parcelles/1", plot.id, { intent: "delete" }),
    );
    expect(kept.status).toBe(409);
    const mistake = await insertPlot(site.id, 99);
    const removed = (await send(plotAction, "/admin/parcelles/1", mistake.id, { intent: "delete" })) as Response;
    expect(removed.headers.get("Location")).toBe(`/admin/parcelles/jardins/${site.id}`);
    expect((await getDb().select().from(plots)).map((p) => p.number)).toEqual([7]);
    expect((await getDb().select().from(history)).map((h) => h.target)).toEqual(["parcelle 99 du Jardin des Brosses"]);
  });

  it("imports a CSV file read by its content: a spreadsheet's own format is refused, a Windows-1252 file is read", async () => {
    const site = await insertSite({ name: "Jardin de la Thibaude" });
    const upload = (bytes: number[]) => {
      const form = new FormData();
      form.set("intent", "import");
      form.set("file", new File([new Uint8Array(bytes)], "parcelles.csv", { type: "text/csv" }));
      return siteAction(
        routeArgs(multipartPost("/admin/parcelles/jardins/1", form), { admin: marie, params: { id: String(site.id) } }),
      );
    };
    const xlsx = answered<{ message: string }>(await upload([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
    expect(xlsx.status).toBe(400);
    expect(xlsx.value.message).toBe(
      "Ce fichier n'est pas un CSV lisible : enregistrez-le depuis votre tableur au format CSV.",
    );
    // « Numéro;Surface;État » with « réservée », as a French spreadsheet saves it in Windows-1252.
    const latin1 = [...Buffer.from("Num\xe9ro;Surface;\xc9tat\n4;150;r\xe9serv\xe9e\n", "latin1")];
    expect(await upload(latin1)).toMatchObject({
      ok: true,
      message: "Import terminé : 1 parcelle créée, 0 mise à jour.",
    });
    expect((await getDb().select().from(plots))[0]).toMatchObject({ number: 4, area: 150, state: "reservee" });
  });
});
