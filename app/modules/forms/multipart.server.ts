import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_IMAGE_BYTES, mediaMessages } from "~/modules/media/media.schema";
import { own } from "~/lib/records";
import { cleanText } from "~/lib/text";
import { isMultipart } from "~/server/request-body.server";
import { FORM_READ_MESSAGES, readFormData } from "./form-data.server";

/** A form refused while it was read: 400 malformed, 413 over a limit, with a French message. */
export class FormError extends Error {
  readonly status: number;
  /** The text fields read until then, so the form can show them again. */
  fields: Record<string, string> = {};
  constructor(message: string, status: number) {
    super(message);
    this.name = "FormError";
    this.status = status;
  }
}

export interface UploadedFile {
  /** Name of the form field. */
  field: string;
  /** Name given by the browser: informative only, never trusted. */
  filename: string;
  /** Type given by the browser: informative only, never trusted. */
  mimeType: string;
  /** Temporary file holding the bytes; removed by `cleanup()`. */
  path: string;
  size: number;
  /** Position among the form's file parts (1-based), for "L'image N …" messages. */
  index: number;
}

export interface MultipartForm {
  /** Text fields; a repeated name keeps its last value (every value is in `entries`). */
  fields: Record<string, string>;
  entries: [string, string][];
  /** Non-empty files, in form order; an empty file input (nothing chosen) is left out. */
  files: UploadedFile[];
  file(field: string): UploadedFile | undefined;
  /** Removes the temporary files; call it in a `finally`, or use `await using`. */
  cleanup(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface MultipartOptions {
  /** Per file, default 10 MB (product §9). */
  maxFileSize?: number;
  /** File parts, empty ones included; default 1. */
  maxFiles?: number;
  /** Default 50. */
  maxFields?: number;
  /** Per text field, default 100 KB. */
  maxFieldSize?: number;
  /** Whole body; default enough for `maxFiles` full files plus the fields. */
  maxBodySize?: number;
  /** File fields to keep; parts of other names are discarded unread. Default: every name. */
  fileFields?: readonly string[];
  /** The message of a file over `maxFileSize`, by its position; default the image's (product §5). */
  tooLargeMessage?: (index: number) => string;
}

/**
 * Parses a multipart/form-data request, streaming each file to a private temporary directory: the
 * body is never buffered in memory and every limit is enforced while reading. Throws `FormError`
 * (400 malformed, 413 over a limit) after removing what was written.
 */
export async function parseMultipartForm(request: Request, options: MultipartOptions = {}): Promise<MultipartForm> {
  const maxFileSize = options.maxFileSize ?? MAX_IMAGE_BYTES;
  const maxFiles = options.maxFiles ?? 1;
  const maxFields = options.maxFields ?? 50;
  const maxFieldSize = options.maxFieldSize ?? 100 * 1024;
  const maxBodySize = options.maxBodySize ?? maxFiles * (maxFileSize + 16 * 1024) + maxFields * 1024 + 1024 * 1024;

  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType) || !request.body) {
    throw new FormError(FORM_READ_MESSAGES.invalid, 400);
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBodySize) throw new FormError(FORM_READ_MESSAGES.tooLarge, 413);

  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-upload-"));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const entries: [string, string][] = [];
  const files: UploadedFile[] = [];

  try {
    let failure: FormError | undefined;
    const fail = (error: FormError) => {
      failure ??= error;
    };
    const writes: Promise<void>[] = [];
    let fileCount = 0;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: {
          fileSize: maxFileSize,
          files: maxFiles,
          fields: maxFields,
          fieldSize: maxFieldSize,
          fieldNameSize: 200,
          parts: maxFiles + maxFields,
        },
      });
    } catch {
      throw new FormError(FORM_READ_MESSAGES.invalid, 400);
    }

    parser.on("file", (field, stream, info) => {
      const index = ++fileCount;
      // A body cut short makes each open file stream emit an error: unheard, it would stop the process.
      stream.on("error", () => fail(new FormError(FORM_READ_MESSAGES.invalid, 400)));
      if (failure || (options.fileFields && !options.fileFields.includes(field))) {
        stream.resume();
        return;
      }
      const target = path.join(dir, `upload-${index}`);
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on("limit", () => fail(new FormError((options.tooLargeMessage ?? mediaMessages.tooLarge)(index), 413)));
      writes.push(
        pipeline(stream, fs.createWriteStream(target)).then(
          () => {
            if (stream.truncated || size === 0) return;
            files.push({ field, filename: info.filename ?? "", mimeType: info.mimeType, path: target, size, index });
          },
          () => fail(new FormError(FORM_READ_MESSAGES.invalid, 400)),
        ),
      );
    });
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(new FormError(FORM_READ_MESSAGES.tooLarge, 413));
      else entries.push([cleanText(name), cleanText(value)]);
    });
    parser.on("error", () => fail(new FormError(FORM_READ_MESSAGES.invalid, 400)));
    parser.on("filesLimit", () => fail(new FormError(FORM_READ_MESSAGES.tooManyFiles, 413)));
    parser.on("fieldsLimit", () => fail(new FormError(FORM_READ_MESSAGES.tooLarge, 413)));
    parser.on("partsLimit", () => fail(new FormError(FORM_READ_MESSAGES.tooLarge, 413)));
    const parsed = new Promise<void>((resolve) => parser.once("close", resolve));

    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > maxBodySize) callback(new FormError(FORM_READ_MESSAGES.tooLarge, 413));
        else callback(null, chunk);
      },
    });
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    try {
      await pipeline(body, counter, parser);
      await parsed;
    } catch (error) {
      // A part or a body over its limit says most: it usually makes the rest of the body unreadable too.
      const thrown = error instanceof FormError ? error : new FormError(FORM_READ_MESSAGES.invalid, 400);
      throw [failure, thrown].find((refusal) => refusal?.status === 413) ?? failure ?? thrown;
    } finally {
      await Promise.all(writes);
    }
    if (failure) throw failure;
  } catch (error) {
    await cleanup();
    if (error instanceof FormError) error.fields = Object.fromEntries(entries);
    throw error;
  }

  files.sort((a, b) => a.index - b.index);
  return {
    fields: Object.fromEntries(entries),
    entries,
    files,
    file: (field) => files.find((f) => f.field === field),
    cleanup,
    [Symbol.asyncDispose]: cleanup,
  };
}

/** A posted form, multipart or not, read the same way: text values, and files when it was multipart. */
export interface SubmittedForm {
  get(name: string): string | undefined;
  getAll(name: string): string[];
  file(name: string): UploadedFile | undefined;
  cleanup(): Promise<void>;
}

/**
 * Reads a form that may carry files: multipart bodies go through `parseMultipartForm` (streamed, limited),
 * others through `readFormData` (the 1 MB body limit applies to them).
 */
export async function readSubmittedForm(request: Request, options: MultipartOptions = {}): Promise<SubmittedForm> {
  if (isMultipart(request)) {
    const form = await parseMultipartForm(request, options);
    return {
      get: (name) => own(form.fields, name),
      getAll: (name) => form.entries.filter(([key]) => key === name).map(([, value]) => value),
      file: (name) => form.file(name),
      cleanup: form.cleanup,
    };
  }
  const form = await readFormData(request);
  const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : undefined);
  return {
    get: (name) => text(form.get(name)),
    getAll: (name) => form.getAll(name).flatMap((value) => text(value) ?? []),
    file: () => undefined,
    cleanup: async () => {},
  };
}
