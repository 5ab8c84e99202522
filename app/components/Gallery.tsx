import { useEffect, useId, useRef } from "react";
import { Image } from "./Image";

const navLink =
  "inline-flex min-h-11 items-center gap-1 rounded-lg bg-white px-4 py-2 font-semibold text-stone-900 shadow hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * The extra photos of an article or an event, in a grid of 1, 2 or 3 columns (SPEC §9), each opening a lightbox with
 * previous, next and close. Without JavaScript the lightbox is the photo's own address (`#photo-…`, shown with
 * `:target`), so links open it, move from photo to photo and close it. With JavaScript, Escape closes it, the
 * arrow keys move between photos, the focus goes to the lightbox and comes back to the photo it was opened from.
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const root = useRef<HTMLDivElement>(null);
  useLightboxKeys(root);
  if (images.length === 0) return null;
  const columns = images.length === 1 ? "" : images.length === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3";
  const photoId = (i: number) => `photo-${id}-${((i % images.length) + images.length) % images.length}`;
  const galleryId = `photos-${id}`;
  return (
    <div ref={root} className="mt-10" data-gallery={galleryId}>
      <h2 id={galleryId} className="text-xl font-bold text-brand-800">
        Photos
      </h2>
      <ul className={`mt-4 grid gap-4 ${columns}`}>
        {images.map((src, i) => (
          <li key={src}>
            <a
              href={`#${photoId(i)}`}
              data-opens={photoId(i)}
              className="block overflow-hidden rounded-xl shadow-sm ring-1 ring-stone-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <Image
                src={src}
                alt={`${title}, photo ${i + 1} sur ${images.length} (agrandir)`}
                sizes={images.length === 1 ? "(min-width: 896px) 864px, 100vw" : "(min-width: 640px) 33vw, 100vw"}
                className="aspect-[4/3] w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      {images.map((src, i) => (
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
            <Image src={src} alt={`${title}, photo ${i + 1} sur ${images.length}`} sizes="(min-width: 1024px) 992px, 100vw" className="max-h-[75vh] w-auto max-w-full rounded-lg object-contain" />
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

/** With JavaScript: Escape and the arrow keys, and where the focus goes when the lightbox opens and closes. */
function useLightboxKeys(root: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const gallery = root.current;
    if (!gallery) return;
    let openedFrom: string | null = null;
    const current = () => {
      const hash = decodeURIComponent(location.hash.slice(1));
      return hash ? gallery.querySelector<HTMLElement>(`[data-lightbox][id="${CSS.escape(hash)}"]`) : null;
    };
    const onHashChange = () => {
      const lightbox = current();
      if (lightbox) {
        lightbox.querySelector<HTMLElement>("[data-lightbox-close]")?.focus({ preventScroll: true });
      } else if (openedFrom) {
        // Back to the photo the lightbox was opened from, not to the top of the gallery.
        gallery.querySelector<HTMLElement>(`[data-opens="${openedFrom}"]`)?.focus({ preventScroll: true });
        openedFrom = null;
      }
    };
    const onClick = (event: MouseEvent) => {
      const opener = (event.target as HTMLElement).closest<HTMLElement>("[data-opens]");
      if (opener) openedFrom = opener.dataset.opens ?? null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const lightbox = current();
      if (!lightbox) return;
      if (event.key === "Tab") {
        // The focus stays in the open lightbox, as in any modal dialog.
        const links = [...lightbox.querySelectorAll<HTMLElement>("a")];
        const index = links.indexOf(document.activeElement as HTMLElement);
        const next = event.shiftKey ? (index <= 0 ? links.length - 1 : index - 1) : index === links.length - 1 ? 0 : index + 1;
        event.preventDefault();
        links[next]?.focus();
        return;
      }
      const link = { Escape: "[data-lightbox-close]", ArrowLeft: "[data-lightbox-previous]", ArrowRight: "[data-lightbox-next]" }[event.key];
      if (!link) return;
      event.preventDefault();
      lightbox.querySelector<HTMLElement>(link)?.click();
    };
    window.addEventListener("hashchange", onHashChange);
    gallery.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("hashchange", onHashChange);
      gallery.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [root]);
}
