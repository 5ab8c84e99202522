import { describe, expect, it } from "vitest";
import { blogForm } from "../../../tests/factories";
import { blogFormSchema } from "./blog.schema";

const REQUIRED = "Le titre et le contenu sont requis.";

function messages(input: Record<string, unknown>) {
  const result = blogFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("blogFormSchema", () => {
  it("accepts a complete post and returns what createBlogPost takes", () => {
    const annexes = JSON.stringify(["/media/a.webp", "/media/b.webp"]);
    expect(blogFormSchema.parse(blogForm({ title: " Semis ", imagesannexes: annexes }))).toEqual({
      title: "Semis",
      content: "<p>Il est temps de semer les <strong>tomates</strong>.</p>",
      image: "/media/cover.webp",
      imagesAnnexes: ["/media/a.webp", "/media/b.webp"],
      imageAlts: {},
      author: "",
    });
  });

  it("requires the title and the content", () => {
    expect(messages(blogForm({ title: "  " }))).toEqual({ title: REQUIRED });
    expect(messages(blogForm({ content: undefined }))).toEqual({ content: REQUIRED });
  });

  it.each(["", "<p><br></p>", "<p> &nbsp; </p>", "<p><strong> </strong></p>"])(
    "treats the content %j as empty",
    (content) => {
      expect(messages(blogForm({ content }))).toEqual({ content: REQUIRED });
    },
  );

  it("requires the cover image", () => {
    expect(messages(blogForm({ image: "" }))).toEqual({ image: "La photo de couverture est requise." });
    expect(messages(blogForm({ image: undefined }))).toEqual({ image: "La photo de couverture est requise." });
    expect(messages(blogForm({ image: "blob:http://localhost/1" }))).toEqual({ image: "Adresse d'image invalide." });
  });

  it("accepts at most 3 annex images, in any of the form's shapes", () => {
    const three = ["/media/a.webp", "/media/b.webp", "/media/c.webp"];
    expect(blogFormSchema.parse(blogForm({ imagesannexes: JSON.stringify(three) })).imagesAnnexes).toEqual(three);
    expect(blogFormSchema.parse({ ...blogForm(), imagesannexes: three }).imagesAnnexes).toEqual(three);
    expect(blogFormSchema.parse(blogForm({ imagesannexes: undefined })).imagesAnnexes).toEqual([]);
    expect(messages(blogForm({ imagesannexes: JSON.stringify([...three, "/media/d.webp"]) }))).toEqual({
      imagesannexes: "Vous pouvez ajouter au maximum 3 images.",
    });
  });

  it("caps the title length", () => {
    expect(messages(blogForm({ title: "t".repeat(201) }))).toEqual({
      title: "Ce texte est trop long (200 caractères maximum).",
    });
  });
});
