import { z } from "zod";
import { MAX_ANNEX_IMAGES, RICH_TEXT_MAX_LENGTH, tooLongMessage } from "~/lib/constants";
import { imageList, requiredImageUrl, requiredText } from "~/lib/form-fields";
import { stripHtml } from "~/lib/text";

export const BLOG_REQUIRED_MESSAGE = "Le titre et le contenu sont requis.";
export const BLOG_COVER_MESSAGE = "La photo de couverture est requise.";
export const INVALID_IMAGE_MESSAGE = "Adresse d'image invalide.";

/**
 * The blog form (admin): title, rich-text content (empty once tags are stripped counts as empty),
 * cover image address, and up to 3 annex image addresses sent as repeated values, a JSON array string
 * or a single address. The output is what `createBlogPost` / `updateBlogPost` take.
 */
export const blogFormSchema = z
  .object({
    title: requiredText(200, BLOG_REQUIRED_MESSAGE),
    content: z
      .string({ error: BLOG_REQUIRED_MESSAGE })
      .max(RICH_TEXT_MAX_LENGTH, { error: tooLongMessage(RICH_TEXT_MAX_LENGTH) })
      .refine((html) => stripHtml(html) !== "", { error: BLOG_REQUIRED_MESSAGE }),
    image: requiredImageUrl(BLOG_COVER_MESSAGE, INVALID_IMAGE_MESSAGE),
    imagesannexes: imageList(MAX_ANNEX_IMAGES),
  })
  .transform(({ imagesannexes, ...rest }) => ({ ...rest, imagesAnnexes: imagesannexes }));

export type BlogFormValues = z.infer<typeof blogFormSchema>;
