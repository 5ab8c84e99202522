import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { asc } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  annonces,
  applications,
  associationContent,
  blogPosts,
  events,
  formFields,
  history,
  importedRecords,
  media,
} from "~/db/schema";
import { mediaMessages, parseMediaUrl } from "~/modules/media/media.schema";
import { getMediaDir } from "~/modules/media/media.server";
import { describeEachDatabase } from "../../../tests/db";
import { useOldSiteExport } from "../../../tests/fakes/image-host";
import { usePrivateMediaDir } from "../../../tests/media";
import { ImportFileError } from "./import-files.server";
import { importExport, type ImportReport } from "./import.server";

const fixture = useOldSiteExport();
usePrivateMediaDir();

const NOW = new Date("2026-11-23T12:00:00Z");
const tableOf = (report: ImportReport, table: string) => report.tables.find((t) => t.table === table)!;
const counts = async () => {
  const db = getDb();
  return {
    blog: await db.$count(blogPosts),
    events: await db.$count(events),
    ads: await db.$count(annonces),
    applications: await db.$count(applications),
    formFields: await db.$count(formFields),
    media: await db.$count(media),
    history: await db.$count(history),
    imported: await db.$count(importedRecords),
  };
};
/** A stored image: a /media/ address whose file is on disk. */
const isStoredImage = (url: string | null | undefined) => {
  const ref = parseMediaUrl(url);
  return ref !== null && fs.existsSync(path.join(getMediaDir(), path.basename(new URL(url!, "http://x").pathname)));
};

