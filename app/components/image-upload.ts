/**
 * Browser helpers of <ImageField>: compression before sending and the upload call. Loaded only by
 * the forms that take images.
 */

import { COMPRESSION_THRESHOLD_BYTES, IMAGE_JPEG_QUALITY, UPLOAD_RETRY_DELAY_MS } from "~/lib/constants";
import { MAX_IMAGE_SIDE } from "~/modules/media/media.schema";
import { MEDIA_UPLOAD_PATH } from "~/modules/auth/background-paths";

async function toJpegBlob(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const offscreen = typeof OffscreenCanvas !== "undefined";
  const canvas = offscreen
    ? new OffscreenCanvas(width, height)
    : Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  // JPEG has no transparency: a white background rather than black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  if (canvas instanceof HTMLCanvasElement) {
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", IMAGE_JPEG_QUALITY));
  }
  return canvas.convertToBlob({ type: "image/jpeg", quality: IMAGE_JPEG_QUALITY });
}

/**
 * product §9: a photo of 0.5 MB or more is shrunk before it is sent (longest side 1200 px, JPEG 0.7).
 * Any failure (a format the browser cannot decode, no canvas) gives back the original file, as the
 * spec asks.
 */
export async function compressImage(file: File): Promise<File> {
  if (file.size < COMPRESSION_THRESHOLD_BYTES || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await toJpegBlob(bitmap, width, height);
    bitmap.close();
    if (!blob || blob.size >= file.size) return file;
    const name = `${file.name.replace(/\.[^.]*$/, "") || "image"}.jpg`;
    return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  }
}

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** A refused or failed upload; `message` is the server's French message when it gave one. */
export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postOnce(file: File, endpoint: string, fallbackMessage: string): Promise<UploadedImage> {
  const body = new FormData();
  body.append("file", file);
  let response: Response;
  try {
    response = await fetch(endpoint, { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new UploadError(fallbackMessage, 0);
  }
  const payload = (await response.json().catch(() => null)) as {
    secure_url?: string;
    url?: string;
    width?: number;
    height?: number;
    error?: string;
  } | null;
  const url = payload?.secure_url ?? payload?.url;
  if (!response.ok || !url) throw new UploadError(payload?.error ?? fallbackMessage, response.status);
  return { url, width: payload?.width ?? 0, height: payload?.height ?? 0 };
}

/**
 * Sends one image to the admin upload endpoint. With `retry`, a network failure or server error is
 * tried once more after 500 ms (product §7, annex images); a refused file (4xx) is not.
 */
export async function uploadImage(
  file: File,
  options: { endpoint?: string; retry?: boolean; fallbackMessage: string },
): Promise<UploadedImage> {
  const endpoint = options.endpoint ?? MEDIA_UPLOAD_PATH;
  try {
    return await postOnce(file, endpoint, options.fallbackMessage);
  } catch (error) {
    const status = error instanceof UploadError ? error.status : 0;
    if (!options.retry || (status >= 400 && status < 500)) throw error;
    await wait(UPLOAD_RETRY_DELAY_MS);
    return postOnce(file, endpoint, options.fallbackMessage);
  }
}
