import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/db";
import { at, insertBlogPost } from "../../../tests/factories";
import {
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  latestPosts,
  listBlogPosts,
  postsForAdmin,
  updateBlogPost,
} from "./blog.server";

const input = {
  title: "Les semis",
  content: '<p>Semez <strong>tôt</strong><script>alert(1)</script></p><p onclick="x">Suite</p>',
  image: "/media/cover.webp",
};

describeEachDatabase("blog module", () => {
  it("createBlogPost stores the spec's payload and returns the row", async () => {
    const before = Date.now();
    const post = await createBlogPost({ ...input, imagesAnnexes: ["/media/a.webp"] });
    expect(post).toMatchObject({
      title: "Les semis",
      content: "<p>Semez <strong>tôt</strong></p><p>Suite</p>",
      plainText: "Semez tôt Suite",
      image: "/media/cover.webp",
      imagesAnnexes: ["/media/a.webp"],
      excerpt: "",
      author: "Admin",
    });
    expect(post.date.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(post.date.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await getBlogPost(post.id)).toEqual(post);
  });

  it("createBlogPost removes nulls and empties and keeps at most 3 annexes", async () => {
    const post = await createBlogPost({
      ...input,
      imagesAnnexes: [null, "/media/a.webp", "", "/media/b.webp", "/media/c.webp", "/media/d.webp"],
    });
    expect(post.imagesAnnexes).toEqual(["/media/a.webp", "/media/b.webp", "/media/c.webp"]);
  });

  it("createBlogPost turns an invalid annex format into an empty list", async () => {
    expect((await createBlogPost({ ...input, imagesAnnexes: "[pas du json" })).imagesAnnexes).toEqual([]);
    expect((await createBlogPost({ ...input, imagesAnnexes: { a: 1 } })).imagesAnnexes).toEqual([]);
    expect((await createBlogPost({ ...input })).imagesAnnexes).toEqual([]);
  });

  it("listBlogPosts orders by created_at desc, then id desc", async () => {
    const old = await insertBlogPost({ createdAt: at(0) });
    const tieLow = await insertBlogPost({ createdAt: at(10) });
    const tieHigh = await insertBlogPost({ createdAt: at(10) });
    const recent = await insertBlogPost({ createdAt: at(20) });
    expect((await listBlogPosts()).map((p) => p.id)).toEqual([recent.id, tieHigh.id, tieLow.id, old.id]);
  });

  it("the back-office lists drafts last edited first, scheduled posts soonest first, a page of the published; the search reads the author", async () => {
    const draftOld = await insertBlogPost({ state: "brouillon", updatedAt: at(0) });
    const draftNew = await insertBlogPost({ state: "brouillon", updatedAt: at(10), author: "Josette Perrin" });
    const later = await insertBlogPost({ state: "programme", publishAt: at(50) });
    const sooner = await insertBlogPost({ state: "programme", publishAt: at(40) });
    const oldest = await insertBlogPost({ state: "publie", publishedAt: at(5) });
    const middle = await insertBlogPost({ state: "publie", publishedAt: at(15), author: "Josette Perrin" });
    const newest = await insertBlogPost({ state: "publie", publishedAt: at(25) });
    const lists = (q: string, page = 1, pageSize = 20) => postsForAdmin({ q, page, pageSize });
    const ids = (posts: { id: number }[]) => posts.map((post) => post.id);
    const all = await lists("");
    expect(ids(all.drafts)).toEqual([draftNew.id, draftOld.id]);
    expect(ids(all.scheduled)).toEqual([sooner.id, later.id]);
    expect(ids(all.published)).toEqual([newest.id, middle.id, oldest.id]);
    const second = await lists("", 2, 2);
    expect(ids(second.published)).toEqual([oldest.id]);
    expect(second.publishedTotal).toBe(3);
    const found = await lists("perrin");
    expect([ids(found.drafts), ids(found.scheduled), ids(found.published)]).toEqual([[draftNew.id], [], [middle.id]]);
    expect(found.publishedTotal).toBe(1);
  });

  it("listBlogPosts returns an empty list when there is no post", async () => {
    expect(await listBlogPosts()).toEqual([]);
  });

  it("latestPosts returns the n newest", async () => {
    const a = await insertBlogPost({ createdAt: at(1) });
    const b = await insertBlogPost({ createdAt: at(3) });
    await insertBlogPost({ createdAt: at(0) });
    const c = await insertBlogPost({ createdAt: at(2) });
    expect((await latestPosts(3)).map((p) => p.id)).toEqual([b.id, c.id, a.id]);
    expect((await latestPosts(1)).map((p) => p.id)).toEqual([b.id]);
  });

  it("getBlogPost returns undefined for an unknown or invalid id", async () => {
    const post = await insertBlogPost();
    expect(await getBlogPost(post.id + 1)).toBeUndefined();
    expect(await getBlogPost(Number.NaN)).toBeUndefined();
    expect(await getBlogPost(-1)).toBeUndefined();
  });

  it("updateBlogPost rewrites the post and returns the row", async () => {
    const post = await insertBlogPost({
      date: at(0),
      author: "Autre",
      excerpt: "ancien",
      imagesAnnexes: ["/media/x.webp"],
    });
    const other = await insertBlogPost({ title: "Intact" });
    const updated = await updateBlogPost(post.id, {
      title: "Nouveau titre",
      content: '<p>Nouveau <a href="javascript:x">lien</a></p>',
      image: "/media/new.webp",
      imagesAnnexes: ["/media/y.webp", null],
    });
    expect(updated).toMatchObject({
      id: post.id,
      title: "Nouveau titre",
      content: '<p>Nouveau <a target="_blank" rel="noopener noreferrer">lien</a></p>',
      image: "/media/new.webp",
      imagesAnnexes: ["/media/y.webp"],
      excerpt: "",
      author: "Admin",
      createdAt: post.createdAt,
    });
    expect(updated!.date.getTime()).toBeGreaterThan(at(0).getTime());
    expect(await getBlogPost(post.id)).toEqual(updated);
    expect((await getBlogPost(other.id))?.title).toBe("Intact");
  });

  it("updateBlogPost returns undefined for an unknown post", async () => {
    expect(await updateBlogPost(42, input)).toBeUndefined();
    expect(await listBlogPosts()).toEqual([]);
  });

  it("deleteBlogPost says whether the post existed", async () => {
    const post = await insertBlogPost();
    const kept = await insertBlogPost();
    expect(await deleteBlogPost(post.id)).toBe(true);
    expect(await deleteBlogPost(post.id)).toBe(false);
    expect(await deleteBlogPost(Number.NaN)).toBe(false);
    expect((await listBlogPosts()).map((p) => p.id)).toEqual([kept.id]);
  });
});
