import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { associationDir } from "~/db/association.server";
import { getDb } from "~/db/client.server";
import { documentVersions } from "~/modules/documents/documents.tables";
import { outbox } from "~/modules/mail/mail.tables";
import { treasuryEntries, treasuryReceipts } from "~/modules/treasury/treasury.tables";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import type { Job } from "~/server/jobs.server";
import { mediaFileName, mediaMessages } from "~/modules/media/media.schema";
import { MediaError, processImage } from "~/modules/media/media.server";
import { DOCUMENT_EXTENSIONS, DOCUMENT_FILE_PATTERN, documentMessages, type DocumentFormat } from "./documents.schema";

/** A file refused for a reason the sender can fix; `message` is the French text to show. */
export class DocumentFileError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "DocumentFileError";
    this.status = status;
  }
}

/** A file checked and ready to store: its bytes as kept, what they are and their name on disk. */
export interface CheckedFile {
  data: Buffer;
  hash: string;
  format: DocumentFormat;
  /** A PDF's page count; null for an image. */
  pages: number | null;
}

let dirOverride: string | undefined;

/** Points the module at another directory (tests, tools); `undefined` restores `DATA_DIR/documents`. */
export function setDocumentsDir(dir: string | undefined) {
  dirOverride = dir;
}

export function getDocumentsDir() {
  return dirOverride ?? path.join(associationDir(), "documents");
}

export const documentFileOnDisk = (version: { hash: string; format: DocumentFormat }) =>
  path.join(getDocumentsDir(), `${version.hash}.${DOCUMENT_EXTENSIONS[version.format]}`);

const hashOf = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex").slice(0, 32);

/** Where a PDF's end of file may stand: writers leave a line break, some a few bytes of padding. */
const EOF_WINDOW = 1024;

function looksLikePdf(data: Buffer) {
  return data.subarray(0, 5).toString("latin1") === "%PDF-";
}

/** Only one PDF is parsed at a time: a burst of uploads cannot take the memory of several. */
let parsing: Promise<unknown> = Promise.resolve();

/**
 * A PDF checked three ways: its header, its end-of-file marker (a file cut short in the upload has none), and parsed
 * by PDF.js (unpdf's server build), which must find its pages. Password-protected files are refused: no member could
 * open them.
 */
async function checkPdf(data: Buffer): Promise<number> {
  if (!data.subarray(-EOF_WINDOW).toString("latin1").includes("%%EOF"))
    throw new DocumentFileError(documentMessages.pdfDamaged, 422);
  const parse = async () => {
    const { getDocumentProxy } = await import("unpdf");
    // PDF.js may take the buffer over: it gets a copy.
    const pdf = await getDocumentProxy(new Uint8Array(data), {
      verbosity: 0,
      stopAtErrors: true,
    });
    try {
      return pdf.numPages;
    } finally {
      await pdf.loadingTask.destroy();
    }
  };
  const run = parsing.then(parse, parse);
  parsing = run.catch(() => {});
  let pages: number;
  try {
    pages = await run;
  } catch (error) {
    if ((error as Error)?.name === "PasswordException") throw new DocumentFileError(documentMessages.pdfProtected, 422);
    throw new DocumentFileError(documentMessages.pdfDamaged, 422);
  }
  if (!Number.isInteger(pages) || pages < 1) throw new DocumentFileError(documentMessages.pdfDamaged, 422);
  return pages;
}

/**
 * An image goes through the site's image pipeline (decoded, turned upright, every metadata removed, at most
 * 1200 px): the document keeps its JPEG. Anything the pipeline does not recognise is neither a PDF nor an image.
 */
async function checkImage(data: Buffer): Promise<Buffer> {
  try {
    const image = await processImage({ buffer: data });
    const name = mediaFileName(image, 1200, "jpg");
    return image.files.find((file) => file.name === name)!.data;
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    const notAnImage = error.message === mediaMessages.unsupported || error.message === mediaMessages.svg;
    throw new DocumentFileError(notAnImage ? documentMessages.notAccepted : error.message, error.status);
  }
}

/**
 * Reads an uploaded file by its content, never its name or the type the browser gave: a PDF (checked, kept as sent)
 * or an image (through the image pipeline); anything else, or more than 10 MB, is refused with a French message.
 */