describeEachDatabase("npm run import", () => {
  it("reports without writing or downloading anything in a dry run", async () => {
    const [imageHost, exportDir] = [fixture.imageHost(), fixture.exportDir()];
    const before = await counts();
    const report = await importExport(exportDir, { dryRun: true, now: NOW });
    expect(await counts()).toEqual(before);
    expect(imageHost.total()).toBe(0);
    expect(report.missing).toEqual([]);
    expect(tableOf(report, "blogPosts")).toMatchObject({ rows: 3, imported: 3, skipped: 0, images: 5 });
    expect(tableOf(report, "events")).toMatchObject({ rows: 3, imported: 2, skipped: 1 });
    expect(tableOf(report, "annonces")).toMatchObject({ rows: 3, imported: 2, skipped: 1 });
    expect(tableOf(report, "annonces").notes).toContain("id 13 : non importée : type d'annonce inconnu « troc »");
  });

  it("maps every table, keeps the old order and dates, stores the images and sanitises rich text", async () => {
    const [imageHost, exportDir] = [fixture.imageHost(), fixture.exportDir()];
    const report = await importExport(exportDir, { now: NOW });
    const db = getDb();

    const [content] = await db.select().from(associationContent);
    expect(content.titreAccueil).toBe("Bienvenue aux Jardins partagés de Villeurbanne et Vaulx-en-Velin");
    expect([content.parcellesOccupees, content.parcellesTotal]).toEqual([42, 48]);
    expect(content.contentAssociation).not.toMatch(/script|javascript:/);
    expect(content.contentAssociation).toContain(
      '<a href="https://www.jardins-familiaux.asso.fr" target="_blank" rel="noopener noreferrer">la fédération</a>',
    );
    expect(isStoredImage(content.imageAccueil)).toBe(true);
    expect(content.headerIcon).toBeNull();
    expect(content.imagesAssociation).toHaveLength(1);
    expect(isStoredImage(content.imagesAssociation![0])).toBe(true);
    expect(tableOf(report, "association_content").notes).toEqual([
      `id 1 : icône de l'en-tête laissée de côté, http://${imageHost.host}/introuvable.png : le serveur a répondu 404`,
      "id 1 : image de l'association 3 laissée de côté, blob:http://localhost:5173/6c1f0d2e : adresse propre au navigateur qui l'a envoyée, sans image à récupérer",
    ]);

    const fields = await db.select().from(formFields).orderBy(asc(formFields.id));
    expect(fields.map((f) => [f.name, f.label])).toEqual([
      ["nom", "Nom et prénom"],
      ["email", "Email"],
      ["telephoneportable", "Téléphone portable"],
      ["ville", "Ville ou commune"],
      [null, "Pointure de bottes"],
    ]);

    // Old ids 3, 5, 7 → new ids in the same order, with their dates.
    const posts = await db.select().from(blogPosts).orderBy(asc(blogPosts.id));
    expect(posts.map((p) => p.title)).toEqual([
      "Assemblée générale : merci à toutes et à tous",
      "Le purin d'ortie, mode d'emploi",
      "Semis de tomates : c'est le moment",
    ]);
    expect(posts.map((p) => p.createdAt.toISOString())).toEqual([
      "2024-02-05T17:45:00.000Z",
      "2024-02-20T09:00:00.000Z",
      "2024-03-12T08:30:00.000Z",
    ]);
    expect(posts[0].content).toBe(
      "<p>Soixante adhérents présents, un bureau renouvelé et un budget voté à l'unanimité.</p><p>Prochain chantier collectif : la mare pédagogique.</p>",
    );
    expect(posts[0].author).toBe("Admin");
    expect(posts[0].image).toBeNull();
    expect(posts[0].imagesAnnexes).toEqual([]);
    expect(posts[1].imagesAnnexes).toHaveLength(1);
    expect(posts[2].content).toBe(
      "<p>Mi-mars, on sème les tomates <em>au chaud</em>, à 20 °C, dans un terreau fin. Repiquage dès la deuxième vraie feuille.</p>",
    );
    expect(posts[2].plainText).toContain("on sème les tomates au chaud");
    expect(isStoredImage(posts[2].image) && posts[2].imagesAnnexes.every(isStoredImage)).toBe(true);
    expect(tableOf(report, "blogPosts").notes).toEqual([
      `id 3 : image de couverture laissée de côté, http://${imageHost.host}/introuvable.jpg : le serveur a répondu 404`,
      `id 5 : image annexe 2 laissée de côté, http://${imageHost.host}/page.html : ${mediaMessages.unsupported}`,
    ]);

    const evs = await db.select().from(events).orderBy(asc(events.id));
    expect(evs.map((e) => [e.title, e.start!.toISOString(), e.endDate!.toISOString(), e.date])).toEqual([
      ["Troc de plants", "2024-05-18T08:00:00.000Z", "2024-05-18T11:00:00.000Z", "2024-05-18"],
      ["Atelier taille des fruitiers", "2025-01-18T08:30:00.000Z", "2025-01-18T08:30:00.000Z", "2025-01-18"],
    ]);
    expect(evs[1].content).toBe("<p>Apportez sécateur et gants.<br />Boissons chaudes offertes.</p>");
    expect(evs[1].createdAt.toISOString()).toBe("2024-12-11T23:00:00.000Z");
    expect(isStoredImage(evs[0].image)).toBe(true);
    expect(tableOf(report, "events").notes).toEqual(["id 3 : non importée : événement sans titre"]);

    const ads = await db.select().from(annonces).orderBy(asc(annonces.id));
    expect(ads.map((a) => [a.nom, a.type, a.statut, a.isValidated, a.email])).toEqual([
      ["Gérard", "échange", "validé", true, null],
      ["Samia", "vend", "en_attente", false, "samia@example.org"],
    ]);
    expect(ads[0].validatedAt?.toISOString()).toBe("2025-09-01T07:00:00.000Z");
    expect(isStoredImage(ads[0].photo1)).toBe(true);
    expect(ads[1].photo1).toBeNull();

    // Windows-1252 text decoded; 't', 'oui', 'true' read as true; 'null' and '' as nothing.
    const apps = await db.select().from(applications).orderBy(asc(applications.id));
    expect(
      apps.map((a) => [
        a.nom,
        a.ville,
        a.tailleJardin,
        a.telephoneFixe,
        a.budgetConnu,
        a.engagementLieuPublic,
        a.processed,
        a.archived,
      ]),
    ).toEqual([
      ["Hélène Rivière", "Vaulx-en-Velin", "Petite (50 m²)", null, true, true, false, null],
      ["François Lefèvre", "", "Grande (150 m²)", "0472000001", true, true, true, true],
    ]);
    expect(apps[0].date.toISOString()).toBe("2024-02-01T09:15:00.123Z");
    expect(apps[1].archivedDate?.toISOString()).toBe("2023-03-14T23:00:00.000Z");

    // Each address downloaded once, the missing one tried once.
    expect(imageHost.requests.get("introuvable.png")).toBe(1);
    expect([...imageHost.requests.values()].every((n) => n === 1)).toBe(true);
    const entries = await db.select().from(history).orderBy(asc(history.id));
    expect(entries.map((e) => [e.actor, e.kind, e.target])).toEqual([
      ["ligne de commande", "import", "association_content.json"],
      ["ligne de commande", "import", "form_fields.csv"],
      ["ligne de commande", "import", "blogPosts.json"],
      ["ligne de commande", "import", "events.csv"],
      ["ligne de commande", "import", "annonces.json"],
      ["ligne de commande", "import", "applications.csv"],
    ]);
    expect(entries[2].detail).toBe("3 ligne(s) : 3 importée(s) ; 3 image(s) enregistrée(s), 2 laissée(s) de côté");

    // A second run adds nothing and downloads nothing.
    const after = await counts();
    const requests = imageHost.total();
    const again = await importExport(exportDir, { now: NOW });
    expect(await counts()).toEqual(after);
    expect(imageHost.total()).toBe(requests);
    expect(again.tables.map((t) => [t.table, t.imported, t.already])).toEqual([
      ["association_content", 0, 1],
      ["form_fields", 0, 5],
      ["blogPosts", 0, 3],
      ["events", 0, 2],
      ["annonces", 0, 2],
      ["applications", 0, 2],
    ]);
  });

  it("refuses a folder that does not exist and a file that is not JSON, writing nothing", async () => {
    const exportDir = fixture.exportDir();
    await expect(importExport("/nonexistent/export")).rejects.toThrow(
      new ImportFileError("Dossier introuvable ou illisible : /nonexistent/export"),
    );
    const dir = await fsp.mkdtemp(path.join(exportDir, "..", "potager-export-bad-"));
    await fsp.writeFile(path.join(dir, "blog_posts.json"), '{"title": "pas une liste"');
    await expect(importExport(dir)).rejects.toThrow(/^blog_posts\.json est illisible : /);
    expect((await counts()).blog).toBe(0);
    await fsp.rm(dir, { recursive: true });
  });
});
