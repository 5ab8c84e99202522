import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Metadata, OutputInfo, Sharp } from "sharp";
import { eq, sql } from "drizzle-orm";
import { associationDir } from "~/db/association.server";
import { getDb } from "~/db/client.server";
import { media } from "~/modules/media/media.tables";
import { loadSharp } from "./sharp.server";
import {
  HASH_LENGTH,
  IMAGE_VARIANTS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MEDIA_FILE_PATTERN,
  mediaFileName,
  mediaMessages,
  mediaUrl,
  type ImageExtension,
  type ImageVariant,
  type MediaRef,
} from "./media.schema";

/** An upload refused for a reason the visitor can fix; `message` is the French text to show. */
export class MediaError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "MediaError";
    this.status = status;
  }
}

export interface StoredImage {
  hash: string;
  /** Public URL of the 1200-px JPEG; the other variants are derived from it by <Image>. */
  url: string;
  /** Upright size of the largest variant. */
  width: number;
  height: number;
  /** Total size on disk of the stored variants. */
  bytes: number;
}

export type ImageInput = { path: string } | { buffer: Buffer };

export interface SaveImageOptions {
  /** Position of the image in its form (1-based), used in the spec's "L'image N …" message. */
  index?: number;
}

let mediaDirOverride: string | undefined;

/** Points the module at another directory (tests, tools); `undefined` restores `DATA_DIR/media`. */
export function setMediaDir(dir: string | undefined) {
  mediaDirOverride = dir;
}

export function getMediaDir() {
  return mediaDirOverride ?? path.join(associationDir(), "media");
}

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);
const EXTENSIONS: ImageExtension[] = ["jpg", "webp"];

/** At most this many images are decoded at once, so a burst of uploads cannot exhaust memory. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function readInput(input: ImageInput, options: SaveImageOptions): Promise<Buffer> {
  const tooLarge = () => new MediaError(mediaMessages.tooLarge(options.index), 413);
  if ("buffer" in input) {
    if (input.buffer.length > MAX_IMAGE_BYTES) throw tooLarge();
    return input.buffer;
  }
  const stat = await fsp.stat(input.path);
  if (stat.size > MAX_IMAGE_BYTES) throw tooLarge();
  return fsp.readFile(input.path);
}

/** Text formats (SVG, HTML, XML) are refused before any decoder looks at them. */
function looksLikeMarkup(buffer: Buffer) {
  const head = buffer
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<");
}

async function inspect(buffer: Buffer) {
  if (looksLikeMarkup(buffer)) {
    const isSvg = /<svg[\s>]/i.test(buffer.subarray(0, 4096).toString("utf8"));
    throw new MediaError(isSvg ? mediaMessages.svg : mediaMessages.unsupported, 415);
  }
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reads the header only: the pixel count is known before anything is decoded.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(mediaMessages.unsupported, 415);
  }
  if (metadata.format === "svg") throw new MediaError(mediaMessages.svg, 415);
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new MediaError(mediaMessages.unsupported, 415);
  const pageHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !pageHeight || metadata.width * pageHeight > MAX_IMAGE_PIXELS) {
    throw new MediaError(mediaMessages.tooManyPixels, 422);
  }
  return metadata;
}

/** One variant's file: JPEG on white, or WebP with its transparency. */
function encode(image: Sharp, ext: ImageExtension): Promise<Buffer> {
  return ext === "jpg"
    ? image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, progressive: true, optimiseCoding: true }).toBuffer()
    : image.webp({ quality: 78, effort: 4 }).toBuffer();
}

/** Decodes once (upright, ≤ 1200 px, sRGB, 8 bits), then encodes every variant from those pixels. */
async function render(buffer: Buffer, metadata: Metadata, hash: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", autoOrient: true })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    const heic = metadata.format === "heif" && metadata.compression === "hevc";
    throw new MediaError(heic ? mediaMessages.heicUnreadable : mediaMessages.corrupt, 422);
  }
  const { width, height, channels } = pixels.info;
  const raw = { width, height, channels: channels as 1 | 2 | 3 | 4 };
  const ref = { hash, width, height };
  const files = await Promise.all(
    IMAGE_VARIANTS.flatMap((variant) =>
      EXTENSIONS.map(async (ext) => {
        let image = sharp(pixels.data, { raw });
        if (variant < width) image = image.resize({ width: variant });
        return { name: mediaFileName(ref, variant, ext), data: await encode(image, ext) };
      }),
    ),
  );
  return { hash, width, height, files };
}

async function filesExist(ref: MediaRef) {
  const dir = getMediaDir();
  try {
    await Promise.all(
      IMAGE_VARIANTS.flatMap((v) => EXTENSIONS.map((ext) => fsp.access(path.join(dir, mediaFileName(ref, v, ext))))),
    );
    return true;
  } catch {
    return false;
  }
}

