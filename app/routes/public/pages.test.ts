import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { associationContent } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertAd, insertBlogPost, insertContent, insertEvent } from "../../../tests/factories";
import { routeArgs } from "../../../tests/routes";
import { loader as blogPost } from "./blog-post";
import { loader as event } from "./event";
import { loader as events } from "./events";
import { loader as home } from "./home";
import { loader as legal } from "./legal";
import { loader as search } from "./search";

const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost:3000${path}`), { params });
const redirected = (result: Promise<unknown>) =>
  result.then(
    () => null,
    (thrown: Response) => [thrown.status, thrown.headers.get("location")],
  );

const DAY = 86_400_000;

describeEachDatabase("public pages", () => {
  it("the legal notice gives the association's facts, the association's own name and address standing in for the publisher's", async () => {
    await insertContent({ nomAssociation: "Jardins de l'Est", adresse: "3 rue des Jardins, 69120 Vaulx-en-Velin" });
    expect(await legal(get("/mentions-legales"))).toMatchObject({
      publisher: "Jardins de l'Est",
      address: "3 rue des Jardins, 69120 Vaulx-en-Velin",
      host: { name: null, address: null, phone: null },
      director: null,
      court: null,
    });
    await getDb().update(associationContent).set({
      editeurNom: "Association des Jardins de l'Est",
      editeurNumero: "W691234567",
      directeurPublication: "Martine Roux",
      hebergeurNom: "Hébergement Rhône SARL",
      hebergeurAdresse: "10 quai Perrache, 69002 Lyon",
      hebergeurTelephone: "04 72 00 00 00",
      tribunal: "Tribunal judiciaire de Lyon",
    });
    expect(await legal(get("/mentions-legales"))).toMatchObject({
      publisher: "Association des Jardins de l'Est",
      registration: "W691234567",
      director: "Martine Roux",
      host: { name: "Hébergement Rhône SARL", address: "10 quai Perrache, 69002 Lyon", phone: "04 72 00 00 00" },
      court: "Tribunal judiciaire de Lyon",
    });
  });

  it("an unknown or malformed article id leads to /blog, an event's to /events", async () => {
    for (const id of ["999", "abc", "0", "1.5", "-3", "99999999999"]) {
      expect(await redirected(blogPost(get(`/blog/${id}`, { id })))).toEqual([302, "/blog"]);
      expect(await redirected(event(get(`/events/${id}`, { id })))).toEqual([302, "/events"]);
    }
  });

  it("an article gives its content sanitised again, whatever was stored", async () => {
    const post = await insertBlogPost({ content: '<p onclick="x">Semez</p><script>alert(1)</script>' });
    const data = await blogPost(get(`/blog/${post.id}`, { id: String(post.id) }));
    expect(data.html).toBe("<p>Semez</p>");
  });

  it("an event says whether it is past at the time of the request, and gives no end equal to its start", async () => {
    // One instant for both: two readings of the clock can differ by a millisecond.
    const inAMinute = new Date(Date.now() + 60_000);
    const soon = await insertEvent({ start: inAMinute, endDate: inAMinute });
    const data = await event(get(`/events/${soon.id}`, { id: String(soon.id) }));
    expect(data).toMatchObject({ isPast: false, end: null });
    const list = await events(get("/events"));
    expect(list.events).toEqual([expect.objectContaining({ id: soon.id, isPast: false })]);
  });

  it("/events lists every event newest first with the description cut at 100 characters", async () => {
    await insertEvent({ title: "Ancien", createdAt: at(0), description: "d".repeat(150) });
    await insertEvent({ title: "Récent", createdAt: at(10) });
    const { events: list } = await events(get("/events"));
    expect(list.map((e) => e.title)).toEqual(["Récent", "Ancien"]);
    expect(list[1].description).toBe(`${"d".repeat(100)}…`);
  });

  it("the home page gives the latest article, the next and the last events and the two newest validated ads", async () => {
    const now = Date.now();
    await insertBlogPost({ title: "Vieil article", createdAt: at(0) });
    await insertBlogPost({ title: "Nouvel article", createdAt: at(10), plainText: "x".repeat(200) });
    await insertEvent({ title: "Passé lointain", start: new Date(now - 30 * DAY) });
    await insertEvent({ title: "Passé récent", start: new Date(now - 2 * DAY) });
    await insertEvent({ title: "Bientôt", start: new Date(now + 2 * DAY) });
    await insertEvent({ title: "Plus tard", start: new Date(now + 30 * DAY) });
    for (const [nom, statut, minutes] of [
      ["A", "validé", 1],
      ["B", "validé", 3],
      ["C", "validé", 2],
      ["D", "en_attente", 9],
    ] as const) {
      await insertAd({ nom, statut, createdAt: at(minutes) });
    }
    const data = await home(get("/"));
    expect(data.post).toMatchObject({ title: "Nouvel article", excerpt: `${"x".repeat(150)}…` });
    expect(data.next?.title).toBe("Bientôt");
    expect(data.past?.title).toBe("Passé récent");
    expect(data.ads.map((ad) => ad.nom)).toEqual(["B", "C"]);
    expect(data.month.harvest.length).toBeGreaterThan(0);
  });

  it("the home page has no weather tip when the weather is unknown", async () => {
    expect((await home(get("/"))).tip).toBeNull();
  });

  it("the search page searches the cleaned query, and shows nothing for a blank one", async () => {
    await insertBlogPost({ title: "Le compost collectif", plainText: "Trois bacs" });
    expect((await search(get("/search?q=%20%20"))).results).toEqual([]);
    const found = await search(get("/search?q=COMPOST%00"));
    expect(found.query).toBe("COMPOST");
    expect(found.results.map((r) => r.kind)).toEqual(["article"]);
    expect(found.results[0].title).toEqual([
      { text: "Le ", match: false },
      { text: "compost", match: true },
      { text: " collectif", match: false },
    ]);
  });
});
