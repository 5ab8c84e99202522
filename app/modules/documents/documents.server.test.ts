import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MAX_DOCUMENT_BYTES } from "~/lib/constants";
import { describeEachDatabase } from "../../../tests/db";
import { insertDocument, samplePdf, usePrivateDocumentsDir } from "../../../tests/documents";
import { makeImage } from "../../../tests/fakes/images";
import { usePrivateMediaDir } from "../../../tests/media";
import { checkDocumentFile, DocumentFileError, removeUnusedDocumentFiles } from "./document-files.server";
import { serveDocumentToMember, servePublicDocument, servePublicVersion } from "./document-response.server";
import { documentMessages, documentVersionPath, publicDocumentPath } from "./documents.schema";
import {
  addVersion,
  deleteDocument,
  listDocuments,
  listPublicDocuments,
  rulesInForce,
  updateDocument,
} from "./documents.server";

const dir = usePrivateDocumentsDir();
usePrivateMediaDir();

const get = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${url}`, { headers });

/** How a file is refused: its message and status (a file accepted is a failure of the test). */
async function refusal(input: Buffer) {
  const error = await checkDocumentFile({ buffer: input }).then(
    () => new Error("le fichier a été accepté"),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DocumentFileError)) throw error;
  return { message: error.message, status: error.status };
}

it("keeps a PDF as it was sent, named by its hash, with its page count", async () => {
  const pdf = samplePdf(
    "Règlement intérieur",
    ...Array.from({ length: 90 }, () => "Chaque jardinier entretient sa parcelle."),
  );
  const file = await checkDocumentFile({ buffer: pdf });
  expect(file.format).toBe("pdf");
  expect(file.pages).toBeGreaterThan(1);
  expect(file.data.equals(pdf)).toBe(true);
  expect(file.hash).toMatch(/^[0-9a-f]{32}$/);
});

it("takes an image through the image pipeline: upright, at most 1200 px, stored as JPEG without its metadata", async () => {
  const png = await sharp(await makeImage(2400, 1600, "png"))
    .withMetadata({ exif: { IFD0: { Artist: "Camille Roux", Copyright: "secret" } } })
    .png()
    .toBuffer();
  const file = await checkDocumentFile({ buffer: png });
  expect(file).toMatchObject({ format: "jpeg", pages: null });
  const meta = await sharp(file.data).metadata();
  expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
  expect(meta.exif).toBeUndefined();
});

it("refuses by content what is neither a PDF nor an image, whatever its name, with a French message", async () => {
  // A Windows program renamed « statuts.pdf », a web page, a text: read by their bytes.
  const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(2000, 7)]);
  expect(await refusal(exe)).toEqual({ message: documentMessages.notAccepted, status: 415 });
  const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
  expect(await refusal(html)).toEqual({ message: documentMessages.notAccepted, status: 415 });
  expect(await refusal(Buffer.from("Statuts de l'association\nArticle 1"))).toEqual({
    message: documentMessages.notAccepted,
    status: 415,
  });
});

it("refuses a PDF cut short, or one that only starts like a PDF", async () => {
  const pdf = samplePdf();
  expect(await refusal(pdf.subarray(0, pdf.length - 200))).toEqual({
    message: documentMessages.pdfDamaged,
    status: 422,
  });
  const fake = Buffer.from(`%PDF-1.7\n${"<html>".repeat(50)}\n%%EOF\n`);
  expect(await refusal(fake)).toEqual({ message: documentMessages.pdfDamaged, status: 422 });
});

it("refuses a file over 10 MB before reading it", async () => {
  const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
  expect(await refusal(big)).toEqual({
    message:
      "Le fichier est trop volumineux (10 Mo au maximum). Enregistrez-le en PDF plus léger, ou scannez-le en moins haute résolution.",
    status: 413,
  });
});

describeEachDatabase("documents", () => {
  it("stores the file under DATA_DIR/documents by its hash and lists the document", async () => {
    const doc = await insertDocument();
    const version = doc.versions[0]!;
    expect(await fsp.readdir(dir())).toEqual([`${version.hash}.pdf`]);
    expect(await listDocuments()).toMatchObject([
      { id: doc.id, title: "Statuts de l'association", versions: [{ date: "2024-03-16", addedBy: "marie" }] },
    ]);
  });

  it("keeps the earlier versions when a document is replaced; the newest is current", async () => {
    const doc = await insertDocument({ kind: "reglement_interieur", title: "Règlement intérieur" });
    const first = doc.versions[0]!;
    const newer = await checkDocumentFile({ buffer: samplePdf("Règlement intérieur", "Article 1 — Modifié en 2026") });
    const added = await getDb().transaction((tx) =>
      addVersion(tx, doc.id, "2026-02-07", newer, { addedBy: "karim", originalName: "reglement-2026.pdf" }),
    );
    expect(added).toMatchObject({ number: 2, version: { date: "2026-02-07", addedBy: "karim" } });
    const [listed] = await listDocuments();
    expect(listed!.versions.map((v) => v.hash)).toEqual([newer.hash, first.hash]);
    expect((await fsp.readdir(dir())).sort()).toEqual([`${first.hash}.pdf`, `${newer.hash}.pdf`].sort());
    expect(await rulesInForce()).toMatchObject({ id: doc.id, hash: newer.hash, date: "2026-02-07" });
    // A document gone meanwhile gets no version.
    expect(await getDb().transaction((tx) => addVersion(tx, doc.id + 1, "2026-02-07", newer, { addedBy: "k" }))).toBe(
      null,
    );
  });

  it("serves a public document's current version with its type, name and caching; an earlier version's address leads to it", async () => {
    const doc = await insertDocument();
    const first = doc.versions[0]!;
    const current = { id: doc.id, title: doc.title, format: "pdf" as const };
    const lasting = await servePublicDocument(get(publicDocumentPath(current)), doc.id);
    expect(lasting.status).toBe(200);
    expect(Object.fromEntries(lasting.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="Statuts de l'association.pdf"; filename*=UTF-8''Statuts%20de%20l'association.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "public, no-cache",
      etag: `"${first.hash}"`,
    });
    expect(
      Buffer.from(await lasting.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const revalidated = await servePublicDocument(get("/", { "If-None-Match": `"${first.hash}"` }), doc.id);
    expect(revalidated.status).toBe(304);

    const byHash = await servePublicVersion(get("/"), doc.id, `${first.hash}.pdf`);
    expect(byHash.status).toBe(200);
    expect(byHash.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const newer = await checkDocumentFile({ buffer: samplePdf("Statuts", "Article 1 — Modifiés") });
    await getDb().transaction((tx) => addVersion(tx, doc.id, "2026-03-14", newer, { addedBy: "marie" }));
    const earlier = await servePublicVersion(get("/"), doc.id, `${first.hash}.pdf`);
    expect(earlier.status).toBe(302);
    expect(earlier.headers.get("Location")).toBe(publicDocumentPath(current));
    expect((await servePublicVersion(get("/"), doc.id, `${newer.hash}.pdf`)).status).toBe(200);
    expect(documentVersionPath(doc, newer)).toBe(`/documents/${doc.id}/version/${newer.hash}.pdf`);
    // Nothing else: another hash, another extension, another document.
    expect((await servePublicVersion(get("/"), doc.id, `${"0".repeat(32)}.pdf`)).status).toBe(404);
    expect((await servePublicVersion(get("/"), doc.id, `${newer.hash}.jpg`)).status).toBe(404);
    expect((await servePublicVersion(get("/"), doc.id, "../../etc/passwd")).status).toBe(404);
    expect((await servePublicDocument(get("/"), doc.id + 1)).status).toBe(404);
  });

  it("never serves a members-only document publicly; a member's authorised request gets it, kept private", async () => {
    const doc = await insertDocument({
      kind: "proces_verbal",
      title: "Procès-verbal de l'assemblée générale",
      visibility: "membres",
    });
    const hash = doc.versions[0]!.hash;
    expect((await servePublicDocument(get("/"), doc.id)).status).toBe(404);
    expect((await servePublicVersion(get("/"), doc.id, `${hash}.pdf`)).status).toBe(404);
    expect(await listPublicDocuments()).toEqual([]);
    const member = await serveDocumentToMember(get("/"), doc.id);
    expect(member.status).toBe(200);
    expect(member.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(member.headers.get("Content-Type")).toBe("application/pdf");
    expect(member.headers.get("Content-Disposition")).toMatch(/^attachment; /);
    expect(member.headers.get("Content-Security-Policy")).toMatch(/^sandbox; /);
    // Made public, it is listed and served; made members-only again, it is not.
    const fields = { kind: "proces_verbal", title: doc.title, date: "2026-03-14", visibility: "public" } as const;
    await getDb().transaction((tx) => updateDocument(tx, doc.id, fields));
    expect(await listPublicDocuments()).toMatchObject([{ id: doc.id, date: "2026-03-14", pages: 1 }]);
    expect((await servePublicDocument(get("/"), doc.id)).status).toBe(200);
    await getDb().transaction((tx) => updateDocument(tx, doc.id, { ...fields, visibility: "membres" }));
    expect((await servePublicDocument(get("/"), doc.id)).status).toBe(404);
  });

  it("lists the public documents by kind, the newest first; the rules in force are the public ones", async () => {
    await insertDocument({ kind: "rapport", title: "Rapport moral 2024", date: "2025-03-15" });
    await insertDocument({ kind: "rapport", title: "Rapport moral 2025", date: "2026-03-14" });
    await insertDocument({ kind: "statuts", title: "Statuts", date: "2019-06-01" });
    await insertDocument({ kind: "reglement_interieur", title: "Règlement (brouillon)", visibility: "membres" });
    expect((await listPublicDocuments()).map((d) => d.title)).toEqual([
      "Statuts",
      "Rapport moral 2025",
      "Rapport moral 2024",
    ]);
    expect(await rulesInForce()).toBeNull();
  });

  it("removes a deleted document's files once no version needs them", async () => {
    const kept = await insertDocument({ title: "Statuts" }, samplePdf("Les mêmes octets"));
    const twin = await insertDocument({ title: "Copie des statuts" }, samplePdf("Les mêmes octets"));
    const alone = await insertDocument({ title: "Autre" }, samplePdf("Autre"));
    const shared = kept.versions[0]!.hash;
    expect(twin.versions[0]!.hash).toBe(shared);
    const deleted = await getDb().transaction((tx) => deleteDocument(tx, twin.id));
    expect(deleted).toEqual({ title: "Copie des statuts", hashes: [shared] });
    expect(await removeUnusedDocumentFiles({ hashes: deleted!.hashes, graceMs: 0 })).toBe(0);
    const gone = await getDb().transaction((tx) => deleteDocument(tx, alone.id));
    // Written a moment ago (by the server's clock, which may not be the file system's): kept for the grace period,
    // then removed.
    const now = new Date();
    for (const hash of gone!.hashes) await fsp.utimes(path.join(dir(), `${hash}.pdf`), now, now);
    expect(await removeUnusedDocumentFiles({ hashes: gone!.hashes })).toBe(0);
    expect(await removeUnusedDocumentFiles({ graceMs: 0 })).toBe(1);
    expect(await fsp.readdir(dir())).toEqual([`${shared}.pdf`]);
    expect(await fsp.stat(path.join(dir(), `${shared}.pdf`))).toBeTruthy();
  });
});
