import { preload } from "react-dom";
import {
  IMAGE_VARIANTS,
  mediaUrl,
  parseMediaUrl,
  variantWidth,
  type ImageExtension,
  type MediaRef,
} from "~/modules/media/media.schema";

export interface ImageProps {
  src: string | null | undefined;
  alt: string;
  /** Rendered width of the image for each layout, as in the HTML `sizes` attribute. */
  sizes?: string;
  /** The page's main image: loaded at once with high priority instead of lazily. */
  priority?: boolean;
  className?: string;
  /** Classes of the box around a stored image (`<picture>`): its size when it is a flex item, whatever the image's own size. */
  frameClassName?: string;
  /** Intrinsic size; our stored images carry theirs in the URL, so these are only needed for others. */
  width?: number;
  height?: number;
}

function srcSet(ref: MediaRef, ext: ImageExtension) {
  return IMAGE_VARIANTS.filter((variant) => variant === 1200 || variant < ref.width)
    .map((variant) => `${mediaUrl(ref, variant, ext)} ${variantWidth(ref.width, variant)}w`)
    .join(", ");
}

/**
 * A stored image as `<picture>` (WebP, then JPEG) with srcset, sizes, intrinsic width and height
 * (no layout shift) and lazy loading unless `priority`; any other URL as a plain `<img>`.
 */
export function Image({
  src,
  alt,
  sizes = "100vw",
  priority = false,
  className,
  frameClassName,
  width,
  height,
}: ImageProps) {
  if (!src) return null;
  // Eager and high priority for the page's main image only.
  const shared = {
    className,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : undefined,
    decoding: "async",
  } as const;
  const ref = parseMediaUrl(src);
  // A main image is also announced in <head>, so the browser asks for it before the page's scripts.
  if (priority) {
    preload(ref ? mediaUrl(ref, 1200, "webp") : src, {
      as: "image",
      fetchPriority: "high",
      ...(ref && { imageSrcSet: srcSet(ref, "webp"), imageSizes: sizes, type: "image/webp" }),
    });
  }
  if (!ref) return <img src={src} alt={alt} width={width} height={height} {...shared} />;
  const shownWidth = width ?? ref.width;
  const shownHeight = height ?? Math.round((shownWidth * ref.height) / ref.width);
  return (
    // A block box of its own: with `display: contents` the <source> would take a cell of a parent grid.
    <picture className={`block ${frameClassName ?? ""}`}>
      <source type="image/webp" srcSet={srcSet(ref, "webp")} sizes={sizes} />
      <img
        src={mediaUrl(ref, 1200, "jpg")}
        srcSet={srcSet(ref, "jpg")}
        sizes={sizes}
        alt={alt}
        width={shownWidth}
        height={shownHeight}
        {...shared}
      />
    </picture>
  );
}
