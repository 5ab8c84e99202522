import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { annonces } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertAd, insertApplication } from "../../../tests/factories";
import { routeArgs } from "../../../tests/routes";
import { loader as adsLoader } from "./ads";
import { loader as applicationsLoader } from "./applications";

const get = (path: string) =>
  routeArgs(new Request(`http://localhost:3000${path}`), { admin: { id: 1, username: "marie" } });
const ads = (query = "") => adsLoader(get(`/admin/annonces${query}`));
const requests = (query = "") => applicationsLoader(get(`/admin/applications${query}`));

/** `n` rows made alike, the later ones newer (by their date, then by their number). */
const numbered = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describeEachDatabase("back-office lists when long", () => {
  it("the moderation screen shows 20 ads a page, newest first, counts all of them and searches name, text and date", async () => {
    await getDb()
      .insert(annonces)
      .values(
        numbered(45).map((i) => ({
          nom: i === 7 ? "Josiane Martin" : `Annonceur ${i}`,
          telephone: "0612345678",
          type: "vend" as const,
          contenu: i % 10 === 0 ? `Grelinette à donner (${i})` : `Plants de tomates (${i})`,
          createdAt: at(i * 60 * 24),
          statut: i % 2 === 0 ? ("validé" as const) : ("en_attente" as const),
          validatedAt: i % 2 === 0 ? new Date() : null,
        })),
      );
    const first = await ads();
    expect(first.ads.map((ad) => ad.nom)).toEqual(numbered(20).map((i) => `Annonceur ${46 - i}`));
    expect(first.counts).toMatchObject({ total: 45, pending: 23, expired: 0, found: 45 });
    expect(first.list).toMatchObject({ page: 1, pages: 3, long: true });
    const last = await ads("?page=3");
    expect(last.ads.map((ad) => ad.contenu)).toEqual(numbered(5).map((i) => `Plants de tomates (${6 - i})`));
    // A page past the end is empty, not an error; a page that is not a number is the first.
    expect((await ads("?page=9")).ads).toEqual([]);
    expect((await ads("?page=abc")).list.page).toBe(1);

    const tools = await ads("?q=GRELINETTE");
    expect(tools.ads.map((ad) => ad.contenu)).toEqual([40, 30, 20, 10].map((i) => `Grelinette à donner (${i})`));
    expect(tools.counts).toMatchObject({ total: 45, found: 4 });
    expect((await ads("?q=josiane")).ads.map((ad) => ad.nom)).toEqual(["Josiane Martin"]);
    // at(0) is 1 January 2026 at noon: ad i is dated i days later, so 8 February 2026 is ad 38.
    expect((await ads("?q=08/02/2026")).ads.map((ad) => ad.contenu)).toEqual(["Plants de tomates (38)"]);
  });

  it("a short list of ads shows neither search nor pages", async () => {
    await insertAd({ nom: "Rose Fabre" });
    expect((await ads()).list).toMatchObject({ long: false, pages: 1 });
  });

  it("each list of applications turns its own pages, and the search finds in both", async () => {
    // The factory's application, with the name, town and dates each list orders and searches by.
    const add = (i: number, archived: boolean) =>
      insertApplication({
        nom: archived ? `Ancien ${i}` : `Demandeur ${i}`,
        ville: i % 3 === 0 ? "Villeurbanne" : "Vaulx-en-velin",
        date: at(i * 60),
        archived: archived || null,
        archivedDate: archived ? at(10_000 + i) : null,
      });
    for (const i of numbered(30)) await add(i, false);
    for (const i of numbered(25)) await add(i, true);

    const first = await requests();
    expect(first.found).toEqual({ active: 30, archived: 25 });
    expect(first.active.map((a) => a.nom)).toEqual(numbered(20).map((i) => `Demandeur ${31 - i}`));
    expect(first.archived.map((a) => a.nom)).toEqual(numbered(20).map((i) => `Ancien ${26 - i}`));
    expect(first.list).toMatchObject({ long: true, active: { page: 1, pages: 2 }, archived: { page: 1, pages: 2 } });

    const turned = await requests("?archives=2");
    expect(turned.active.map((a) => a.nom)[0]).toBe("Demandeur 30");
    expect(turned.archived.map((a) => a.nom)).toEqual(numbered(5).map((i) => `Ancien ${6 - i}`));
    // The waiting list's places still count every active application, not only the page shown.
    expect(first.active.find((a) => a.nom === "Demandeur 1")).toBeUndefined();
    expect((await requests("?page=2")).active.at(-1)).toMatchObject({
      nom: "Demandeur 1",
      waitingList: { place: 1, total: 20 },
    });

    const town = await requests("?q=villeurbanne");
    expect(town.found).toEqual({ active: 10, archived: 8 });
    expect(town.list.active.pages).toBe(1);
  });

  it("a short list of applications shows neither search nor pages", async () => {
    await insertApplication();
    expect((await requests()).list).toMatchObject({ long: false, active: { pages: 1 }, archived: { pages: 1 } });
  });
});
