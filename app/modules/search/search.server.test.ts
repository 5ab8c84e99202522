import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertEvent } from "../../../tests/factories";
import { createBlogPost } from "~/modules/blog/blog.server";
import { createEvent } from "~/modules/events/events.server";
import { normaliseQuery, searchSite } from "./search.server";

const post = (title: string, content: string, minutes = 0) =>
  createBlogPost({ title, content, image: "/media/a.webp" }, { createdAt: at(minutes) });

const titles = async (query: string) => (await searchSite(query)).results.map((result) => result.title);

describeEachDatabase("site search", () => {
  it("finds articles by title and visible text, without regard to case or accents", async () => {
    await post("Événement au jardin", "<p>Une journée portes ouvertes.</p>");
    await post("Les semis", "<p>La <strong>récolte</strong> des courges commence.</p>");
    expect(await titles("evenement")).toEqual(["Événement au jardin"]);
    expect(await titles("EVÉNEMENT")).toEqual(["Événement au jardin"]);
    expect(await titles("recolte")).toEqual(["Les semis"]);
    expect(await titles("portes ouvertes")).toEqual(["Événement au jardin"]);
  });

  it("never finds what is only in the markup", async () => {
    await post(
      "Mise en forme",
      '<p>Du <strong>gras</strong>, un <a href="https://exemple.fr">lien</a> et une <em>emphase</em>.</p>',
    );
    for (const markup of ["strong", "href", "p>", "<a", "exemple.fr", "target", "noopener"])
      expect(await titles(markup)).toEqual([]);
    expect(await titles("gras")).toEqual(["Mise en forme"]);
  });

  it("finds other forms of a word by its French stem", async () => {
    await post("Au potager", "<p>Plantez une tomate par mètre.</p>");
    await post("Au verger", "<p>Les pommiers en fleurs.</p>");
    expect(await titles("tomates")).toEqual(["Au potager"]);
    expect(await titles("pommier")).toEqual(["Au verger"]);
  });

  it("finds events by title, description and location, not by their content", async () => {
    await createEvent({
      title: "Bourse aux plants",
      description: "Échange de graines",
      location: "Jardin de la Thibaude, Vaulx-en-Velin",
      start: at(10),
      endDate: at(20),
      content: "<p>Apportez vos sachets de courgettes.</p>",
    });
    expect(await titles("graines")).toEqual(["Bourse aux plants"]);
    expect(await titles("thibaude")).toEqual(["Bourse aux plants"]);
    expect(await titles("courgettes")).toEqual([]);
  });

  it("puts title matches first, then the better match, then the newest", async () => {
    await post("Le jardin en hiver", "<p>Rien sur les fèves.</p>", 1);
    await post("Les fèves", "<p>Semez-les en novembre.</p>", 0);
    await insertEvent({ title: "Atelier", description: "Semis de fèves", start: at(5) });
    const { total, results } = await searchSite("fèves");
    expect(total).toBe(3);
    expect(results.map((r) => [r.kind, r.title])).toEqual([
      ["article", "Les fèves"],
      ["événement", "Atelier"],
      ["article", "Le jardin en hiver"],
    ]);
  });

  it("searches a visitor's % and _ as themselves", async () => {
    await post("Remise de 10 %", "<p>Sur les graines.</p>");
    await post("Sans remise", "<p>Prix plein.</p>");
    expect(await titles("10 %")).toEqual(["Remise de 10 %"]);
    expect(await titles("%")).toEqual(["Remise de 10 %"]);
    expect(await titles("_")).toEqual([]);
  });

  it("finds nothing for a blank query, and is never troubled by odd input", async () => {
    await post("Tout", "<p>Contenu</p>");
    expect(await searchSite("   ")).toEqual({ total: 0, results: [] });
    for (const odd of ["\u0000", "a\u0000b", "'; drop table blog_posts; --", "\\", "&amp;", "le la les"]) {
      await expect(searchSite(odd)).resolves.toMatchObject({ results: expect.any(Array) });
    }
    expect(await titles("Tout")).toEqual(["Tout"]);
  });
});

it("normaliseQuery cleans, trims and caps the query", () => {
  expect(normaliseQuery("  semis \u0000 de   printemps ")).toBe("semis de printemps");
  expect(normaliseQuery("x".repeat(500))).toHaveLength(200);
  expect(normaliseQuery(null)).toBe("");
});
