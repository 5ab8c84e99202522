import fsp from "node:fs/promises";
import path from "node:path";
import { associationDir } from "~/db/association.server";
import { mediaUrl, parseMediaUrl } from "~/modules/media/media.schema";
import { getMediaDir } from "~/modules/media/media.server";
import { loadSharp } from "~/modules/media/sharp.server";

/** The leaf of the header, drawn when the association has not chosen an icon. */
const DEFAULT_ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#264f21"/><path d="M16 25c0-7 2-11 8-14-1 7-3 11-8 14Zm0 0c0-6-2-9-7-11 1 6 3 9 7 11Z" fill="#9fd48f"/></svg>',
);

const cache = new Map<string, Promise<Buffer>>();

async function source(headerIcon: string | null, ext: "jpg" | "webp" = "jpg"): Promise<Buffer> {
  const ref = parseMediaUrl(headerIcon);
  if (!ref) return DEFAULT_ICON;
  // The 400-px variant of the stored icon: large enough for any icon size.
  return fsp
    .readFile(path.join(getMediaDir(), mediaUrl(ref, 400, ext).slice("/media/".length)))
    .catch(() => DEFAULT_ICON);
}

/**
 * Made once per icon and size, kept in memory; a failure is not kept, so the next request tries again. Keyed by the
 * association's folder too: in host mode two associations' media may have the same name.
 */
function drawn(name: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const key = `${associationDir()}|${name}`;
  let image = cache.get(key);
  if (!image) {
    image = draw();
    image.catch(() => cache.delete(key));
    cache.set(key, image);
  }
  return image;
}

/**
 * The site's icon as a square PNG of `size` pixels, drawn from the header icon (or the default leaf), cropped to a
 * circle as the header shows it. Kept in memory per icon and size.
 */
export function faviconPng(headerIcon: string | null, size: number): Promise<Buffer> {
  return drawn(`${headerIcon ?? ""}@${size}`, async () => {
    const sharp = await loadSharp();
    const mask = Buffer.from(
      `<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
    );
    return (
      sharp(await source(headerIcon), { density: 300 })
        .resize(size, size, { fit: "cover" })
        .composite([{ input: mask, blend: "dest-in" }])
        // A palette of colours (as many as needed, at most 256) rather than true colour: 32 px go out in about 600
        // bytes instead of 1.6 KB, and every page loads the icon.
        .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
        .toBuffer()
    );
  });
}

/** The header shows the icon 40 CSS pixels wide: this size covers screens of up to 3 device pixels per CSS pixel. */
const HEADER_ICON_SIZE = 120;

/**
 * The header icon as every page's header shows it: a square WebP of `HEADER_ICON_SIZE` pixels (the header rounds it),
 * about 1 KB where the stored image's smallest file, as wide as the upload, took several.
 */
export function headerIconWebp(headerIcon: string | null): Promise<Buffer> {
  return drawn(`${headerIcon ?? ""}@header`, async () => {
    const sharp = await loadSharp();
    // From the WebP file, which keeps an icon's transparency.
    return sharp(await source(headerIcon, "webp"), { density: 300 })
      .resize(HEADER_ICON_SIZE, HEADER_ICON_SIZE, { fit: "cover" })
      .webp({ quality: 78 })
      .toBuffer();
  });
}
