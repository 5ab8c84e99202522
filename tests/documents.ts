import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { getDb } from "~/db/client.server";
import { textPdf } from "~/modules/demo/demo.pdf.server";
import { checkDocumentFile, setDocumentsDir } from "~/modules/documents/document-files.server";
import type { DocumentFields } from "~/modules/documents/documents.schema";
import { createDocument } from "~/modules/documents/documents.server";

/** Points the documents module at an empty folder of its own for each test; returns a getter for that folder. */
export function usePrivateDocumentsDir() {
  let root: string;
  let dir: string;
  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), "potager-documents-test-"));
  });
  afterAll(async () => {
    setDocumentsDir(undefined);
    await fsp.rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(root, "documents-"));
    setDocumentsDir(dir);
  });
  return () => dir;
}

/** A small real PDF, whose text makes its bytes (and so its hash) its own. */
export const samplePdf = (title = "Statuts de l'association", ...paragraphs: string[]) =>
  textPdf({ title, paragraphs: paragraphs.length > 0 ? paragraphs : ["Article 1 — Objet", "Jardiner ensemble."] });

/** A document as the back-office adds it, with a PDF. */
export async function insertDocument(fields: Partial<DocumentFields> = {}, pdf = samplePdf(fields.title)) {
  const file = await checkDocumentFile({ buffer: pdf });
  return getDb().transaction((tx) =>
    createDocument(
      tx,
      { kind: "statuts", title: "Statuts de l'association", date: "2024-03-16", visibility: "public", ...fields },
      file,
      { addedBy: "marie", originalName: "statuts.pdf" },
    ),
  );
}
