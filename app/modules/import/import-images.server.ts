import { MAX_IMAGE_BYTES, parseMediaUrl } from "~/modules/media/media.schema";
import { MediaError, saveImage } from "~/modules/media/media.server";

const FETCH_TIMEOUT_MS = 30_000;

export interface ImageOutcome {
  /** The address to store (a /media/… one), or null when the image is left out. */
  url: string | null;
  /** Downloaded and stored (in a dry run: to download). */
  fetched?: boolean;
  /** Why it was left out, in French; absent when it was stored or there was nothing to fetch. */
  problem?: string;
}

/** A refusal worded here, shown as it is. */
class DownloadError extends Error {}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  if (!response.ok || !response.body) throw new DownloadError(`le serveur a répondu ${response.status}`);
  const announced = Number(response.headers.get("content-length"));
  if (announced > MAX_IMAGE_BYTES) throw new DownloadError("fichier de plus de 10 Mo");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) throw new DownloadError("fichier de plus de 10 Mo");
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function reason(error: unknown): string {
  if (error instanceof MediaError || error instanceof DownloadError) return error.message;
  if (error instanceof Error && error.name === "TimeoutError") return "pas de réponse en 30 secondes";
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? error.cause.message
      : error instanceof Error
        ? error.message
        : String(error);
  return `serveur injoignable (${cause})`;
}

/**
 * Brings the previous site's images in: each http(s) address is downloaded once per run and stored through the
 * media pipeline (checked by content, converted, metadata removed). An image that cannot be had is left out with
 * its reason; nothing here throws. With `dryRun`, nothing is downloaded: the addresses are only counted.
 */
export class ImageImporter {
  private readonly done = new Map<string, Promise<ImageOutcome>>();
  constructor(readonly dryRun: boolean) {}

  bring(address: string | null): Promise<ImageOutcome> {
    if (!address) return Promise.resolve({ url: null });
    // Already one of ours (an export of this site), kept as it is.
    if (parseMediaUrl(address)) return Promise.resolve({ url: address });
    if (/^(blob|data):/i.test(address))
      return Promise.resolve({
        url: null,
        problem: "adresse propre au navigateur qui l'a envoyée, sans image à récupérer",
      });
    if (!/^https?:\/\/[^\s]+$/i.test(address))
      return Promise.resolve({ url: null, problem: "adresse qui n'est pas http(s)" });
    let outcome = this.done.get(address);
    if (!outcome) {
      outcome = this.dryRun
        ? Promise.resolve({ url: address, fetched: true })
        : download(address)
            .then(async (bytes) => ({ url: (await saveImage({ buffer: bytes })).url, fetched: true }))
            .catch((error: unknown) => ({ url: null, problem: reason(error) }));
      this.done.set(address, outcome);
    }
    return outcome;
  }
}
