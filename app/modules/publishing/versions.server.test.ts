import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { history } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { insertEvent } from "../../../tests/factories";
import { blogEditor } from "~/modules/blog/blog.admin.server";
import { createBlogPost, deleteBlogPost, getBlogPost, updateBlogPost } from "~/modules/blog/blog.server";
import { eventEditor } from "~/modules/events/events.admin.server";
import { getEvent, updateEvent } from "~/modules/events/events.server";
import { discardAutosaves, findAutosave, NEW_ITEM, saveAutosave } from "./autosave.server";
import { restoreVersion } from "./editor.admin.server";
import { VERSIONS_KEPT } from "./publication.schema";
import { listVersions } from "./versions.server";

const editor = { actor: { id: null, username: "marie" }, name: "Marie Curie" };
const article = (title: string, extra: object = {}) => ({
  title,
  content: `<p>${title}, le texte.</p>`,
  image: "/media/couverture.webp",
  imageAlts: { "/media/couverture.webp": "Une planche de poireaux" },
  ...extra,
});

describeEachDatabase("versions and autosaves", ({ handle }) => {
  it("each save keeps the state it replaces, with who saved it and when, newest first", async () => {
    const post = await createBlogPost(article("Première"), { by: "Josiane Martin" });
    await updateBlogPost(post.id, article("Deuxième"), { by: "Hervé Dubois" });
    await updateBlogPost(post.id, article("Troisième"), { by: "Marie Curie" });
    const versions = await listVersions("article", post.id);
    expect(versions.map((v) => [v.title, v.savedBy])).toEqual([
      ["Deuxième", "Hervé Dubois"],
      ["Première", "Josiane Martin"],
    ]);
    expect(versions[1]!.savedAt).toEqual(post.updatedAt);
    expect((await getBlogPost(post.id))?.updatedBy).toBe("Marie Curie");
  });

  it(`keeps the last ${VERSIONS_KEPT} versions of an item, and none once it is deleted`, async () => {
    const post = await createBlogPost(article("v0"));
    for (let i = 1; i <= VERSIONS_KEPT + 5; i++) await updateBlogPost(post.id, article(`v${i}`), { by: "marie" });
    const versions = await listVersions("article", post.id);
    expect(versions).toHaveLength(VERSIONS_KEPT);
    expect(versions[0]!.title).toBe(`v${VERSIONS_KEPT + 4}`);
    expect(versions.at(-1)!.title).toBe("v5");
    await deleteBlogPost(post.id);
    expect(await listVersions("article", post.id)).toEqual([]);
  });

  it("restoring a version brings its content back, keeps the item's state, and is itself a version with a history entry", async () => {
    const post = await createBlogPost(article("Bon titre"), { by: "Josiane Martin" });
    await updateBlogPost(post.id, article("Titre abîmé par erreur"), { by: "Hervé Dubois" });
    const [good] = await listVersions("article", post.id);
    expect(await restoreVersion(blogEditor, post.id, good!.id, editor)).toEqual({ ok: true });
    expect(await getBlogPost(post.id)).toMatchObject({
      title: "Bon titre",
      state: "publie",
      updatedBy: "Marie Curie",
      imageAlts: { "/media/couverture.webp": "Une planche de poireaux" },
    });
    expect((await listVersions("article", post.id)).map((v) => v.title)).toEqual([
      "Titre abîmé par erreur",
      "Bon titre",
    ]);
    const entries = await handle().db.select().from(history);
    expect(entries.map((e) => [e.kind, e.target])).toEqual([["article.restauration", `article n° ${post.id}`]]);
    expect(entries[0]!.detail).toMatch(/^version du \d{1,2}(?:er)? \S+ \d{4} à \d\dh\d\d$/);
  });

  it("a published article cannot take back a version that breaks the spec's rules; a draft can", async () => {
    const post = await createBlogPost(article("Sans photo encore", { image: null, state: "brouillon" }));
    await updateBlogPost(post.id, article("Complet"));
    const [incomplete] = await listVersions("article", post.id);
    expect(await restoreVersion(blogEditor, post.id, incomplete!.id, editor)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining("La photo de couverture est requise."),
    });
    expect((await getBlogPost(post.id))?.title).toBe("Complet");
    await updateBlogPost(post.id, article("Complet", { state: "brouillon" }));
    expect(await restoreVersion(blogEditor, post.id, incomplete!.id, editor)).toEqual({ ok: true });
    expect(await getBlogPost(post.id)).toMatchObject({ title: "Sans photo encore", state: "brouillon", image: null });
  });

  it("an event's version keeps its dates", async () => {
    const event = await insertEvent({ title: "Fête", start: new Date("2027-06-12T08:00:00Z") });
    await updateEvent(event.id, {
      title: "Fête déplacée",
      start: new Date("2027-06-19T08:00:00Z"),
      endDate: new Date("2027-06-19T12:00:00Z"),
      content: "<p>Le samedi suivant.</p>",
    });
    const [before] = await listVersions("evenement", event.id);
    await restoreVersion(eventEditor, event.id, before!.id, editor);
    expect(await getEvent(event.id)).toMatchObject({
      title: "Fête",
      start: new Date("2027-06-12T08:00:00Z"),
      date: "2027-06-12",
    });
  });

  it("an autosave is the person's own, replaced each time, offered only when newer than the last save", async () => {
    const post = await createBlogPost(article("Article"));
    const [marie, herve] = await handle()
      .db.execute(
        sql.raw(`insert into admins (username, password_hash) values ('marie', 'x'), ('herve', 'x') returning id`),
      )
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id));
    const later = new Date(post.updatedAt.getTime() + 60_000);
    await saveAutosave("article", post.id, marie!, { title: "Brouillon 1" }, later);
    await saveAutosave("article", post.id, marie!, { title: "Brouillon 2" }, later);
    await saveAutosave("article", NEW_ITEM, marie!, { title: "Un nouvel article" }, later);
    expect(await findAutosave("article", post.id, marie!, post.updatedAt)).toEqual({
      savedAt: later,
      fields: { title: "Brouillon 2" },
    });
    expect(await findAutosave("article", post.id, herve!, post.updatedAt)).toBeUndefined();
    // Older than the article's last save: nothing to offer.
    expect(await findAutosave("article", post.id, marie!, new Date(later.getTime() + 1))).toBeUndefined();
    // Saving the article makes its autosaves stale; the new article's stays.
    await discardAutosaves(handle().db, "article", post.id);
    expect(await findAutosave("article", post.id, marie!, null)).toBeUndefined();
    expect(await findAutosave("article", NEW_ITEM, marie!, null)).toMatchObject({
      fields: { title: "Un nouvel article" },
    });
  });
});
