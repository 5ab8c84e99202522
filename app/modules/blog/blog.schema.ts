import { z } from "zod";
import { MAX_ANNEX_IMAGES, RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import {
  imageAlts,
  imageList,
  optionalImageUrl,
  optionalLine,
  requiredImageUrl,
  requiredLine,
} from "~/modules/forms/fields.schema";
import { stripHtml } from "~/lib/text";
import type { articleFormFields } from "~/modules/publishing/article-form";
import { DRAFT_TITLE_MESSAGE, publicationFormSchema } from "~/modules/publishing/publication.schema";

export const BLOG_REQUIRED_MESSAGE = "Le titre et le contenu sont requis.";
export const BLOG_COVER_MESSAGE = "La photo de couverture est requise.";
export const INVALID_IMAGE_MESSAGE = "Adresse d'image invalide.";
export const ANNEX_SAVE_MESSAGE = "Erreur lors de la sauvegarde des images annexes. Veuillez réessayer.";

/** The longest title and author name, for the schema and for the fields that count their characters. */
export const BLOG_TITLE_MAX = 200;
export const BLOG_AUTHOR_MAX = 100;
export const BLOG_TEXT_FIELDS = ["title", "author"] as const;

/** The blog form's fields as typed, shown again after a refusal. */
export type PostFormFields = ReturnType<typeof articleFormFields<(typeof BLOG_TEXT_FIELDS)[number]>>;

const content = (message: string) =>
  z.string({ error: message }).max(RICH_TEXT_MAX_LENGTH, { error: tooLongMessage(RICH_TEXT_MAX_LENGTH) });

const rest = {
  imagesannexes: imageList(MAX_ANNEX_IMAGES),
  imagealts: imageAlts(),
  // Empty: the action signs with the signed-in person's display name.
  author: optionalLine(BLOG_AUTHOR_MAX, ""),
};

const output = <T extends { imagesannexes: string[]; imagealts: Record<string, string> }>({
  imagesannexes,
  imagealts,
  ...fields
}: T) => ({ ...fields, imagesAnnexes: imagesannexes, imageAlts: imagealts });

/**
 * The blog form (admin) as « Publier » checks it (product §5): title, rich-text content (empty once tags are stripped
 * counts as empty), cover image address, up to 3 annex image addresses sent as repeated values, a JSON array string
 * or a single address; the images' descriptions and the author. The output is what `createBlogPost` /
 * `updateBlogPost` take.
 */
export const blogFormSchema = z
  .object({
    title: requiredLine(BLOG_TITLE_MAX, BLOG_REQUIRED_MESSAGE),
    content: content(BLOG_REQUIRED_MESSAGE).refine((html) => stripHtml(html) !== "", {
      error: BLOG_REQUIRED_MESSAGE,
    }),
    image: requiredImageUrl(BLOG_COVER_MESSAGE, INVALID_IMAGE_MESSAGE),
    ...rest,
  })
  .transform(output);

/** A draft: a title is enough; what else is there is kept as it is. */
const blogDraftSchema = z
  .object({
    title: requiredLine(BLOG_TITLE_MAX, DRAFT_TITLE_MESSAGE),
    content: content(BLOG_REQUIRED_MESSAGE)
      .optional()
      .transform((html) => html ?? ""),
    image: optionalImageUrl(INVALID_IMAGE_MESSAGE),
    ...rest,
  })
  .transform(output);

/** The editor's form, whichever button sent it: a draft, a scheduled or a published article. */
export const blogEditorSchema = publicationFormSchema(blogFormSchema, blogDraftSchema);

/**
 * The form's refusal (product §5), from the schema's issues, in the browser and on the server alike: one message, the
 * first, on its field; annexes that cannot be kept are said on the first annex.
 */
export function blogRefusal(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const issue = issues[0]!;
  const field = String(issue.path[0]);
  return field === "imagesannexes"
    ? { message: ANNEX_SAVE_MESSAGE, field: "annexe1" }
    : { message: issue.message, field };
}

/** What the form's page needs to check it as the action does. */
export const blogForm = { schema: blogEditorSchema, texts: BLOG_TEXT_FIELDS, refusalOf: blogRefusal };
