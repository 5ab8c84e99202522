import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { associationContent } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertContent } from "../../../tests/factories";
import { CONTENT_DEFAULTS } from "./content.defaults";
import {
  commitmentTexts,
  ensureContentRow,
  getContent,
  getSiteContent,
  textVersion,
  updateContent,
} from "./content.server";

async function rowCount() {
  const rows = await getDb().select().from(associationContent);
  return rows.length;
}

describeEachDatabase("content module", () => {
  it("getContent returns null before any content exists", async () => {
    expect(await getContent()).toBeNull();
  });

  it("getContent maps the lower-case columns to camelCase", async () => {
    await getDb().execute(
      sql`insert into association_content (titreaccueil, texteintro, imagesassociation, parcellesoccupees, parcellestotal, headericon)
          values ('Bienvenue', 'Intro', '["/media/a.webp", null]', 12, 40, '/media/icon.png')`,
    );
    expect(await getContent()).toMatchObject({
      titreAccueil: "Bienvenue",
      texteIntro: "Intro",
      texteFooter: null,
      imagesAssociation: ["/media/a.webp", null],
      parcellesOccupees: 12,
      parcellesTotal: 40,
      headerIcon: "/media/icon.png",
    });
  });

  it("getContent returns the first record when several exist", async () => {
    const first = await insertContent({ titreAccueil: "Premier" });
    await insertContent({ titreAccueil: "Second" });
    expect((await getContent())?.id).toBe(first.id);
  });

  it("ensureContentRow creates the single record once", async () => {
    const created = await ensureContentRow();
    expect(created).toMatchObject({ parcellesOccupees: 0, parcellesTotal: 0, titreAccueil: null });
    const again = await ensureContentRow();
    expect(again.id).toBe(created.id);
    expect(await rowCount()).toBe(1);
  });

  it("ensureContentRow keeps an existing record", async () => {
    const existing = await insertContent({ horaires: "Dimanche" });
    expect(await ensureContentRow()).toMatchObject({ id: existing.id, horaires: "Dimanche" });
    expect(await rowCount()).toBe(1);
  });

  it("getSiteContent shows the defaults when nothing is stored", async () => {
    const site = await getSiteContent();
    expect(site.horaires).toBe("Permanences\u202f: samedi 9\u00a0h – 12\u00a0h");
    expect(site.texteFooter).toBe(CONTENT_DEFAULTS.texteFooter);
    expect(site.titreAssociation).toBe(CONTENT_DEFAULTS.titreAssociation);
    expect(site.usesDefaultAssociationText).toBe(true);
  });

  it("getSiteContent merges defaults over empty fields and sanitises the rich text", async () => {
    await insertContent({
      titreAccueil: "Nos jardins",
      horaires: "",
      contentAssociation: '<p onclick="x">Texte</p><script>alert(1)</script>',
      imagesAssociation: [null, "/media/a.webp"],
    });
    const site = await getSiteContent();
    expect(site).toMatchObject({
      titreAccueil: "Nos jardins",
      horaires: "Permanences\u202f: samedi 9\u00a0h – 12\u00a0h",
      contentAssociation: "<p>Texte</p>",
      imagesAssociation: ["/media/a.webp"],
      usesDefaultAssociationText: false,
    });
  });

  it("updateContent writes only the provided fields and returns the re-read record", async () => {
    const row = await insertContent({ titreAccueil: "Ancien titre", texteIntro: "Intro", email: "a@b.fr" });
    const updated = await updateContent(row.id, {
      titreAccueil: "Nouveau titre",
      texteIntro: undefined,
      parcellesTotal: 25,
    });
    expect(updated).toMatchObject({
      id: row.id,
      titreAccueil: "Nouveau titre",
      texteIntro: "Intro",
      email: "a@b.fr",
      parcellesTotal: 25,
    });
    expect(await getContent()).toEqual(updated);
  });

  it("updateContent can clear a field with null", async () => {
    const row = await insertContent({ horaires: "Dimanche" });
    expect((await updateContent(row.id, { horaires: null }))?.horaires).toBeNull();
  });

  it("updateContent sanitises the rich text and cleans the images", async () => {
    const row = await insertContent();
    const updated = await updateContent(row.id, {
      contentAssociation: '<p>Bonjour <a href="javascript:alert(1)">lien</a></p><img src=x onerror=alert(1)>',
      imagesAssociation: ["/media/a.webp", null, "blob:http://x/1", "/media/b.webp", "/media/c.webp", "/media/d.webp"],
    });
    expect(updated?.contentAssociation).toBe('<p>Bonjour <a target="_blank" rel="noopener noreferrer">lien</a></p>');
    expect(updated?.imagesAssociation).toEqual(["/media/a.webp", "/media/b.webp", "/media/c.webp"]);
  });

  it("updateContent refuses an update without id and touches nothing", async () => {
    const row = await insertContent({ titreAccueil: "Titre" });
    expect(await updateContent(undefined, { titreAccueil: "Pirate" })).toBeUndefined();
    expect(await updateContent(null, { titreAccueil: "Pirate" })).toBeUndefined();
    expect(await updateContent(0, { titreAccueil: "Pirate" })).toBeUndefined();
    expect(await updateContent(Number.NaN, { titreAccueil: "Pirate" })).toBeUndefined();
    expect((await getContent())?.titreAccueil).toBe(row.titreAccueil);
  });

  it("updateContent returns undefined for an unknown id", async () => {
    const row = await insertContent({ titreAccueil: "Titre" });
    expect(await updateContent(row.id + 1, { titreAccueil: "Autre" })).toBeUndefined();
    expect((await getContent())?.titreAccueil).toBe("Titre");
  });

  it("updateContent ignores keys that are not content fields", async () => {
    const row = await insertContent({ titreAccueil: "Titre" });
    const updated = await updateContent(row.id, { id: 999, texteFooter: "Pied" } as never);
    expect(updated).toMatchObject({ id: row.id, texteFooter: "Pied" });
  });

  it("updateContent with no fields re-reads the record", async () => {
    const row = await insertContent({ titreAccueil: "Titre" });
    expect(await updateContent(row.id, {})).toEqual(row);
  });

  it("updateContent records when the content changed", async () => {
    const row = await insertContent({ updatedAt: new Date("2026-01-01T00:00:00Z") });
    const before = Date.now();
    const updated = await updateContent(row.id, { horaires: "Samedi" });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("the charter and the rules have defaults, and a version that changes with their text", async () => {
    const site = await getSiteContent();
    expect(site.charte).toBe(CONTENT_DEFAULTS.charte);
    const texts = commitmentTexts(site);
    expect(texts.charte.version).toMatch(/^[0-9a-f]{12}$/);
    expect(texts.reglement.version).toBe(textVersion(CONTENT_DEFAULTS.reglement));
    const row = await insertContent({ charte: `${CONTENT_DEFAULTS.charte}\nJe composte.` });
    expect(commitmentTexts(await getSiteContent()).charte.version).not.toBe(texts.charte.version);
    expect(row.id).toBeGreaterThan(0);
  });
});
