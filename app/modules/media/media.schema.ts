/**
 * Stored media naming and upload limits, safe for the browser.
 *
 * Every stored image is a set of eight files named after the SHA-256 of the uploaded bytes and the
 * upright size of its largest variant:
 *   /media/<hash>-<width>x<height>-<variant>.<ext>   variant ∈ 400 | 680 | 800 | 1200, ext ∈ jpg | webp
 * (images stored before the 680 variant existed get it on their first request for it, see `readMediaFile`).
 * The size in the name lets <Image> give the browser width and height (no layout shift) from a
 * URL alone, which is all the content tables store.
 */

/** product §9: 10 MB per image. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Larger images are refused from their header, before any pixel is decoded (pixel bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** product §9: longest side of the stored image. */
export const MAX_IMAGE_SIDE = 1200;
/**
 * Widths offered to the browser through srcset, largest last. The browser takes the narrowest at least as wide as the
 * image's device pixels: 680 is for a phone's page-wide image at 1.75 device pixels per CSS pixel (Lighthouse's phone,
 * 412 px less the page's margins: 665 pixels) or at 2 on a 360-px screen (656), where 800 was sent.
 */
export const IMAGE_VARIANTS = [400, 680, 800, 1200] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
export type ImageExtension = "jpg" | "webp";

export const HASH_LENGTH = 32;

/** Strict: nothing but our own file names ever reaches the file system. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{32})-([1-9][0-9]{0,3})x([1-9][0-9]{0,3})-(400|680|800|1200)\.(jpg|webp)$/;
const MEDIA_URL_PATTERN =
  /^\/media\/([0-9a-f]{32})-([1-9][0-9]{0,3})x([1-9][0-9]{0,3})-(?:400|680|800|1200)\.(?:jpg|webp)$/;

export interface MediaRef {
  hash: string;
  /** Size of the largest (1200) variant, upright. */
  width: number;
  height: number;
}

export function mediaFileName(ref: MediaRef, variant: ImageVariant, ext: ImageExtension) {
  return `${ref.hash}-${ref.width}x${ref.height}-${variant}.${ext}`;
}

export function mediaUrl(ref: MediaRef, variant: ImageVariant = 1200, ext: ImageExtension = "jpg") {
  return `/media/${mediaFileName(ref, variant, ext)}`;
}

/** Recognises a URL of one of our stored images (any variant); null for anything else. */
export function parseMediaUrl(url: string | null | undefined): MediaRef | null {
  if (!url) return null;
  const match = MEDIA_URL_PATTERN.exec(url);
  if (!match) return null;
  return { hash: match[1]!, width: Number(match[2]), height: Number(match[3]) };
}

/** Width of a variant of an image whose largest variant is `width` wide (never enlarged). */
export function variantWidth(width: number, variant: ImageVariant) {
  return Math.min(width, variant);
}

/** French messages shared by the server (authority) and the browser (instant feedback). */
export const mediaMessages = {
  tooLarge: (index?: number) =>
    `L'image${index ? ` ${index}` : ""} est trop volumineuse (max 10MB). Veuillez la compresser.`,
  tooManyPixels: "L'image est trop grande (40 mégapixels maximum). Veuillez la réduire.",
  unsupported: "Ce fichier n'est pas une image acceptée. Formats acceptés : JPEG, PNG, WebP, GIF, AVIF et HEIC.",
  svg: "Les images SVG ne sont pas acceptées. Formats acceptés : JPEG, PNG, WebP, GIF, AVIF et HEIC.",
  corrupt: "L'image est endommagée et ne peut pas être lue.",
  heicUnreadable: "Cette photo HEIC ne peut pas être lue. Enregistrez-la en JPEG puis réessayez.",
  noFile: "Aucun fichier reçu.",
  /** product §8: an upload that failed for another reason. */
  uploadFailed: "Erreur de téléchargement image",
} as const;
