import { ANNEX_FIELDS, ANNEX_UPLOAD_ERROR, articleFormFields } from "./article-form";
import { imageFromForm } from "~/modules/forms/image-field.server";
import type { MultipartOptions, SubmittedForm } from "~/modules/forms/multipart.server";

/** What the article and event forms of the back-office share, on the server (see `article-form.ts` for the rest). */

/** Files an article or event form may carry without JavaScript: its cover and its annexes. */
const ARTICLE_FILE_FIELDS = ["image", ...ANNEX_FIELDS].map((name) => `${name}__fichier`);

/** How an article or event form is read: its images, and a rich text of up to 1 MB. */
export const ARTICLE_FORM_LIMITS: MultipartOptions = {
  maxFiles: ARTICLE_FILE_FIELDS.length,
  maxFields: 30,
  maxFieldSize: 1024 * 1024,
  fileFields: ARTICLE_FILE_FIELDS,
};

/**
 * The fields of an article or event form as typed, its images stored: a file sent without JavaScript is saved now.
 * A file refused gives the form's refusal, on its field: the file's own message for the cover, product §8's for an annex.
 */
export async function readArticleForm<T extends string>(form: SubmittedForm, texts: readonly T[]) {
  const cover = await imageFromForm(form, "image");
  const annexes = await Promise.all(ANNEX_FIELDS.map((name) => imageFromForm(form, name)));
  const images = new Map([["image", cover], ...annexes.map((annex, i) => [ANNEX_FIELDS[i]!, annex] as const)]);
  const fields = articleFormFields((name) => {
    const image = images.get(name);
    return image && "url" in image ? image.url : form.get(name);
  }, texts);
  let refusal: { status: number; message: string; field: string } | null = null;
  if ("error" in cover) refusal = { status: cover.error.status, message: cover.error.message, field: "image" };
  else {
    const failed = annexes.findIndex((annex) => "error" in annex);
    if (failed >= 0) refusal = { status: 400, message: ANNEX_UPLOAD_ERROR, field: ANNEX_FIELDS[failed]! };
  }
  return { fields, refusal };
}

/**
 * Whether a save names the item its page shows: the form of `?edit=3` must carry id 3, a new item's form no id.
 * Anything else is a stale or forged form, refused before it can overwrite another item.
 */
export function formMatchesPage(request: Request, form: SubmittedForm) {
  return (form.get("id") ?? "") === (new URL(request.url).searchParams.get("edit") ?? "");
}
