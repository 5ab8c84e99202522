import zlib from "node:zlib";
import sharp from "sharp";

/** A real image of the given size and format, made on the spot (a gradient, so it compresses like a photo would not, but decodes like one). */
export async function makeImage(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" | "gif" | "avif",
  options: { alpha?: boolean } = {},
) {
  const channels = options.alpha ? 4 : 3;
  const background = options.alpha ? { r: 40, g: 120, b: 60, alpha: 0.5 } : { r: 40, g: 120, b: 60 };
  const image = sharp({ create: { width, height, channels, background } });
  switch (format) {
    case "jpeg":
      return image.jpeg().toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp().toBuffer();
    case "gif":
      return image.gif().toBuffer();
    case "avif":
      return image.avif({ effort: 0 }).toBuffer();
  }
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny PNG file whose header announces `width` × `height` pixels: a pixel bomb. Its pixel data
 * is a few bytes, so decoding it would fail differently from a refusal based on the header.
 */
export function pngHeaderOnly(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(16))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
