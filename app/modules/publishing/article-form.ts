import { MAX_ANNEX_IMAGES } from "~/lib/constants";
import { imageAltsOf } from "~/lib/image-alt";
import { plainToRichText } from "~/lib/text";
import type { FormValue } from "~/modules/forms/form-value";
import { altFromForm } from "~/modules/forms/image-alt-field";
import { PUBLISH_AT_FIELD } from "./publication.schema";

/**
 * What the article and event forms of the back-office share, in the browser and on the server: how their fields
 * are read, and the messages of their images (product §8).
 */

export const COVER_UPLOAD_ERROR = "Erreur lors de l'upload de l'image de couverture. Veuillez réessayer.";
export const ANNEX_UPLOAD_ERROR = "Erreur lors de l'upload des images annexes";
export const failedAnnexesMessage = (count: number) =>
  `${count} image(s) n'ont pas pu être uploadées. Veuillez réessayer.`;

export const ANNEX_FIELDS = Array.from({ length: MAX_ANNEX_IMAGES }, (_, i) => `annexe${i + 1}`);
/** Every image field of the form: the cover, then the annexes. */
export const IMAGE_FIELDS = ["image", ...ANNEX_FIELDS];

/** The rich text of the form: the editor's HTML, or without JavaScript the plain text typed, as paragraphs. */
export function richTextFromForm(get: FormValue, name = "content") {
  return get(name) ?? plainToRichText(get(`${name}__texte`));
}

/**
 * The fields an article or event form shows, as typed: its `texts` by name, its rich text, cover and annexes, each
 * image's text alternative (by field: null for none, "" for decorative) and the scheduling date.
 */
export function articleFormFields<T extends string>(get: FormValue, texts: readonly T[]) {
  return {
    ...(Object.fromEntries(texts.map((name) => [name, get(name) ?? ""])) as Record<T, string>),
    content: richTextFromForm(get),
    image: get("image")?.trim() || null,
    annexes: ANNEX_FIELDS.map((name) => get(name)?.trim() || null),
    alts: Object.fromEntries(IMAGE_FIELDS.map((name) => [name, altFromForm(get, name)])) as Record<
      string,
      string | null
    >,
    [PUBLISH_AT_FIELD]: get(PUBLISH_AT_FIELD) ?? "",
  };
}

type ArticleFields = { image: string | null; annexes: (string | null)[]; alts: Record<string, string | null> };

/**
 * What the form's schema reads of those fields: the button pressed (`intent`), the cover's address ("" for none),
 * the list of annexes and the images' alternatives by address.
 */
export function articleSchemaInput<T extends ArticleFields>({ annexes, alts, ...fields }: T, intent?: string | null) {
  return {
    ...fields,
    intent: intent ?? undefined,
    image: fields.image ?? "",
    imagesannexes: annexes.filter(Boolean),
    imagealts: imageAltsOf([
      [fields.image, alts.image],
      ...annexes.map((url, i) => [url, alts[ANNEX_FIELDS[i]!]] as const),
    ]),
  };
}