export async function checkDocumentFile(input: { path: string } | { buffer: Buffer }): Promise<CheckedFile> {
  const size = "buffer" in input ? input.buffer.length : (await fsp.stat(input.path)).size;
  if (size > MAX_DOCUMENT_BYTES) throw new DocumentFileError(documentMessages.tooLarge, 413);
  if (size === 0) throw new DocumentFileError(documentMessages.noFile, 400);
  const data = "buffer" in input ? input.buffer : await fsp.readFile(input.path);
  if (looksLikePdf(data)) {
    const pages = await checkPdf(data);
    return { data, hash: hashOf(data), format: "pdf", pages };
  }
  const jpeg = await checkImage(data);
  return { data: jpeg, hash: hashOf(jpeg), format: "jpeg", pages: null };
}

/** A PDF the server made itself (the demo's): nothing to check, only to name. */
export const madePdf = (data: Buffer, pages: number): CheckedFile => ({
  data,
  hash: hashOf(data),
  format: "pdf",
  pages,
});

/**
 * Writes the file under its hash, beside its final name then renamed, so a reader never sees half a file. Written
 * again when it exists: its date then says it was just used, which keeps it from the cleanup's hands.
 */
export async function storeDocumentFile(file: CheckedFile) {
  const dir = getDocumentsDir();
  await fsp.mkdir(dir, { recursive: true });
  const target = documentFileOnDisk(file);
  const temp = path.join(dir, `.tmp-${crypto.randomBytes(6).toString("hex")}-${path.basename(target)}`);
  await fsp.writeFile(temp, file.data, { mode: 0o640 });
  await fsp.rename(temp, target);
}

/** A stored version's bytes, or null when the file is missing. */
export async function readDocumentFile(version: { hash: string; format: DocumentFormat }): Promise<Buffer | null> {
  try {
    return await fsp.readFile(documentFileOnDisk(version));
  } catch {
    return null;
  }
}

/**
 * A file is written before its version's row, so a file without a row may be an upload under way: only those older
 * than this go.
 */
export const DOCUMENT_FILES_GRACE_MS = 60 * 60 * 1000;

/**
 * Which of `hashes` something still refers to: a document's version, a treasury entry's proof, a receipt, a message
 * waiting to be sent with it.
 */
async function hashesInUse(hashes: string[]) {
  const db = getDb();
  const lists = await Promise.all([
    db.select({ hash: documentVersions.hash }).from(documentVersions).where(inArray(documentVersions.hash, hashes)),
    db
      .select({ hash: treasuryEntries.attachmentHash })
      .from(treasuryEntries)
      .where(inArray(treasuryEntries.attachmentHash, hashes)),
    db.select({ hash: treasuryReceipts.hash }).from(treasuryReceipts).where(inArray(treasuryReceipts.hash, hashes)),
    db.select({ hash: outbox.attachmentHash }).from(outbox).where(inArray(outbox.attachmentHash, hashes)),
  ]);
  return lists.flat().flatMap((row) => row.hash ?? []);
}

/**
 * Removes the stored files no version refers to any more (a deleted document, the demo's once removed, an upload whose
 * save failed), once older than `graceMs`; `hashes` limits the look to these files (after a deletion).
 */
export async function removeUnusedDocumentFiles(
  options: { hashes?: string[]; graceMs?: number; now?: Date } = {},
): Promise<number> {
  const dir = getDocumentsDir();
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? DOCUMENT_FILES_GRACE_MS);
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return 0;
  }
  const candidates = names.filter((name) => {
    const match = DOCUMENT_FILE_PATTERN.exec(name);
    if (match) return !options.hashes || options.hashes.includes(match[1]!);
    return !options.hashes && name.startsWith(".tmp-");
  });
  if (candidates.length === 0) return 0;
  const hashes = candidates.flatMap((name) => DOCUMENT_FILE_PATTERN.exec(name)?.[1] ?? []);
  const used = new Set(hashes.length === 0 ? [] : await hashesInUse(hashes));
  let removed = 0;
  for (const name of candidates) {
    const hash = DOCUMENT_FILE_PATTERN.exec(name)?.[1];
    if (hash && used.has(hash)) continue;
    const file = path.join(dir, name);
    try {
      if ((await fsp.stat(file)).mtimeMs >= cutoff) continue;
      await fsp.rm(file, { force: true });
      removed++;
    } catch {
      // Gone meanwhile.
    }
  }
  return removed;
}

/** The cleanup, once a day in the server (first run after a quarter of an hour). */
export const documentFilesCleanupJob: Job<number> = {
  name: "nettoyage des fichiers de documents",
  everyMs: 24 * 60 * 60 * 1000,
  firstAfterMs: 15 * 60_000,
  once: true,
  report: (removed) => (removed > 0 ? { files: removed } : undefined),
  run: () => removeUnusedDocumentFiles(),
};
