import type { Route } from "./+types/blog";
import { signedInAdmin } from "~/request/context";
import { Section } from "~/components/admin/admin-ui";
import { AutosaveOffer } from "~/components/admin/AutosaveOffer";
import { EditorLists } from "~/components/admin/EditorLists";
import { PostForm } from "~/components/admin/PostForm";
import { StateBadge } from "~/components/admin/StateBadge";
import { AdminPage } from "~/components/admin/AdminPage";
import { useEditorNotice } from "~/components/admin/use-save-notice";
import { adminMeta } from "~/modules/seo/seo";
import { blogEditor, postLists } from "~/modules/blog/blog.admin.server";
import type { PostFormFields } from "~/modules/blog/blog.schema";
import { editorFrom, editorPageData, runEditorAction } from "~/modules/publishing/editor.admin.server";
import { pageCount } from "~/lib/pagination";

export function meta() {
  return adminMeta("Gestion des articles de blog");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const page = await editorPageData(blogEditor, request, admin.id);
  const lists = await postLists(page.query);
  return {
    ...page,
    lists,
    pages: pageCount(lists.publishedTotal, page.query.pageSize),
    author: editorFrom(admin).name,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runEditorAction(blogEditor, request, editorFrom(signedInAdmin(context)));
}

const newPost = (author: string): PostFormFields => ({
  title: "",
  author,
  content: "",
  image: null,
  annexes: [],
  alts: {},
  publishAt: "",
});

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { done, item, autosave, resumed, query, lists, pages, author } = loaderData;
  // After a refusal the form shows what was sent; otherwise the article being edited (or its autosave), or an empty form.
  const refused = actionData && !actionData.ok ? actionData : null;
  const fields = refused?.values ?? item.fields ?? newPost(author);
  const id = refused?.values ? Number(refused.values.id) || null : item.id;
  const { notice, formRefusal } = useEditorNotice(done, refused);
  return (
    <AdminPage title="Gestion des articles de blog" roomBelow popup={notice}>
      {autosave ? <AutosaveOffer savedAt={autosave.savedAt} itemId={item.id} /> : null}
      <Section
        id="formulaire-article"
        title={id ? `Modifier l'article « ${fields.title} »` : "Nouvel article"}
        action={<StateBadge state={item.state} publishAt={fields.publishAt} resumed={resumed} />}
      >
        {/* A new key when another article is edited: the fields start again from its values. */}
        <PostForm
          key={`${id ?? "nouveau"}-${notice.formKey}`}
          post={{ ...fields, id }}
          state={item.state}
          refusal={formRefusal}
        />
      </Section>
      <EditorLists
        lists={lists}
        query={query}
        pages={pages}
        labels={{
          published: "Articles publiés",
          empty: "Aucun billet publié.",
          search: "Rechercher un article",
          searchHint: "Un mot du titre, un auteur ou une date : 2026, 11/2026, 24/11/2026.",
          idPrefix: "articles",
        }}
        editPath={(postId) => `/admin/blog?edit=${postId}`}
        publishedLinks={(post) => [
          {
            href: `/admin/lettre/nouvelle?article=${post.id}`,
            label: "Envoyer aux abonnés",
            name: `Envoyer aux abonnés « ${post.title} »`,
          },
        ]}
        noun="l'article"
      />
    </AdminPage>
  );
}
