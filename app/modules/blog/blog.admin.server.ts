import { formatDate, formatDateTime } from "~/lib/dates";
import { altOf } from "~/lib/image-alt";
import { dateToParisLocal } from "~/lib/paris-time";
import { isSafeImageUrl, parseId } from "~/lib/text";
import { ANNEX_FIELDS, articleSchemaInput } from "~/modules/publishing/article-form";
import { readArticleForm } from "~/modules/publishing/article-form.server";
import type { SubmittedForm } from "~/modules/forms/multipart.server";
import type { AdminListQuery } from "~/server/admin-list.server";
import type { Editor, EditorDefinition } from "~/modules/publishing/editor.admin.server";
import { BLOG_TEXT_FIELDS, blogEditorSchema, blogRefusal, type PostFormFields } from "./blog.schema";
import {
  articlePage,
  createBlogPost,
  deleteBlogPost,
  getBlogPost,
  postsForAdmin,
  updateBlogPost,
  type BlogPost,
  type BlogPostInput,
} from "./blog.server";

export const SAVE_FAILED_MESSAGE = "Une erreur est survenue pendant l'enregistrement.";
export const POST_GONE_MESSAGE = "Cet article n'existe plus : il a peut-être été supprimé entre-temps.";

/** The editor's values for a post: as stored, each image's alternative by its field. */
export function postFormFields(post: BlogPost): PostFormFields {
  const annexes = ANNEX_FIELDS.map((_, i) => post.imagesAnnexes[i] ?? null);
  return {
    title: post.title,
    author: post.author,
    content: post.content,
    image: post.image,
    annexes,
    alts: Object.fromEntries([
      ["image", altOf(post.imageAlts, post.image)],
      ...ANNEX_FIELDS.map((name, i) => [name, altOf(post.imageAlts, annexes[i])]),
    ]),
    publishAt: post.publishAt ? dateToParisLocal(post.publishAt) : "",
  };
}

/** /admin/blog's editor (product §2, §4, §5, §8), for `publishing/editor.admin.server.ts`. */
export const blogEditor: EditorDefinition<BlogPost, Omit<BlogPostInput, "state" | "publishAt">, PostFormFields> = {
  kind: "article",
  path: "/admin/blog",
  texts: BLOG_TEXT_FIELDS,
  schema: blogEditorSchema,
  refusalOf: blogRefusal,
  messages: {
    saveFailed: SAVE_FAILED_MESSAGE,
    gone: POST_GONE_MESSAGE,
    mismatch: "Ce formulaire ne correspond pas à l'article affiché : rechargez la page.",
    done: {
      publie: "Article publié.",
      maj: "Article mis à jour.",
      brouillon: "Brouillon enregistré.",
      programme: "Article programmé.",
      supprime: "Article supprimé.",
      restaure: "Version restaurée : l'ancienne version est gardée parmi les versions.",
    },
  },
  get: getBlogPost,
  fieldsOf: postFormFields,
  fromVersion: (post, snapshot) => ({
    ...post,
    ...(snapshot as Partial<BlogPost>),
    state: post.state,
    publishAt: post.publishAt,
  }),
  // The author field left empty signs with the name of the person saving.
  prepare: (input, editor) => ({ ...input, author: input.author?.trim() || editor.name }),
  create: (input, by, tx) => createBlogPost(input, { by }, tx),
  update: (id, input, by, tx) => updateBlogPost(id, input, { by }, tx),
  remove: deleteBlogPost,
  target: (id) => `article n° ${id}`,
};

/** The lists of /admin/blog: drafts, scheduled (with their time), and a page of the published ones. */
export async function postLists(query: AdminListQuery) {
  const { drafts, scheduled, published, publishedTotal } = await postsForAdmin(query);
  // A post not public yet opens in its editor; a published one on the site.
  const item = (post: BlogPost, details: string) => ({
    id: post.id,
    title: post.title,
    image: post.image,
    details,
    href: post.state === "publie" ? `/blog/${post.id}` : `/admin/blog?edit=${post.id}`,
  });
  return {
    drafts: drafts.map((post) => item(post, `Modifié le ${formatDate(post.updatedAt)} · ${post.author}`)),
    scheduled: scheduled.map((post) => item(post, `Publication le ${formatDateTime(post.publishAt!)}`)),
    published: published.map((post) => item(post, `${formatDate(post.publishedAt!)} · ${post.author}`)),
    publishedTotal,
  };
}

/**
 * An article as the editor's form holds it now, unsaved, for « Aperçu »: nothing is checked (a draft may be
 * incomplete), the rich text is sanitised, only image addresses the site accepts are shown.
 */
export async function previewFromForm(form: SubmittedForm, editor: Editor) {
  const { fields } = await readArticleForm(form, BLOG_TEXT_FIELDS);
  const id = parseId(form.get("id"));
  const saved = id === null ? undefined : await getBlogPost(id);
  const input = articleSchemaInput(fields);
  const image = isSafeImageUrl(fields.image) ? fields.image : null;
  return articlePage({
    id,
    title: fields.title.trim() || "Sans titre",
    content: fields.content,
    image,
    imagesAnnexes: input.imagesannexes.filter(isSafeImageUrl),
    imageAlts: input.imagealts,
    author: fields.author.trim() || editor.name,
    publishedAt: saved?.publishedAt ?? null,
  });
}
