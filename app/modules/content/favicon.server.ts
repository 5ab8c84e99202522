import fsp from "node:fs/promises";
import path from "node:path";
import { mediaUrl, parseMediaUrl } from "~/modules/media/media.schema";
import { getMediaDir } from "~/modules/media/media.server";
import { loadSharp } from "~/modules/media/sharp.server";

/** The leaf of the header, drawn when the association has not chosen an icon. */
const DEFAULT_ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#264f21"/><path d="M16 25c0-7 2-11 8-14-1 7-3 11-8 14Zm0 0c0-6-2-9-7-11 1 6 3 9 7 11Z" fill="#9fd48f"/></svg>',
);

const cache = new Map<string, Promise<Buffer>>();

async function source(headerIcon: string | null): Promise<Buffer> {
  const ref = parseMediaUrl(headerIcon);
  if (!ref) return DEFAULT_ICON;
  // The 400-px variant of the stored icon: large enough for any icon size.
  return fsp
    .readFile(path.join(getMediaDir(), mediaUrl(ref, 400, "jpg").slice("/media/".length)))
    .catch(() => DEFAULT_ICON);
}

/**
 * The site's icon as a square PNG of `size` pixels, drawn from the header icon (or the default leaf), cropped to a
 * circle as the header shows it. Kept in memory per icon and size.
 */
export function faviconPng(headerIcon: string | null, size: number): Promise<Buffer> {
  const key = `${headerIcon ?? ""}@${size}`;
  let png = cache.get(key);
  if (!png) {
    png = (async () => {
      const sharp = await loadSharp();
      const mask = Buffer.from(
        `<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
      );
      return sharp(await source(headerIcon), { density: 300 })
        .resize(size, size, { fit: "cover" })
        .composite([{ input: mask, blend: "dest-in" }])
        .png()
        .toBuffer();
    })();
    // A failure is not kept: the next request tries again.
    png.catch(() => cache.delete(key));
    cache.set(key, png);
  }
  return png;
}
