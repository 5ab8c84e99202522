import { MAX_ANNEX_IMAGES } from "~/lib/constants";
import { plainToRichText } from "~/lib/text";
import { imageFromForm } from "~/modules/media/form-images.server";
import type { SubmittedForm } from "~/modules/media/multipart.server";

/** What the article and event forms of the back-office share. */

/** Files an article or event form may carry without JavaScript: its cover and its annexes. */
export const ARTICLE_FILE_FIELDS = [
  "image__fichier",
  ...Array.from({ length: MAX_ANNEX_IMAGES }, (_, i) => `annexe${i + 1}__fichier`),
];

/** The rich text of the form: the editor's HTML, or without JavaScript the plain text typed, as paragraphs. */
export function contentFromForm(form: SubmittedForm, name = "content") {
  return form.get(name) ?? plainToRichText(form.get(`${name}__texte`));
}

/** The cover (`image`) and the annexes (`annexe1` to `annexe3`) of an article or an event form. */
export async function imagesFromForm(form: SubmittedForm) {
  const cover = await imageFromForm(form, "image");
  const annexes = await Promise.all(
    Array.from({ length: MAX_ANNEX_IMAGES }, (_, i) => imageFromForm(form, `annexe${i + 1}`)),
  );
  return { cover, annexes };
}

/**
 * Whether a save names the item its page shows: the form of `?edit=3` must carry id 3, a new item's form no id.
 * Anything else is a stale or forged form, refused before it can overwrite another item.
 */
export function formMatchesPage(request: Request, form: SubmittedForm) {
  return (form.get("id") ?? "") === (new URL(request.url).searchParams.get("edit") ?? "");
}