/** Writes beside the target then renames, so a reader never sees half a file. */
async function writeAtomically(dir: string, name: string, data: Buffer) {
  const temp = path.join(dir, `.tmp-${crypto.randomBytes(6).toString("hex")}-${name}`);
  await fsp.writeFile(temp, data);
  await fsp.rename(temp, path.join(dir, name));
}

function toStored(row: { hash: string; width: number; height: number; bytes: number }): StoredImage {
  return { hash: row.hash, url: mediaUrl(row), width: row.width, height: row.height, bytes: row.bytes };
}

function hashOf(buffer: Buffer) {
  return crypto.createHash("sha256").update(buffer).digest("hex").slice(0, HASH_LENGTH);
}

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  /** Every variant, named as stored. */
  files: { name: string; data: Buffer }[];
}

async function processBuffer(buffer: Buffer, hash: string): Promise<ProcessedImage> {
  const metadata = await inspect(buffer);
  return withSlot(() => render(buffer, metadata, hash));
}

/**
 * Checks and converts an image without storing it (no file, no row): what `saveImage` does before
 * writing. Throws `MediaError` for a refused file.
 */
export async function processImage(input: ImageInput, options: SaveImageOptions = {}): Promise<ProcessedImage> {
  const buffer = await readInput(input, options);
  return processBuffer(buffer, hashOf(buffer));
}

/**
 * Checks, normalises and stores an uploaded image: recognised by its content (JPEG, PNG, WebP, GIF,
 * AVIF, HEIC where decodable), ≤ 10 MB, ≤ 40 megapixels, auto-oriented, every metadata stripped,
 * longest side ≤ 1200 px, JPEG and WebP at each of `IMAGE_VARIANTS`. The same bytes uploaded twice give the
 * same files and one `media` row. Throws `MediaError` for a refused file.
 */
export async function saveImage(input: ImageInput, options: SaveImageOptions = {}): Promise<StoredImage> {
  const buffer = await readInput(input, options);
  const hash = hashOf(buffer);
  const db = getDb();

  const [existing] = await db.select().from(media).where(eq(media.hash, hash));
  if (existing && (await filesExist(existing))) {
    // A reuse restarts the grace period of the cleanup, so a file about to be referenced stays.
    const [touched] = await db
      .update(media)
      .set({ createdAt: sql`now()` })
      .where(eq(media.hash, hash))
      .returning();
    if (touched) return toStored(touched);
  }

  const image = await processBuffer(buffer, hash);
  const dir = getMediaDir();
  await fsp.mkdir(dir, { recursive: true });
  await Promise.all(image.files.map((file) => writeAtomically(dir, file.name, file.data)));
  const bytes = image.files.reduce((sum, file) => sum + file.data.length, 0);
  const values = { hash, width: image.width, height: image.height, bytes };
  const [row] = await db
    .insert(media)
    .values(values)
    .onConflictDoUpdate({ target: media.hash, set: { createdAt: sql`now()` } })
    .returning();
  return toStored(row ?? values);
}

const making = new Map<string, Promise<Buffer | null>>();

/**
 * A variant of an image stored before its width was added to `IMAGE_VARIANTS`, made from the image's largest variant
 * of the same format and stored; null when that one is missing too (no such image).
 */
function makeMissingVariant(name: string, ref: MediaRef, variant: ImageVariant, ext: ImageExtension) {
  const dir = getMediaDir();
  const key = path.join(dir, name);
  let made = making.get(key);
  if (!made) {
    made = (async () => {
      let source: Buffer;
      try {
        source = await fsp.readFile(path.join(dir, mediaFileName(ref, 1200, ext)));
      } catch {
        return null;
      }
      // No narrower than the image itself: the largest variant's bytes, as an upload would have made them.
      const data =
        variant < ref.width
          ? await withSlot(async () => {
              const sharp = await loadSharp();
              return encode(sharp(source, { failOn: "error" }).resize({ width: variant }), ext);
            })
          : source;
      await writeAtomically(dir, name, data);
      return data;
    })().finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

/**
 * The bytes of a stored file named as `MEDIA_FILE_PATTERN` says, or null if there is none. A variant added since the
 * image was stored is made on its first request (see `makeMissingVariant`).
 */
export async function readMediaFile(name: string): Promise<Buffer | null> {
  const match = MEDIA_FILE_PATTERN.exec(name);
  if (!match) return null;
  try {
    return await fsp.readFile(path.join(getMediaDir(), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const variant = Number(match[4]) as ImageVariant;
  if (variant === 1200) return null;
  const ref = { hash: match[1]!, width: Number(match[2]), height: Number(match[3]) };
  return makeMissingVariant(name, ref, variant, match[5] as ImageExtension);
}
