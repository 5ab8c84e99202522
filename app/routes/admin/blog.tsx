import { data, redirect } from "react-router";
import type { Route } from "./+types/blog";
import { adminContext } from "~/context";
import { AdminSection } from "~/components/admin/admin-ui";
import { PostForm } from "~/components/admin/PostForm";
import { PublishedList } from "~/components/admin/PublishedList";
import { FeedbackPopup } from "~/components/FeedbackPopup";
import { useSaveNotice } from "~/components/admin/use-save-notice";
import { ARTICLE_FILE_FIELDS, formMatchesPage } from "~/lib/admin-form.server";
import { formatDate } from "~/lib/dates";
import { adminMeta } from "~/lib/seo";
import { parseId } from "~/lib/text";
import { authorName } from "~/modules/auth/auth.server";
import { saveBlogPostForm } from "~/modules/blog/blog.admin.server";
import { deleteBlogPost, getBlogPost, listBlogPosts } from "~/modules/blog/blog.server";
import { MediaError } from "~/modules/media/media.server";
import { readSubmittedForm } from "~/modules/media/multipart.server";
import { currentActor } from "~/modules/history/actor.server";
import { withHistory } from "~/modules/history/history.server";

const DONE: Record<string, string> = {
  publie: "Article publié.",
  maj: "Article mis à jour.",
  supprime: "Article supprimé.",
};

export function meta() {
  return adminMeta("Gestion des articles de blog");
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const editId = url.searchParams.has("edit") ? parseId(url.searchParams.get("edit")) : null;
  const [posts, editing] = await Promise.all([listBlogPosts(), editId === null ? undefined : getBlogPost(editId)]);
  // An address to edit an article that is gone leads back to the list.
  if (url.searchParams.has("edit") && !editing) throw redirect("/admin/blog");
  return {
    done: DONE[url.searchParams.get("fait") ?? ""] ?? null,
    editing: editing && {
      id: editing.id,
      title: editing.title,
      content: editing.content,
      image: editing.image,
      annexes: editing.imagesAnnexes,
    },
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      image: post.image,
      details: formatDate(post.createdAt),
      href: `/blog/${post.id}`,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  let form;
  try {
    form = await readSubmittedForm(request, {
      maxFiles: ARTICLE_FILE_FIELDS.length,
      maxFields: 30,
      maxFieldSize: 1024 * 1024,
      fileFields: ARTICLE_FILE_FIELDS,
    });
  } catch (error) {
    if (error instanceof MediaError) return data({ message: error.message, values: null }, { status: error.status });
    throw error;
  }
  try {
    switch (form.get("intent")) {
      case "save": {
        if (!formMatchesPage(request, form))
          return data(
            { message: "Ce formulaire ne correspond pas à l'article affiché : rechargez la page.", values: null },
            { status: 400 },
          );
        const outcome = await saveBlogPostForm(form, authorName(context.get(adminContext)), currentActor(context));
        if (outcome.ok) return redirect(`/admin/blog?fait=${outcome.created ? "publie" : "maj"}`);
        return data(
          { message: outcome.message, field: outcome.field, values: outcome.values },
          { status: outcome.status },
        );
      }
      case "delete": {
        const id = parseId(form.get("id"));
        const deleted =
          id !== null &&
          (await withHistory(
            currentActor(context),
            (tx) => deleteBlogPost(id, tx),
            (done) => done && { kind: "article.suppression", target: `article n° ${id}` },
          ));
        if (!deleted) return data({ message: "Cet article n'existe plus.", values: null }, { status: 404 });
        return redirect("/admin/blog?fait=supprime");
      }
      default:
        return data({ message: "Action inconnue.", values: null }, { status: 400 });
    }
  } finally {
    await form.cleanup();
  }
}

const NEW_POST = { id: null, title: "", content: "", image: null, annexes: [] };

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { done, editing, posts } = loaderData;
  // After a refusal the form shows what was sent; otherwise the article being edited, or an empty form.
  const values = actionData?.values;
  const post = values ? { ...values, id: values.id ? Number(values.id) : null } : (editing ?? NEW_POST);
  const notice = useSaveNotice(done);
  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-24">
      <h1 className="text-2xl font-bold text-stone-900">Gestion des articles de blog</h1>
      <AdminSection id="formulaire-article" title={post.id ? `Modifier l'article « ${post.title} »` : "Nouvel article"}>
        {/* A new key when another article is edited: the fields start again from its values. */}
        <PostForm key={`${post.id ?? "nouveau"}-${notice.formKey}`} post={post} refusal={actionData ?? null} />
      </AdminSection>
      <AdminSection id="articles-publies" title="Articles publiés">
        <PublishedList
          items={posts}
          empty="Aucun billet publié."
          editPath={(id) => `/admin/blog?edit=${id}`}
          noun="l'article"
        />
      </AdminSection>
      <FeedbackPopup message={notice.message} onClose={notice.close} />
    </div>
  );
}
