import { data } from "react-router";
import type { Route } from "./+types/autosave";
import { signedInAdmin } from "~/request/context";
import { blogEditor } from "~/modules/blog/blog.admin.server";
import { eventEditor } from "~/modules/events/events.admin.server";
import { ARTICLE_FORM_LIMITS } from "~/modules/publishing/article-form.server";
import { articleFormFields } from "~/modules/publishing/article-form";
import { FormError, readSubmittedForm } from "~/modules/forms/multipart.server";
import { parseId } from "~/lib/text";
import { NEW_ITEM, saveAutosave } from "~/modules/publishing/autosave.server";

const EDITORS = { article: blogEditor, evenement: eventEditor };

const methodNotAllowed = () => data({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });

export function loader() {
  return methodNotAllowed();
}

/**
 * POST /admin/autosave — what an editor's form holds, every 30 seconds while it changes (and when its tab closes):
 * kept for the signed-in administrator and the item (or the new item), and offered back later. Changes nothing
 * public. Answers { savedAt }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = signedInAdmin(context);
  let form;
  try {
    form = await readSubmittedForm(request, ARTICLE_FORM_LIMITS);
  } catch (error) {
    if (error instanceof FormError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  try {
    const kind = form.get("kind");
    const editor = kind === "article" || kind === "evenement" ? EDITORS[kind] : null;
    const id = form.get("id") ? parseId(form.get("id")) : NEW_ITEM;
    if (!editor || id === null) return data({ error: "Formulaire inconnu." }, { status: 400 });
    if (id !== NEW_ITEM && !(await editor.get(id)))
      return data({ error: "Cet élément n'existe plus." }, { status: 404 });
    const savedAt = new Date();
    await saveAutosave(
      editor.kind,
      id,
      admin.id,
      articleFormFields((name) => form.get(name), editor.texts),
      savedAt,
    );
    return { savedAt: savedAt.toISOString() };
  } finally {
    await form.cleanup();
  }
}
