import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { splitName } from "~/lib/text";
import { gardenersCsv } from "~/modules/register/plots-exports.server";
import { describeEachDatabase } from "../../../tests/db";
import { insertGardener, insertPlot, insertSite } from "../../../tests/factories";
import { plotHoldings } from "~/db/schema";
import { sitePrintList } from "~/modules/register/plots.admin.server";
import { createGardener, listGardeners, nameColumns, updateGardener } from "./gardeners.server";

const SAMPLE_NAMES = [
  "Camille Roux",
  "  DUPONT   Jean ",
  "Jean-Pierre MARTIN",
  "Jean de La Fontaine",
  "Yann Le Goff",
  "Anne Marie Da Silva",
  "ÉLODIE Bernard",
  "Abdoulaye",
  "Le Goff",
  "",
];

describeEachDatabase("gardeners' names", () => {
  it("sorts the list by family name then given names, in French order", async () => {
    for (const name of ["Élodie Zola", "Arthur Martin", "Zoé Aubert", "aïcha martin", "Émile Éluard", "Eric Eluard"])
      await insertGardener({ name });
    const rows = await listGardeners("actuels", 2026);
    expect(rows.map((r) => r.gardener.name)).toEqual([
      "Zoé Aubert",
      // Same letters: the one without an accent first.
      "Eric Eluard",
      "Émile Éluard",
      "aïcha martin",
      "Arthur Martin",
      "Élodie Zola",
    ]);
    const csv = await gardenersCsv(2026);
    expect(csv).toContain("Nom;Prénom(s);E-mail");
    expect(csv).toContain("Aubert;Zoé;");
    expect(csv.indexOf("Aubert")).toBeLessThan(csv.indexOf("Éluard"));
    expect(csv.indexOf("Arthur")).toBeLessThan(csv.indexOf("Zola"));
  });

  it("prints a site's list by family name, the free plots last, and the town once in its address", async () => {
    const site = await insertSite({ name: "Jardin du Tonkin", address: "Rue du Tonkin, 69100 Villeurbanne" });
    for (const [number, name] of [
      [1, "Zoé Aubert"],
      [2, null],
      [3, "Élodie Zola"],
      [4, "aïcha Martin"],
      [5, "Arthur Martin"],
    ] as const) {
      const plot = await insertPlot(site.id, number, { state: name ? "attribuee" : "libre" });
      if (!name) continue;
      const gardener = await insertGardener({ name });
      await getDb().insert(plotHoldings).values({ plotId: plot.id, gardenerId: gardener.id, startDate: "2024-03-01" });
    }
    const list = await sitePrintList(String(site.id), { role: "administrateur", siteIds: [] });
    expect(list.plots.map((p) => p.holder)).toEqual([
      "Aubert, Zoé",
      "Martin, aïcha",
      "Martin, Arthur",
      "Zola, Élodie",
      "",
    ]);
    expect(list.site.address).toBe("Rue du Tonkin, 69100 Villeurbanne");
  });

  it("orders with the `french` collation in SQL: accents and case as French readers expect", async () => {
    const { rows } = (await getDb().execute(
      sql`select x from (values ('Élodie'), ('Arthur'), ('Aïcha'), ('zoé'), ('Zacharie'), ('n° 10'), ('n° 9')) v(x)
          order by x collate french`,
    )) as unknown as { rows: { x: string }[] };
    expect(rows.map((r) => r.x)).toEqual(["Aïcha", "Arthur", "Élodie", "n° 9", "n° 10", "Zacharie", "zoé"]);
  });

  it("keeps the name as written in step with its parts", async () => {
    const gardener = await createGardener({
      familyName: "de La Fontaine",
      givenNames: "Jean",
      civility: "",
      email: "",
      mobile: "",
      landline: "",
      address: "",
      startDate: "2026-03-01",
      notes: "",
    });
    expect(gardener).toMatchObject({ name: "Jean de La Fontaine", familyName: "de La Fontaine", givenNames: "Jean" });
    const updated = await updateGardener(gardener.id, {
      familyName: "Lafontaine",
      givenNames: "Jean-Baptiste",
      civility: "",
      email: "",
      mobile: "",
      landline: "",
      address: "",
      startDate: "2026-03-01",
      notes: "",
    });
    expect(updated).toMatchObject({ name: "Jean-Baptiste Lafontaine", familyName: "Lafontaine" });
    expect(nameColumns("  Marie   CURIE ")).toEqual({ name: "Marie CURIE", familyName: "CURIE", givenNames: "Marie" });
  });

  it("guessed the recorded gardeners' names in the migration as splitName does", async () => {
    // The migration's function, run on its own: its guess must be the one the forms make.
    const migration = fs.readFileSync(
      new URL("../../../drizzle/0019_names_and_collation.sql", import.meta.url),
      "utf8",
    );
    const create = migration.split("--> statement-breakpoint").find((s) => s.includes("CREATE FUNCTION"))!;
    await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(create));
      for (const name of SAMPLE_NAMES) {
        const { rows } = (await tx.execute(
          sql`select family, given from pg_temp.guess_name_parts(${name})`,
        )) as unknown as { rows: { family: string; given: string }[] };
        expect({ name, familyName: rows[0]!.family, givenNames: rows[0]!.given }).toEqual({ name, ...splitName(name) });
      }
      await tx.execute(sql`drop function pg_temp.guess_name_parts(text)`);
    });
  });
});
