/**
 * Text alternatives of the images an administrator adds (covers, annexes, the site's own images), kept by image
 * address beside the item. A description is what `alt` says; "" marks a decorative image (`alt=""`, skipped by
 * screen readers); an image without an entry has no description yet (imports, images from before descriptions).
 */
export type ImageAlts = Record<string, string>;

/** The longest description: a sentence or two, not a caption essay. */
export const IMAGE_ALT_MAX = 250;

/** Next to an image that is neither described nor decorative: publishing is allowed, but the editor says so. */
export const ALT_MISSING_HINT = "Ajoutez une description pour les personnes qui ne voient pas l'image.";

/** What the alternative of `url` is: its description, "" when decorative, null when nobody said. */
export function altOf(alts: ImageAlts | null | undefined, url: string | null | undefined): string | null {
  if (!url || !alts || !Object.hasOwn(alts, url)) return null;
  return alts[url] ?? null;
}

/** The alternatives of the images given, each as [address, alternative]; images without either are left out. */
export function imageAltsOf(pairs: readonly (readonly [string | null | undefined, string | null | undefined])[]) {
  const alts: ImageAlts = {};
  for (const [url, alt] of pairs) if (url && alt !== null && alt !== undefined) alts[url] = alt;
  return alts;
}

/** Whether `url` is an image the public would get without a text alternative. */
export const lacksDescription = (alts: ImageAlts | null | undefined, url: string | null | undefined) =>
  Boolean(url) && altOf(alts, url) === null;
