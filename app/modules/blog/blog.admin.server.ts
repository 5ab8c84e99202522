import { contentFromForm, imagesFromForm } from "~/lib/admin-form.server";
import { parseId } from "~/lib/text";
import { logger } from "~/logger.server";
import { withHistory, type Actor } from "~/modules/history/history.server";
import type { SubmittedForm } from "~/modules/media/multipart.server";
import { BLOG_REQUIRED_MESSAGE, blogFormSchema } from "./blog.schema";
import { createBlogPost, getBlogPost, updateBlogPost } from "./blog.server";

export const ANNEX_SAVE_MESSAGE = "Erreur lors de la sauvegarde des images annexes. Veuillez réessayer.";
export const SAVE_FAILED_MESSAGE = "Une erreur est survenue pendant l'enregistrement.";
export const POST_GONE_MESSAGE = "Cet article n'existe plus : il a peut-être été supprimé entre-temps.";

/** What the form had, given back with a refusal so that nothing typed is lost. */
export interface PostFormValues {
  id: string;
  title: string;
  content: string;
  image: string | null;
  annexes: (string | null)[];
}

export type PostFormOutcome =
  | { ok: true; id: number; created: boolean }
  | { ok: false; status: number; message: string; field?: string; values: PostFormValues };

/**
 * /admin/blog's save: creates the article, or updates the one named by `id`, signed by `author`. The spec's
 * messages for a missing title or content, a missing cover, annexes that cannot be saved, a failed save.
 */
export async function saveBlogPostForm(form: SubmittedForm, author: string, actor: Actor): Promise<PostFormOutcome> {
  const id = form.get("id") ? parseId(form.get("id")) : null;
  const { cover, annexes } = await imagesFromForm(form);
  const values: PostFormValues = {
    id: form.get("id") ?? "",
    title: form.get("title") ?? "",
    content: contentFromForm(form),
    image: "url" in cover ? cover.url : (form.get("image") ?? null),
    annexes: annexes.map((annex, i) => ("url" in annex ? annex.url : (form.get(`annexe${i + 1}`) ?? null))),
  };
  const refuse = (status: number, message: string, field?: string): PostFormOutcome => ({
    ok: false,
    status,
    message,
    field,
    values,
  });

  if ("error" in cover) return refuse(cover.error.status, cover.error.message, "image");
  const failedAnnex = annexes.findIndex((annex) => "error" in annex);
  if (failedAnnex >= 0) return refuse(400, "Erreur lors de l'upload des images annexes", `annexe${failedAnnex + 1}`);
  if (form.get("id") && (id === null || !(await getBlogPost(id)))) return refuse(404, POST_GONE_MESSAGE);

  const parsed = blogFormSchema.safeParse({
    title: values.title,
    content: values.content,
    image: values.image ?? "",
    imagesannexes: values.annexes.filter(Boolean),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0]);
    if (field === "imagesannexes") return refuse(400, ANNEX_SAVE_MESSAGE, "annexe1");
    return refuse(400, issue.message === BLOG_REQUIRED_MESSAGE ? BLOG_REQUIRED_MESSAGE : issue.message, field);
  }
  try {
    const input = { ...parsed.data, author };
    if (id !== null) {
      const updated = await withHistory(
        actor,
        (tx) => updateBlogPost(id, input, tx),
        (post) => post && { kind: "article.modification", target: `article n° ${id}` },
      );
      if (!updated) return refuse(404, POST_GONE_MESSAGE);
      return { ok: true, id, created: false };
    }
    const created = await withHistory(
      actor,
      (tx) => createBlogPost(input, {}, tx),
      (post) => ({ kind: "article.creation", target: `article n° ${post.id}` }),
    );
    return { ok: true, id: created.id, created: true };
  } catch (error) {
    logger.error({ err: error }, "enregistrement d'un article impossible");
    return refuse(500, SAVE_FAILED_MESSAGE);
  }
}
