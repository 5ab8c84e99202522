import { TextInput } from "~/components/form/fields";
import { BLOG_AUTHOR_MAX, BLOG_TITLE_MAX, blogForm, type PostFormFields } from "~/modules/blog/blog.schema";
import type { EditorRefusal } from "~/modules/publishing/editor.schema";
import type { PublicationState } from "~/modules/publishing/publication.schema";
import { ArticleForm } from "./ArticleForm";

/**
 * /admin/blog's form (product §4, §5): title, author (the signed-in person's display name by default, which may be
 * changed for someone else's article), rich text (at least 300 px), cover (required to publish), three annexes.
 * The browser says at once the first thing missing, in the spec's words; the server checks everything again.
 */
export function PostForm({
  post,
  state,
  refusal,
}: {
  post: PostFormFields & { id: number | null };
  state: PublicationState | null;
  refusal: EditorRefusal | null;
}) {
  return (
    <ArticleForm
      kind={{ name: "article", ...blogForm }}
      item={post}
      state={state}
      refusal={refusal}
      noun="l'article"
      paths={{ preview: "/admin/apercu/article", versions: post.id ? `/admin/blog/${post.id}/versions` : null }}
      coverRequired
      minHeight={300}
    >
      <TextInput label="Titre" name="title" defaultValue={post.title} maxLength={BLOG_TITLE_MAX} />
      <TextInput
        label="Auteur"
        name="author"
        defaultValue={post.author}
        maxLength={BLOG_AUTHOR_MAX}
        hint="Le nom affiché sous le titre : le vôtre, ou celui de la personne pour qui vous publiez."
      />
    </ArticleForm>
  );
}
