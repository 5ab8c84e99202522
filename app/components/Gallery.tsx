import { useId } from "react";
import { Image } from "./Image";
import { photoGrid } from "./image-sizes";

const navLink =
  "inline-flex min-h-11 items-center gap-1 rounded-lg bg-white px-4 py-2 font-semibold text-stone-900 shadow hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** A photo and its description (null: none written, "": decorative). */
export interface GalleryImage {
  src: string;
  alt: string | null;
}

/**
 * The extra photos of an article or an event, in a grid of 1, 2 or 3 columns (product §9), each opening a lightbox with
 * previous, next and close. Without JavaScript the lightbox is the photo's own address (`#photo-…`, shown with
 * `:target`), so links open it, move from photo to photo and close it. The keyboard (Escape, arrows, focus kept in
 * it and given back) comes from app/enhance/enhance.js, a small script every page loads, React or not.
 */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  if (images.length === 0) return null;
  const photoId = (i: number) => `photo-${id}-${((i % images.length) + images.length) % images.length}`;
  const galleryId = `photos-${id}`;
  // In the column of an article or an event (max-w-3xl).
  const grid = photoGrid(images.length, 768);
  return (
    <div className="mt-10" data-gallery={galleryId}>
      <h2 id={galleryId} className="text-xl font-bold text-brand-800">
        Photos
      </h2>
      <ul className={`mt-4 grid gap-4 ${grid.className}`}>
        {images.map(({ src, alt }, i) => (
          <li key={src}>
            <a
              href={`#${photoId(i)}`}
              data-opens={photoId(i)}
              // A decorative photo says nothing: the link still says what it opens.
              aria-label={alt === "" ? `Photo ${i + 1} sur ${images.length} (agrandir)` : undefined}
              className="block overflow-hidden rounded-xl shadow-sm ring-1 ring-stone-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <Image
                src={src}
                alt={alt === "" ? "" : `${alt ?? `${title}, photo ${i + 1} sur ${images.length}`} (agrandir)`}
                sizes={grid.sizes}
                className="aspect-[4/3] w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      {images.map(({ src, alt }, i) => (
        // A <dialog> is only shown by script; this one must open from its address alone, without JavaScript.
        <div
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
          role="dialog"
          key={src}
          id={photoId(i)}
          aria-modal="true"
          aria-label={`Photo ${i + 1} sur ${images.length}`}
          data-lightbox=""
          className="fixed inset-0 z-50 hidden flex-col items-center justify-center gap-3 overflow-auto bg-black/90 p-4 target:flex"
        >
          <figure className="flex min-h-0 flex-col items-center gap-2">
            <Image
              src={src}
              alt={alt ?? `${title}, photo ${i + 1} sur ${images.length}`}
              sizes="(min-width: 1024px) 992px, 100vw"
              className="max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
            />
            <figcaption className="text-white">
              Photo {i + 1} sur {images.length}
            </figcaption>
          </figure>
          <nav aria-label="Photos" className="flex flex-wrap justify-center gap-3">
            {images.length > 1 ? (
              <a href={`#${photoId(i - 1)}`} className={navLink} data-lightbox-previous="">
                <span aria-hidden="true">←</span> Photo précédente
              </a>
            ) : null}
            {images.length > 1 ? (
              <a href={`#${photoId(i + 1)}`} className={navLink} data-lightbox-next="">
                Photo suivante <span aria-hidden="true">→</span>
              </a>
            ) : null}
            <a href={`#${galleryId}`} className={navLink} data-lightbox-close="">
              Fermer <span aria-hidden="true">✕</span>
            </a>
          </nav>
        </div>
      ))}
    </div>
  );
}
