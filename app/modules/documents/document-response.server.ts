import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_FILE_PATTERN,
  documentFileName,
  publicDocumentPath,
  type DocumentFormat,
} from "./documents.schema";
import { readDocumentFile } from "./document-files.server";
import { currentDocument, isVersionOf } from "./documents.server";

/**
 * How a document's file is answered: `version` (its hash's address, which never changes content: kept for good),
 * `current` (the lasting address of a public document: checked again at each use), `private` (a member's or an
 * administrator's: never kept by a shared cache).
 */
type Caching = "version" | "current" | "private";

const CACHE_CONTROL: Record<Caching, string> = {
  version: "public, max-age=31536000, immutable",
  current: "public, no-cache",
  private: "private, no-cache",
};

/** A download's policy, should a browser open it anyway: sandboxed, nothing loaded, framed by nobody. */
const DOWNLOAD_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

/** The disposition with the name as plain ASCII for old clients and in full as UTF-8 (RFC 6266). */
export function contentDisposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function documentNotFound() {
  return new Response("Document introuvable.", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/**
 * A version's file as an answer: its type from what the server checked at upload (never from a name), `nosniff`,
 * its title as the file name, and an ETag (its hash) that lets a browser revalidate with a 304. A private file (a
 * members' document, an entry's proof) is downloaded, never opened under the site's address, and sandboxed should a
 * browser open it there anyway: what an uploader put in a PDF never runs as the site.
 */
export async function documentFileResponse(
  request: Request,
  doc: { title: string },
  version: { hash: string; format: DocumentFormat },
  { caching }: { caching: Caching },
): Promise<Response> {
  const etag = `"${version.hash}"`;
  const disposition = caching === "private" ? "attachment" : "inline";
  const headers = {
    "Content-Type": DOCUMENT_CONTENT_TYPES[version.format],
    "Content-Disposition": contentDisposition(disposition, documentFileName(doc.title, version.format)),
    "X-Content-Type-Options": "nosniff",
    // A public document opened in the browser keeps the site's policy: Chromium's PDF viewer does not run sandboxed.
    ...(disposition === "attachment" ? { "Content-Security-Policy": DOWNLOAD_POLICY } : {}),
    "Cache-Control": CACHE_CONTROL[caching],
    ETag: etag,
  };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  const data = await readDocumentFile(version);
  if (!data) return documentNotFound();
  return new Response(new Uint8Array(data), { headers: { ...headers, "Content-Length": String(data.length) } });
}

/** GET /documents/:id/:file: a public document's current version; a members-only or unknown one is not found. */
export async function servePublicDocument(request: Request, id: number | null): Promise<Response> {
  const doc = id === null ? null : await currentDocument(id);
  if (!doc || doc.visibility !== "public") return documentNotFound();
  return documentFileResponse(request, doc, doc, { caching: "current" });
}

/**
 * GET /documents/:id/version/:file: the current version of a public document by its hash, cached for good. An
 * earlier version's address leads to the document's lasting address (the current version): only the current one is
 * public.
 */
export async function servePublicVersion(request: Request, id: number | null, file: string): Promise<Response> {
  const match = DOCUMENT_FILE_PATTERN.exec(file);
  const doc = id === null || !match ? null : await currentDocument(id);
  if (!doc || !match || doc.visibility !== "public") return documentNotFound();
  if (doc.hash === match[1])
    return match[2] === DOCUMENT_EXTENSIONS[doc.format]
      ? documentFileResponse(request, doc, doc, { caching: "version" })
      : documentNotFound();
  if (await isVersionOf(doc.id, match[1]!))
    return new Response(null, {
      status: 302,
      headers: { Location: publicDocumentPath(doc), "Cache-Control": "no-cache" },
    });
  return documentNotFound();
}

/**
 * A document's current version, public or members-only, for a request already authorised to read it (a member's
 * personal link): private to that reader, never kept by a shared cache. Not found when the document is gone.
 */
export async function serveDocumentToMember(request: Request, id: number): Promise<Response> {
  const doc = await currentDocument(id);
  if (!doc) return documentNotFound();
  return documentFileResponse(request, doc, doc, { caching: "private" });
}
