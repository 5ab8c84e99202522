import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { blogPosts, events, history } from "~/db/schema";
import { dateToParisLocal } from "~/lib/paris-time";
import { describeEachDatabase } from "../../../tests/db";
import { blogForm, eventForm, insertBlogPost } from "../../../tests/factories";
import { answered, formPost, multipartPost, routeArgs } from "../../../tests/routes";
import { action as blogAction, loader as blogLoader } from "./blog";
import { action as eventsAction } from "./events";
import { action as versionsAction, loader as versionsLoader } from "./versions";
import { action as autosave } from "../resources/autosave";
import { action as preview, loader as versionView } from "../preview/article";

type Refusal = { message: string; field?: string; values: Record<string, unknown> | null };

/** A signed-in administrator with a row of their own (autosaves belong to someone). */
async function signIn() {
  const result = await getDb().execute(
    sql`insert into admins (username, password_hash, display_name) values ('josiane', 'x', 'Josiane Martin')
        on conflict (username) do update set display_name = excluded.display_name returning id`,
  );
  const id = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
  return { id, username: "josiane", displayName: "Josiane Martin" };
}

const inDays = (days: number) => dateToParisLocal(new Date(Date.now() + days * 86_400_000));

describeEachDatabase("publishing in the back-office", () => {
  const post = async (fields: Record<string, string>, path = "/admin/blog") =>
    blogAction(routeArgs(formPost(path, fields), { admin: await signIn() }));
  const rows = () => getDb().select().from(blogPosts);

  it("« Enregistrer le brouillon » needs a title only, and stays in the editor", async () => {
    const result = (await post({ intent: "draft", title: "Idées pour la fête", content: "", image: "" })) as Response;
    const [saved] = await rows();
    expect(result.headers.get("Location")).toBe(`/admin/blog?edit=${saved!.id}&fait=brouillon`);
    expect(saved).toMatchObject({ state: "brouillon", image: null, publishedAt: null, author: "Josiane Martin" });
    const refused = answered<Refusal>(await post({ intent: "draft", title: " " }));
    expect([refused.status, refused.value.message, refused.value.field]).toEqual([
      400,
      "Un brouillon a besoin d'au moins un titre.",
      "title",
    ]);
  });

  it("« Publier » on a draft applies the spec's rules with its messages, then dates the article now", async () => {
    const draft = await insertBlogPost({ state: "brouillon", image: null, createdAt: new Date("2026-01-05") });
    const path = `/admin/blog?edit=${draft.id}`;
    const refused = answered<Refusal>(
      await post({ intent: "save", id: String(draft.id), ...blogForm({ image: "" }) }, path),
    );
    expect([refused.status, refused.value.message]).toEqual([400, "La photo de couverture est requise."]);
    const before = Date.now();
    const published = (await post({ intent: "save", id: String(draft.id), ...blogForm() }, path)) as Response;
    // Going public is « publié », not « mis à jour »: the list's popup says so.
    expect(published.headers.get("Location")).toBe("/admin/blog?fait=publie");
    const [saved] = await rows();
    expect(saved!.state).toBe("publie");
    expect(saved!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [entry] = await getDb().select().from(history);
    expect([entry!.kind, entry!.actor]).toEqual(["article.publication", "josiane"]);
  });

  it("« Programmer » needs a time to come, and the spec's rules", async () => {
    const refuse = async (fields: Record<string, string>) =>
      answered<Refusal>(await post({ intent: "schedule", ...blogForm(), ...fields })).value.message;
    expect(await refuse({})).toBe("Indiquez la date et l'heure de publication.");
    expect(await refuse({ publishAt: inDays(-1) })).toBe("Choisissez une date et une heure à venir.");
    expect(await refuse({ publishAt: "le 3 mars" })).toBe("Date invalide");
    expect(await refuse({ publishAt: inDays(2), title: "" })).toBe("Le titre et le contenu sont requis.");
    expect(await rows()).toEqual([]);
    const result = (await post({ intent: "schedule", ...blogForm(), publishAt: inDays(2) })) as Response;
    expect(result.headers.get("Location")).toBe("/admin/blog?fait=programme");
    const [saved] = await rows();
    expect(saved).toMatchObject({ state: "programme", publishedAt: null });
    expect(dateToParisLocal(saved!.publishAt!)).toBe(inDays(2));
  });

  it("an event draft may have no dates yet; its start, when given, is not after its end", async () => {
    const admin = await signIn();
    const send = (fields: Record<string, string>) =>
      eventsAction(routeArgs(formPost("/admin/events", fields), { admin }));
    await send({ intent: "draft", title: "Assemblée générale", start: "", end: "", content: "" });
    const [saved] = await getDb().select().from(events);
    expect(saved).toMatchObject({ state: "brouillon", start: null, endDate: null, date: null });
    const refused = answered<Refusal>(
      await send({ intent: "draft", ...eventForm({ start: "2027-02-01T10:00", end: "2027-01-01T10:00" }) }),
    );
    expect(refused.value.message).toBe("La date de début ne peut pas être postérieure à la date de fin.");
  });

  it("the images' descriptions are saved by image, for the images the article shows", async () => {
    await post({
      intent: "save",
      ...blogForm({ annexe1: "/media/annexe.webp" }),
      image__alt: "Une rangée de fèves en fleur",
      annexe1__decoratif: "1",
      annexe2__alt: "Une image qui n'est pas là",
    });
    const [saved] = await rows();
    expect(saved!.imageAlts).toEqual({ "/media/cover.webp": "Une rangée de fèves en fleur", "/media/annexe.webp": "" });
  });

  it("an autosave is offered back when newer than the last save, taken back with ?reprendre=1, ignored on request", async () => {
    const admin = await signIn();
    const article = await insertBlogPost({ title: "Titre enregistré" });
    const form = new FormData();
    for (const [name, value] of Object.entries({ kind: "article", id: String(article.id), title: "Titre en cours" }))
      form.append(name, value);
    const saved = await autosave(routeArgs(multipartPost("/admin/autosave", form), { admin }));
    expect(saved).toEqual({ savedAt: expect.any(String) });

    const open = (query: string) =>
      blogLoader(routeArgs(new Request(`http://localhost:3000/admin/blog?edit=${article.id}${query}`), { admin }));
    const offered = await open("");
    expect(offered.autosave?.savedAt).toMatch(/^\d{1,2}(?:er)? \S+ à \d\dh\d\d$/);
    expect(offered.item.fields?.title).toBe("Titre enregistré");
    const resumed = await open("&reprendre=1");
    expect([resumed.resumed, resumed.item.fields?.title, resumed.autosave]).toEqual([true, "Titre en cours", null]);

    await blogAction(
      routeArgs(formPost(`/admin/blog?edit=${article.id}`, { intent: "discardAutosave", id: String(article.id) }), {
        admin,
      }),
    );
    expect((await open("")).autosave).toBeNull();
  });

  it("an autosave for an item that is gone, or of an unknown kind, is refused", async () => {
    const admin = await signIn();
    const send = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return autosave(routeArgs(multipartPost("/admin/autosave", form), { admin }));
    };
    expect(answered((await send({ kind: "article", id: "999999", title: "x" })) as never).status).toBe(404);
    expect(answered((await send({ kind: "page", id: "", title: "x" })) as never).status).toBe(400);
  });

  it("« Aperçu » renders the form as it is, unsaved and unchecked, with its rich text sanitised", async () => {
    const admin = await signIn();
    const form = new FormData();
    form.append("title", "Brouillon pas fini");
    form.append("content", '<p onclick="x">Texte <script>alert(1)</script>provisoire</p>');
    form.append("image", "javascript:alert(1)");
    const shown = await preview(routeArgs(multipartPost("/admin/apercu/article", form), { admin }));
    expect(shown.article).toMatchObject({
      title: "Brouillon pas fini",
      html: "<p>Texte provisoire</p>",
      image: null,
      author: "Josiane Martin",
    });
    expect(await rows()).toEqual([]);
  });

  it("« Versions » lists the earlier states; one is viewed as the public page, and restored", async () => {
    const admin = await signIn();
    const article = await insertBlogPost({ title: "Avant" });
    const path = `/admin/blog?edit=${article.id}`;
    await post({ intent: "save", id: String(article.id), ...blogForm({ title: "Après" }) }, path);
    const args = (request: Request) => routeArgs(request, { admin, params: { id: String(article.id) } });
    const page = await versionsLoader(args(new Request(`http://localhost:3000/admin/blog/${article.id}/versions`)));
    expect(page.item.title).toBe("Après");
    expect(page.versions.map((v) => v.title)).toEqual(["Avant"]);

    const view = await versionView(
      routeArgs(new Request("http://localhost:3000/"), {
        admin,
        params: { id: String(article.id), version: String(page.versions[0]!.id) },
      }),
    );
    expect(view?.article.title).toBe("Avant");

    const restored = (await versionsAction(
      args(
        formPost(`/admin/blog/${article.id}/versions`, { intent: "restore", version: String(page.versions[0]!.id) }),
      ),
    )) as Response;
    expect(restored.headers.get("Location")).toBe(`/admin/blog?edit=${article.id}&fait=restaure`);
    expect((await rows())[0]!.title).toBe("Avant");
  });
});
