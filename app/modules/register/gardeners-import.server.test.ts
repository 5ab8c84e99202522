import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { gardeners, history, plannedAllotments, plotHoldings, plots } from "~/db/schema";
import { readFormData } from "~/modules/forms/form-data.server";
import type { Actor } from "~/modules/history/history.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { gardenersImportAction } from "./gardeners-import.admin.server";
import { checkGardenersCsv } from "./gardeners-import.server";

const ACTOR: Actor = { id: null, username: "marie" };

/** The file as Excel saves it in France: Windows-1252, semicolons, French dates. */
function windows1252(text: string): Uint8Array<ArrayBuffer> {
  const bytes = [...text].map((c) => {
    const code = c.charCodeAt(0);
    if (code < 256) return code;
    throw new Error(`not in Windows-1252 here: ${c}`);
  });
  return new Uint8Array(bytes);
}

async function upload(bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.append("intent", "check");
  body.append("file", new Blob([bytes], { type: "text/csv" }), "jardiniers.csv");
  const form = await readFormData(new Request("http://localhost/admin/jardiniers/import", { method: "POST", body }), {
    textFiles: ["file"],
  });
  return gardenersImportAction(form, ACTOR);
}

describeEachDatabase("gardeners' import", () => {
  it("shows every line's outcome before writing anything, then imports all of them with their plots", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    await insertPlot(site.id, 1, { state: "libre" });
    await insertPlot(site.id, 2, { state: "libre" });
    await insertGardener({ name: "Camille Roux", email: "camille@example.fr" });
    const csv = [
      "Nom;Prénom(s);E-mail;Portable;Fixe;Adresse;Jardin;Parcelle;Arrivée",
      "Mansouri;Aïcha;aicha@example.fr;06 12 34 56 78;;3 rue de la Paix, 69100 Villeurbanne;Jardin des Brosses;1;01/03/2024",
      "Écuyer;Zoé;;;04 78 00 00 00;;;;15/09/2025",
      "Roux;Camille;camille@example.fr;;;;;;01/03/2020",
    ].join("\r\n");
    const checked = await upload(windows1252(csv));
    expect(checked).toMatchObject({ ok: true, intent: "check" });
    const check = (checked as { check: { lines: unknown[]; counts: unknown; csv: string } }).check;
    expect(check.counts).toEqual({ creer: 2, ignorer: 1, erreur: 0 });
    expect(check.lines).toEqual([
      expect.objectContaining({
        line: 2,
        name: "Aïcha Mansouri",
        outcome: "creer",
        message: "avec la parcelle 1 du Jardin des Brosses.",
      }),
      expect.objectContaining({ line: 3, name: "Zoé Écuyer", outcome: "creer", message: "sans parcelle." }),
      expect.objectContaining({
        line: 4,
        name: "Camille Roux",
        outcome: "ignorer",
        message: "déjà au registre (fiche de Camille Roux), laissée telle quelle.",
      }),
    ]);
    // The dry run wrote nothing.
    expect(await getDb().select().from(gardeners)).toHaveLength(1);

    const form = new FormData();
    form.append("intent", "import");
    form.append("csv", check.csv);
    expect(await gardenersImportAction(form, ACTOR)).toMatchObject({
      ok: true,
      message: "Import terminé : 2 jardiniers créés, 1 parcelle attribuée.",
    });
    const [aicha] = await getDb().select().from(gardeners).where(eq(gardeners.email, "aicha@example.fr"));
    expect(aicha).toMatchObject({
      familyName: "Mansouri",
      givenNames: "Aïcha",
      mobile: "06 12 34 56 78",
      startDate: "2024-03-01",
    });
    const [holding] = await getDb().select().from(plotHoldings).where(eq(plotHoldings.gardenerId, aicha!.id));
    expect(holding).toMatchObject({ startDate: "2024-03-01", endDate: null });
    const [plot] = await getDb().select().from(plots).where(eq(plots.id, holding!.plotId));
    expect(plot).toMatchObject({ number: 1, state: "attribuee" });
    const [zoe] = await getDb().select().from(gardeners).where(eq(gardeners.familyName, "Écuyer"));
    expect(zoe).toMatchObject({ landline: "04 78 00 00 00", name: "Zoé Écuyer" });
    expect((await getDb().select().from(history)).map((h) => h.kind)).toContain("jardinier.import");
  });

  it("accepts an arrival up to a year ahead: the gardener recorded, their plot promised from that day", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    const plot = await insertPlot(site.id, 1, { state: "libre" });
    const french = (offset: number) => {
      const [y, m, d] = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).split("-");
      return `${d}/${m}/${y}`;
    };
    const csv = [
      "Nom;Prénom(s);E-mail;Jardin;Parcelle;Arrivée",
      `Haddad;Yasmine;yasmine@example.fr;Jardin des Brosses;1;${french(60)}`,
      `Lemoine;Paul;;;;${french(400)}`,
    ].join("\r\n");
    const { check } = (await upload(windows1252(csv))) as { check: { lines: { message: string }[]; csv: string } };
    expect(check.lines[0]!.message).toMatch(
      /^avec la parcelle 1 du Jardin des Brosses à partir du .+ \(attribution prévue\)\.$/,
    );
    expect(check.lines[1]!.message).toBe("Une attribution se prévoit au plus un an à l'avance.");

    const form = new FormData();
    form.append("intent", "import");
    form.append("csv", ["Nom;Prénom(s);E-mail;Jardin;Parcelle;Arrivée", csv.split("\r\n")[1]].join("\r\n"));
    expect(await gardenersImportAction(form, ACTOR)).toMatchObject({
      ok: true,
      message: "Import terminé : 1 jardinier créé, 0 parcelle attribuée, 1 attribution prévue.",
    });
    const [yasmine] = await getDb().select().from(gardeners).where(eq(gardeners.email, "yasmine@example.fr"));
    expect(await getDb().select().from(plotHoldings)).toEqual([]);
    expect(await getDb().select().from(plannedAllotments)).toEqual([
      expect.objectContaining({ plotId: plot.id, gardenerId: yasmine!.id, startDate: yasmine!.startDate }),
    ]);
  });

  it("imports nothing while a line is wrong, and says which and why", async () => {
    const site = await insertSite({ name: "Jardin des Brosses" });
    await insertPlot(site.id, 1, { state: "reservee" });
    const csv = [
      "Nom et prénom;E-mail;Jardin;Parcelle;Arrivée",
      "Jean de La Fontaine;jean@example.fr;;;01/03/2024",
      "Marie Curie;marie@example;;;01/03/2024",
      "Yann Le Goff;;Jardin des Brosses;1;01/03/2024",
      "Paul Éluard;;Jardin des Brosses;7;01/03/2024",
      "Anne Frank;;Jardin du Nord;2;01/03/2024",
      "Louise Michel;;;;",
    ].join("\n");
    const check = await checkGardenersCsv(csv);
    expect(check.counts).toEqual({ creer: 1, ignorer: 0, erreur: 5 });
    expect(check.lines.map((l) => [l.line, l.name, l.message])).toEqual([
      [2, "Jean de La Fontaine", "sans parcelle."],
      [3, "Marie Curie", "Format d'email invalide"],
      [4, "Yann Le Goff", "La parcelle 1 du Jardin des Brosses n'est pas libre."],
      [5, "Paul Éluard", "Pas de parcelle 7 du Jardin des Brosses : créez-la d'abord (import des parcelles)."],
      [6, "Anne Frank", "Jardin inconnu : « Jardin du Nord » (jardins : Jardin des Brosses)."],
      [7, "Louise Michel", expect.stringContaining("date")],
    ]);
    const form = new FormData();
    form.append("intent", "import");
    form.append("csv", csv);
    const refused = (await gardenersImportAction(form, ACTOR)) as unknown as { init: { status: number } };
    expect(refused.init.status).toBe(409);
    expect(await getDb().select().from(gardeners)).toHaveLength(0);
  });

  it("refuses a spreadsheet's own format and a file without a name column", async () => {
    expect(await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]))).toMatchObject({
      init: { status: 400 },
      data: { message: "Ce fichier n'est pas un CSV lisible : enregistrez-le depuis votre tableur au format CSV." },
    });
    expect(await upload(new TextEncoder().encode("E-mail;Portable\na@example.fr;0612345678"))).toMatchObject({
      data: { message: "La première ligne doit nommer les colonnes, dont « Nom » (ou « Nom et prénom »)." },
    });
  });
});
