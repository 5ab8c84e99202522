import { expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import { describeEachDatabase } from "../../../tests/db";
import { blogForm, insertBlogPost } from "../../../tests/factories";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action } from "./blog";

type Refusal = { message: string; field?: string };

/** The signed-in administrator, as the admin middleware gives it: no display name, so articles carry the username. */
const marie = { id: null as unknown as number, username: "marie" };

async function post(fields: Record<string, string> | [string, string][], path = "/admin/blog") {
  return action(routeArgs(formPost(path, fields), { admin: marie }));
}

const rows = () => getDb().select().from(blogPosts);

describeEachDatabase("/admin/blog action", () => {
  it("publishes an article signed with the signed-in administrator's name, sanitised, with its plain text and the date of the save", async () => {
    const before = Date.now();
    const result = (await post({
      intent: "save",
      ...blogForm({ content: '<p onclick="x">Semez <strong>les fèves</strong></p><script>1</script>' }),
    })) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/admin/blog?fait=publie");
    const [saved] = await rows();
    expect(saved).toMatchObject({
      author: "marie",
      state: "publie",
      excerpt: "",
      content: "<p>Semez <strong>les fèves</strong></p>",
      plainText: "Semez les fèves",
    });
    expect(saved.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ["a missing title", { title: undefined }, "Le titre et le contenu sont requis.", "title"],
    ["a blank content", { content: "<p> </p>" }, "Le titre et le contenu sont requis.", "content"],
    ["a missing cover", { image: "" }, "La photo de couverture est requise.", "image"],
    ["an unsafe cover", { image: "javascript:alert(1)" }, "Adresse d'image invalide.", "image"],
    ["a title too long", { title: "t".repeat(201) }, "Ce texte est trop long (200 caractères maximum).", "title"],
  ])("refuses %s with 400 and writes nothing", async (_case, overrides, message, field) => {
    const { status, value } = answered<Refusal>(await post({ intent: "save", ...blogForm(overrides) }));
    expect([status, value.message, value.field]).toEqual([400, message, field]);
    expect(await rows()).toEqual([]);
  });

  it("refuses an unknown intent, a form without intent and a body that is no form, writing nothing", async () => {
    expect(answered<Refusal>(await post({ intent: "tout-effacer", ...blogForm() })).status).toBe(400);
    expect(answered<Refusal>(await post({ ...blogForm() })).status).toBe(400);
    const notAForm = new Request("http://localhost:3000/admin/blog", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(answered<Refusal>(await action(routeArgs(notAForm, { admin: marie }))).status).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it("keeps at most the 3 annex fields, and drops an annex address that is no image address", async () => {
    const result = await post({
      intent: "save",
      ...blogForm(),
      annexe1: "/media/a.webp",
      annexe2: "javascript:alert(1)",
      annexe3: "/media/c.webp",
      annexe4: "/media/d.webp",
    });
    expect((result as Response).status).toBe(302);
    const [saved] = await rows();
    expect(saved.imagesAnnexes).toEqual(["/media/a.webp", "/media/c.webp"]);
  });

  it("updates only the article its page shows; another id, a malformed or a deleted one changes nothing", async () => {
    const shown = await insertBlogPost({ title: "Affiché" });
    const other = await insertBlogPost({ title: "Autre" });
    const save = (id: string, path: string) => post({ intent: "save", id, ...blogForm({ title: "Changé" }) }, path);

    expect(answered<Refusal>(await save(String(other.id), `/admin/blog?edit=${shown.id}`)).status).toBe(400);
    expect(answered<Refusal>(await save(String(other.id), "/admin/blog")).status).toBe(400);
    expect(answered<Refusal>(await save("abc", "/admin/blog?edit=abc")).status).toBe(404);
    expect(answered<Refusal>(await save("999999", "/admin/blog?edit=999999")).status).toBe(404);
    expect((await rows()).map((r) => r.title).sort()).toEqual(["Affiché", "Autre"]);

    const updated = (await save(String(shown.id), `/admin/blog?edit=${shown.id}`)) as Response;
    expect(updated.headers.get("Location")).toBe("/admin/blog?fait=maj");
    expect((await rows()).map((r) => r.title).sort()).toEqual(["Autre", "Changé"]);
  });

  it("deletes an article by its id; an unknown one is a 404", async () => {
    const article = await insertBlogPost();
    expect(answered<Refusal>(await post({ intent: "delete", id: "999999" })).status).toBe(404);
    expect(answered<Refusal>(await post({ intent: "delete", id: "1; drop table blog_posts" })).status).toBe(404);
    expect(await rows()).toHaveLength(1);
    expect(((await post({ intent: "delete", id: String(article.id) })) as Response).headers.get("Location")).toBe(
      "/admin/blog?fait=supprime",
    );
    expect(await rows()).toEqual([]);
  });

  it("without JavaScript, stores the cover sent with the form and turns the plain text into paragraphs", async () => {
    const { default: sharp } = await import("sharp");
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 140, b: 60 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("intent", "save");
    form.append("title", "Sans JavaScript");
    form.append("content__texte", "Première ligne <b>sans balise</b>\n\nDeuxième paragraphe");
    form.append("image__fichier", new File([png], "feves.png", { type: "image/png" }));
    const result = (await action(routeArgs(multipartPost("/admin/blog", form), { admin: marie }))) as Response;
    expect(result.status).toBe(302);
    const [saved] = await rows();
    expect(saved.image).toMatch(/^\/media\/[0-9a-f]{16,}/);
    expect(saved.content).toBe("<p>Première ligne &lt;b&gt;sans balise&lt;/b&gt;</p><p>Deuxième paragraphe</p>");
  });

  it("a save the database refuses gives the spec's message and keeps what was typed", async () => {
    // The save and its history entry go in one transaction, which the database refuses.
    const insert = vi.spyOn(getDb(), "transaction").mockRejectedValue(new Error("disque plein"));
    try {
      const { status, value } = answered<Refusal & { values: { title: string } }>(
        await post({ intent: "save", ...blogForm({ title: "Gardé" }) }),
      );
      expect([status, value.message, value.values.title]).toEqual([
        500,
        "Une erreur est survenue pendant l'enregistrement.",
        "Gardé",
      ]);
    } finally {
      insert.mockRestore();
    }
    expect(await rows()).toEqual([]);
  });
});
